import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import emitter from '@adonisjs/core/services/emitter'
import { DateTime } from 'luxon'
import ShipmentEvent from '#tms/models/shipment_event'
import type { TrackedShipment } from '#marketplace/services/tracked_shipments_service'
import { Clock } from '#core/clock'
import { sqlTimestamp } from '#core/timestamps'
import AlertNotifier from '#tms/services/alert_notifier'
import PartnerProgressService from '#tms/services/partner_progress'

export type EventLocation = {
  lat: number
  lng: number
  city: string | null
  state: string | null
}

/** A milestone from any source, normalised, before it is stored. */
export type IncomingEvent = {
  /** `<source>:<the source's id>`: stored once per shipment */
  key: string
  /** PU, LINEHAUL_DEPART, IN_TRANSIT, LINEHAUL_ARRIVE, OFD, DELIVERED, EXCEPTION or OTHER */
  type: string
  /** the source's code, kept raw */
  code: string
  /** `app`, `sim`, a provider name */
  source: string
  description: string | null
  /** ISO 8601 */
  eventTime: string
  location: EventLocation | null
  raw: unknown
}

/** A stored event as the API shows it (docs/openapi.json `ShipmentEvent`). */
export type ShipmentEventView = {
  id: number
  eventType: string
  eventTime: string
  location: EventLocation | null
  code: string | null
  description: string | null
  source: string | null
}

export const label = (city: string | null, state: string | null) =>
  [city, state].filter(Boolean).join(', ') || null

export function toView(event: ShipmentEvent): ShipmentEventView {
  const hasPoint = event.latitude !== null && event.longitude !== null
  const [city, state] = (event.location ?? '').split(', ')
  return {
    id: event.id,
    eventType: event.eventType,
    eventTime: event.eventTime.toUTC().toISO()!,
    location: hasPoint
      ? { lat: event.latitude!, lng: event.longitude!, city: city || null, state: state || null }
      : null,
    code: event.code,
    description: event.description,
    source: event.source,
  }
}

/**
 * Stores a shipment's milestones, each (shipment, key) once whatever the source and however
 * often it is delivered (INSERT ... ON CONFLICT DO NOTHING on the unique key, so concurrent
 * deliveries of one event store one row), then hands the new ones to the alert rules.
 */
@inject()
export default class ShipmentEventsService {
  constructor(
    private clock: Clock,
    private alerts: AlertNotifier,
    private partnerProgress: PartnerProgressService
  ) {}

  async record(
    shipment: TrackedShipment,
    events: IncomingEvent[]
  ): Promise<{ stored: ShipmentEvent[]; duplicates: number }> {
    const client = db.connection()
    const created = sqlTimestamp(this.clock.now(), client)
    const storedIds: number[] = []
    for (const event of events) {
      const rows = await client
        .knexQuery()
        .table('shipment_events')
        .insert({
          shipment_id: shipment.id,
          event_key: event.key,
          event_type: event.type,
          event_time: sqlTimestamp(DateTime.fromISO(event.eventTime), client),
          location: event.location ? label(event.location.city, event.location.state) : null,
          latitude: event.location?.lat ?? null,
          longitude: event.location?.lng ?? null,
          source: event.source,
          code: event.code.slice(0, 40),
          description: event.description?.slice(0, 500) ?? null,
          raw: JSON.stringify(event.raw ?? null),
          created_at: created,
        })
        .onConflict(['shipment_id', 'event_key'])
        .ignore()
        .returning('id')
      const id = rows[0] === undefined ? null : Number((rows[0] as any).id ?? rows[0])
      if (id !== null) storedIds.push(id)
    }
    const stored =
      storedIds.length === 0
        ? []
        : await ShipmentEvent.query().whereIn('id', storedIds).orderBy('eventTime', 'asc')
    if (stored.some((event) => event.eventType === 'DELIVERED')) {
      // The carrier's delivery record counts the dock's own time (docs/decisions/0096).
      await emitter.emit('shipment:delivered', { bookingId: shipment.id })
    }
    if (stored.length > 0) {
      try {
        await this.alerts.notify(shipment, stored)
      } catch (error) {
        // An alert that cannot be sent must not lose the events or fail the feed.
        logger.error({ err: error, bookingId: shipment.id }, 'alert rules failed')
      }
      await this.partnerProgress.follow(shipment)
    }
    return { stored, duplicates: events.length - stored.length }
  }

  /** The shipment's events in time order (ties by arrival). */
  async timeline(shipmentId: number): Promise<ShipmentEventView[]> {
    const events = await ShipmentEvent.query()
      .where('shipmentId', shipmentId)
      .orderBy('eventTime', 'asc')
      .orderBy('id', 'asc')
    return events.map(toView)
  }
}
