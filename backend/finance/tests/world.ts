/* Test worlds for finance: a delivered booking, its parties, the fuel index and the price list. */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import type Booking from '#marketplace/models/booking'
import { makeUser } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import { ACCESSORIALS } from '../../../database/data/diesel_prices.js'

/** The clock of every finance test: the evening after a delivery, whole seconds. */
export const NOW = DateTime.fromISO('2026-03-04T22:00:00.000Z')
export const PICKUP_DAY = '2026-03-03'
/** Booked all-in at $1,410.00; the week in force at pickup is 41 percent. */
export const BOOKED_TOTAL = 1410
export const FSC_PCT = 41

/** Fuel weeks around the pickup day and the 0067 surcharge table, which a reset empties. */
export async function seedFinanceReferences() {
  if (await db.from('fuel_surcharge_tables').first()) return
  await db.table('fuel_surcharge_tables').insert({
    effective_date: '2025-01-01',
    base_price: 1.2,
    step: 0.06,
    created_at: '2026-01-01 00:00:00',
  })
  await db.table('fuel_indices').multiInsert([
    { index_date: '2026-02-23', diesel_price: 3.6, fsc_pct: 40 },
    { index_date: '2026-03-02', diesel_price: 3.66, fsc_pct: 41 },
  ])
  await db.table('accessorials_master').multiInsert(ACCESSORIALS)
}

export type World = {
  shipper: User
  carrierUser: User
  carrierId: number
  admin: User
  booking: Booking
}

/** A delivered booking between a shipper and an approved carrier, priced at BOOKED_TOTAL. */
export async function deliveredBooking(overrides: Partial<Booking> = {}): Promise<World> {
  await seedFinanceReferences()
  const shipper = await makeUser('shipper')
  const carrierUser = await makeUser('carrier', { isApproved: true })
  const admin = await makeUser('admin')
  const listing = await makeListing(carrierUser)
  const booking = await makeBooking(shipper, listing, {
    status: 'delivered',
    totalAmount: BOOKED_TOTAL,
    pickupDate: DateTime.fromISO(PICKUP_DAY),
    deliveryDate: DateTime.fromISO('2026-03-04'),
    deliveredAt: NOW.minus({ hours: 4 }),
    ...overrides,
  })
  return { shipper, carrierUser, carrierId: (await carrierOf(carrierUser)).id, admin, booking }
}

/** Check-in and check-out at delivery: 3 h 20 min, so 1.5 h of detention ($112.50). */
export const DELIVERY_TIMES = {
  stop: 'DELIVERY',
  arrivedAt: '2026-03-04T13:00:00.000Z',
  departedAt: '2026-03-04T16:20:00.000Z',
}

/** A fingerprint of finance's tables, to prove a refused request changed nothing. */
export async function financeRows() {
  const tables = [
    'fuel_indices',
    'fuel_surcharge_tables',
    'accessorials_master',
    'stop_times',
    'booking_accessorials',
    'advanced_invoices',
    'audits',
  ]
  const out: Record<string, unknown[]> = {}
  for (const table of tables) {
    out[table] = (await db.from(table).select('*')).map((row) => JSON.stringify(row)).sort()
  }
  return JSON.stringify(out)
}
