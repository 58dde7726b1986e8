/*
 * What the router walks share (route_authorization, null_owner_policies): the records a user
 * owns on their own (a notification, a saved lane, a saved search, a load template), and which
 * record an `:id` in a route's pattern stands for. Each walk builds its own world and passes
 * its records' ids; a pattern the table does not know is null, and the walk fails on it.
 */
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import NotificationService from '#notifications/services/notification_service'
import { placeColumns, statePlace, zip3Place } from '#alerts/lane_rules'
import { businessDayFromToday } from '#tests/helpers'

const insertedId = (row: unknown) => Number((row as { id?: unknown })?.id ?? row)

/**
 * A notification of the shipper's (decision 0241), a saved lane of the carrier's and a saved
 * search of the shipper's (decision 0239), and a load template of the shipper's (decision 0248).
 */
export async function ownedRecords(shipperId: number, carrierId: number) {
  const notification = (await (
    await app.container.make(NotificationService)
  ).notify(shipperId, {
    kind: 'booking',
    title: 'Walker notification',
    body: 'Booking is waiting for payment.',
    link: '/shipper#bookings',
  }))!
  const stamp = DateTime.now().toFormat(db.connection().dialect.dateTimeFormat)
  const savedRow = (owner: number) => ({
    owner_user_id: owner,
    ...placeColumns('origin', zip3Place('606')),
    ...placeColumns('dest', statePlace('MI')),
    equipment_key: 'ANY',
    email: true,
    created_at: stamp,
    updated_at: stamp,
  })
  const [savedLane] = await db.table('saved_lanes').insert(savedRow(carrierId)).returning('id')
  const [savedSearch] = await db
    .table('saved_searches')
    .insert({
      ...savedRow(shipperId),
      pallets: 4,
      date_from: businessDayFromToday(0),
      date_to: businessDayFromToday(7),
    })
    .returning('id')
  const [template] = await db
    .table('load_templates')
    .insert({
      owner_user_id: shipperId,
      name: 'Walker template',
      form: JSON.stringify({ origin: { postal: '60601' }, destination: { postal: '48201' } }),
      created_at: stamp,
      updated_at: stamp,
    })
    .returning('id')
  return {
    notification: notification.id,
    savedLane: insertedId(savedLane),
    savedSearch: insertedId(savedSearch),
    loadTemplate: insertedId(template),
  }
}

/** The records an `:id` may stand for, by name; the walk's world supplies each one's id. */
export type IdRecords = Record<
  | 'member'
  | 'savedLane'
  | 'savedSearch'
  | 'loadTemplate'
  | 'companyInvite'
  | 'claim'
  | 'freightListing'
  | 'truck'
  | 'listing'
  | 'token'
  | 'booking'
  | 'alertRule'
  | 'notification'
  | 'quote'
  | 'document'
  | 'review'
  | 'invoice'
  | 'move'
  | 'appointment'
  | 'terminal'
  | 'expeditedJob',
  number | null
>

/** Which record a route's `:id` stands for, by the route's pattern; the first match wins. */
const ID_TABLE: [RegExp, keyof IdRecords][] = [
  [/^\/api\/company\/members\//, 'member'],
  [/^\/api\/saved-lanes\//, 'savedLane'],
  [/^\/api\/saved-searches\//, 'savedSearch'],
  [/^\/api\/load-templates\//, 'loadTemplate'],
  [/^\/api\/company\/invites\//, 'companyInvite'],
  [/^\/api\/(admin\/)?claims\//, 'claim'],
  [/^\/api\/(shipper\/)?freight-listings\//, 'freightListing'],
  [/^\/api\/trucks\//, 'truck'],
  [/^\/api\/listings\//, 'listing'],
  [/^\/api\/account\/tokens\//, 'token'],
  [/^\/api\/tms\/shipments\//, 'booking'],
  [/^\/api\/tms\/alert-rules\//, 'alertRule'],
  [/^\/api\/notifications\//, 'notification'],
  [/^\/api\/tms\/quotes\//, 'quote'],
  [/^\/api\/tms\/documents\//, 'document'],
  [/^\/api\/admin\/reviews\//, 'review'],
  [/^\/api\/(admin\/finance\/invoices|advanced-invoices)\//, 'invoice'],
  [/^\/api\/admin\/finance\/bookings\//, 'booking'],
  [/^\/api\/carrier\/bookings\//, 'booking'],
  [/^\/api\/(admin\/)?bookings?\//, 'booking'],
  [/^\/api\/drayage\/moves\//, 'move'],
  [/^\/api\/drayage\/appointments\//, 'appointment'],
  [/^\/api\/admin\/terminals\//, 'terminal'],
  [/^\/api\/expedited-jobs\//, 'expeditedJob'],
]

/** The id a route's `:id` stands for in this world, or null when the table does not know. */
export function idFor(pattern: string, records: IdRecords): number | null {
  const found = ID_TABLE.find(([matcher]) => matcher.test(pattern))
  return found ? records[found[1]] : null
}
