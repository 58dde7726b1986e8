import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import tmsFeeds from '#plugins/tms_feeds/services/main'
import partnerCarriers from '#plugins/partner_carriers/services/main'
import { fromPartnerMilestone, type FeedEvent, type FeedShipment } from '#plugins/tms_feeds/main'
import TrackedShipmentsService, {
  type TrackedShipment,
} from '#marketplace/services/tracked_shipments_service'
import { Clock } from '#core/clock'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import ShipmentEventsService from '#tms/services/shipment_events_service'
import { incoming } from '#tms/services/feed_push_service'

export type SimulationReport = {
  shipments: number
  stored: number
  duplicates: number
  failed: { bookingId: number; message: string }[]
}

/** A pickup at 08:00 business time on the pickup day when there is no partner window. */
const PICKUP_HOUR = 8

/** What the simulator needs of a booking; null when it cannot be followed (no coordinates). */
export function feedShipmentOf(shipment: TrackedShipment): FeedShipment | null {
  const { origin, destination } = shipment
  if (origin.lat === null || origin.lng === null || destination.lat === null) return null
  if (destination.lng === null || !shipment.distanceMiles) return null
  const pickupAt =
    shipment.pickupWindowStart ??
    (shipment.pickupDate
      ? DateTime.fromISO(shipment.pickupDate, { zone: BUSINESS_TIME_ZONE }).set({
          hour: PICKUP_HOUR,
        })
      : shipment.createdAt)
  return {
    id: String(shipment.id),
    origin: { lat: origin.lat, lng: origin.lng, city: origin.city, state: origin.state },
    destination: {
      lat: destination.lat,
      lng: destination.lng,
      city: destination.city,
      state: destination.state,
    },
    pickupAt: pickupAt.toUTC().toISO()!,
    distanceMiles: shipment.distanceMiles,
    mode: 'LTL',
  }
}

/**
 * `tms:simulate`: the events of moving shipments up to the clock's now, stored once each.
 * A partner booking asks its partner carrier driver (`track`); when the partner does not know
 * the shipment (the demo partner's memory is per process) or the booking is the app's own
 * (with `includeInternal`), the tms_feeds generator (the simulator) computes them.
 */
@inject()
export default class TrackingSimulationService {
  constructor(
    private clock: Clock,
    private shipments: TrackedShipmentsService,
    private events: ShipmentEventsService
  ) {}

  async run(options: { includeInternal?: boolean } = {}): Promise<SimulationReport> {
    const report: SimulationReport = { shipments: 0, stored: 0, duplicates: 0, failed: [] }
    const now = this.clock.now().toJSDate()
    for (const shipment of await this.shipments.moving(options)) {
      report.shipments += 1
      try {
        const events = await this.eventsOf(shipment, now)
        if (!events.ok) {
          report.failed.push({ bookingId: shipment.id, message: events.message })
          continue
        }
        const { stored, duplicates } = await this.events.record(
          shipment,
          events.events.map(incoming)
        )
        report.stored += stored.length
        report.duplicates += duplicates
      } catch (error) {
        logger.error({ err: error, bookingId: shipment.id }, 'tracking simulation failed')
        report.failed.push({ bookingId: shipment.id, message: (error as Error).message })
      }
    }
    return report
  }

  private async eventsOf(
    shipment: TrackedShipment,
    now: Date
  ): Promise<{ ok: true; events: FeedEvent[] } | { ok: false; message: string }> {
    if (shipment.provider !== 'internal' && shipment.partnerShipmentId) {
      const partner = await partnerCarriers.use(shipment.provider).catch(() => null)
      if (partner) {
        const tracking = await partner.track(shipment.partnerShipmentId, now)
        if (tracking.ok) {
          return {
            ok: true,
            events: tracking.events.map((m) => fromPartnerMilestone(shipment.provider, m)),
          }
        }
        if (tracking.code !== 'not_found') return { ok: false, message: tracking.message }
      }
    }
    const feedShipment = feedShipmentOf(shipment)
    if (!feedShipment) return { ok: false, message: 'The booking has no route to follow' }
    const generated = await tmsFeeds.generate(feedShipment, now)
    return generated.ok ? { ok: true, events: generated.events } : generated
  }
}
