import { inject } from '@adonisjs/core'
import type { BookingStatus } from '#marketplace/booking_status'
import BookingStatusService from '#marketplace/services/booking_status_service'
import type { TrackedShipment } from '#marketplace/services/tracked_shipments_service'
import { ConflictException } from '#core/exceptions/http_errors'
import ShipmentEvent from '#tms/models/shipment_event'
import partnerCarriers from '#plugins/partner_carriers/services/main'

/** Milestones that say the freight is moving. */
const MOVING = new Set(['PU', 'LINEHAUL_DEPART', 'IN_TRANSIT', 'LINEHAUL_ARRIVE', 'OFD'])

type Milestone = { eventType: string; eventTime: { toMillis(): number } }

/**
 * The statuses a partner booking goes through, in order, to match what its carrier reported
 * (docs/decisions/0110): a delivery makes it delivered (through in transit when it was never
 * picked up in the app's eyes); otherwise the latest report in time decides, an exception
 * delayed and a movement in transit. Unpaid, cancelled and delivered bookings do not move, and
 * reports of other kinds (OTHER, unknown codes) change nothing.
 */
export function partnerStatusSteps(current: BookingStatus, events: Milestone[]): BookingStatus[] {
  if (current === 'pending' || current === 'cancelled' || current === 'delivered') return []
  const notPickedUp = current === 'booked' || current === 'confirmed'
  if (events.some((e) => e.eventType === 'DELIVERED')) {
    return notPickedUp ? ['in_transit', 'delivered'] : ['delivered']
  }
  const latest = [...events]
    .filter((e) => MOVING.has(e.eventType) || e.eventType === 'EXCEPTION')
    .sort((a, b) => a.eventTime.toMillis() - b.eventTime.toMillis())
    .at(-1)
  if (!latest) return []
  const target: BookingStatus = latest.eventType === 'EXCEPTION' ? 'delayed' : 'in_transit'
  return target === current ? [] : [target]
}

/**
 * Moves a partner booking's status along its carrier's reports, through marketplace's status
 * machine as the `partner` actor, so delivery issues the invoice and lets the shipper complete
 * it like any other booking. The network's own bookings are moved by their carriers in the app.
 */
@inject()
export default class PartnerProgressService {
  constructor(private statuses: BookingStatusService) {}

  async follow(shipment: TrackedShipment): Promise<BookingStatus[]> {
    if (shipment.provider === 'internal') return []
    const events = await ShipmentEvent.query()
      .where('shipmentId', shipment.id)
      .select('eventType', 'eventTime', 'code', 'source')
    const steps = partnerStatusSteps(shipment.status, events)
    if (steps.length === 0) return []
    const note = `Reported by ${await this.reporterOf(shipment)}`
    const applied: BookingStatus[] = []
    for (const to of steps) {
      try {
        await this.statuses.change(shipment.id, to, { userId: null, role: 'partner' }, { note })
        applied.push(to)
      } catch (error) {
        // Another push moved it meanwhile: its own follow-up applies the rest.
        if (error instanceof ConflictException) break
        throw error
      }
    }
    return applied
  }

  /**
   * Who reported, by name (docs/decisions/0181): the carrier the shipper booked, else the
   * partner driver's display name; never the driver's key.
   */
  private async reporterOf(shipment: TrackedShipment): Promise<string> {
    if (shipment.partnerCarrier) return shipment.partnerCarrier
    const driver = await partnerCarriers.use(shipment.provider).catch(() => null)
    return driver?.displayName ?? 'the partner carrier'
  }
}
