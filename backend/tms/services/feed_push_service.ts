import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import tmsFeeds from '#plugins/tms_feeds/services/main'
import type { FeedEvent } from '#plugins/tms_feeds/main'
import TrackedShipmentsService, {
  type TrackedShipment,
} from '#marketplace/services/tracked_shipments_service'
import { Clock } from '#core/clock'
import { sqlTimestamp } from '#core/timestamps'
import ShipmentEventsService, { type IncomingEvent } from '#tms/services/shipment_events_service'

export type PushOutcome =
  | { status: 200; body: { received: number; duplicates: number } }
  | { status: 401 | 404 | 422; body: { message: string } }

const STATUS_OF_REFUSAL = { unknown_provider: 404, bad_signature: 401, stale: 401, malformed: 422 }

/** A feed event as the store takes it; the id prefix (`<source>:`) names the source. */
export function incoming(event: FeedEvent): IncomingEvent {
  return {
    key: event.id,
    type: event.type,
    code: event.code,
    source: event.id.split(':')[0],
    description: event.description,
    eventTime: event.eventTime,
    location: event.location,
    raw: event.raw,
  }
}

/**
 * Signed pushes from partners and ELDs (`POST /api/tms/feeds/:provider`): the tms_feeds
 * webhook driver checks the signature over the raw bytes and the timestamp against the app's
 * clock and parses the events; each one is kept raw in partner_events and as a milestone in
 * shipment_events, both once per (booking, event id).
 */
@inject()
export default class FeedPushService {
  constructor(
    private clock: Clock,
    private shipments: TrackedShipmentsService,
    private events: ShipmentEventsService
  ) {}

  async receive(
    provider: string,
    headers: Record<string, string | string[] | undefined>,
    rawBody: string
  ): Promise<PushOutcome> {
    const parsed = await tmsFeeds.parsePush({
      provider,
      headers,
      rawBody,
      now: this.clock.now().toJSDate(),
    })
    if (!parsed.ok) {
      return {
        status: STATUS_OF_REFUSAL[parsed.reason],
        body: { message: parsed.message },
      } as PushOutcome
    }
    const shipment = await this.shipments.findByPartnerRef(parsed.shipmentRef)
    if (!shipment) {
      return { status: 422, body: { message: `No shipment "${parsed.shipmentRef}"` } }
    }
    await this.keepRaw(shipment, provider, parsed.shipmentRef, parsed.events)
    const { duplicates } = await this.events.record(shipment, parsed.events.map(incoming))
    return { status: 200, body: { received: parsed.events.length, duplicates } }
  }

  /** Each pushed event as it came, with the shipment it was pushed for. */
  private async keepRaw(
    shipment: TrackedShipment,
    provider: string,
    shipmentRef: string,
    events: FeedEvent[]
  ) {
    const client = db.connection()
    const created = sqlTimestamp(this.clock.now(), client)
    for (const event of events) {
      await client
        .knexQuery()
        .table('partner_events')
        .insert({
          booking_id: shipment.id,
          provider,
          event_key: event.id,
          event_code: event.code.slice(0, 40),
          event_desc: event.description?.slice(0, 500) ?? null,
          event_time: sqlTimestamp(DateTime.fromISO(event.eventTime), client),
          raw: JSON.stringify({ shipment: shipmentRef, event: event.raw }),
          created_at: created,
        })
        .onConflict(['booking_id', 'event_key'])
        .ignore()
    }
  }
}
