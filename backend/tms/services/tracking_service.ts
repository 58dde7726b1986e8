import { inject } from '@adonisjs/core'
import TrackedShipmentsService, {
  type ShipmentStop,
} from '#marketplace/services/tracked_shipments_service'
import type { BookingStatusChanged } from '#marketplace/events'
import { NotFoundException } from '#core/exceptions/http_errors'
import ShipmentEventsService, {
  type EventLocation,
  type ShipmentEventView,
} from '#tms/services/shipment_events_service'
import { estimatedArrival } from '#tms/services/alert_notifier'
import { milestonesOfStatusChange } from '#tms/services/status_milestones'
import Document from '#tms/models/document'
import { downloadUrl } from '#tms/services/document_service'

export const SHIPMENT_NOT_FOUND = 'Shipment not found'

/** The route and where the freight was reported, for the tracking tab's map. */
export type ShipmentView = {
  id: number
  reference: string
  status: string
  provider: string
  origin: ShipmentStop
  destination: ShipmentStop
  /** ISO 8601: the end of the promised delivery day (business time), or null */
  estimatedArrival: string | null
  /** every located event, oldest first: the line the map draws */
  positions: (EventLocation & { eventType: string; eventTime: string })[]
  /** the BOL's download, once there is one (docs/api.md's names since decision 0084) */
  bol_url: string | null
  /** the invoice PDF's download, once the shipment is delivered and invoiced */
  invoice_url: string | null
}

/**
 * A shipment's milestones as its parties see them (the route's ShipmentPolicy has decided who
 * may), and the milestones a status change in the app stands for.
 */
@inject()
export default class TrackingService {
  constructor(
    private shipments: TrackedShipmentsService,
    private events: ShipmentEventsService
  ) {}

  /** GET /api/tms/shipments/:id/events: `id` a booking id or its TRT- reference. */
  async timeline(idOrReference: string): Promise<ShipmentEventView[]> {
    const shipment = await this.shipments.find(idOrReference)
    if (!shipment) throw new NotFoundException(SHIPMENT_NOT_FOUND)
    return this.events.timeline(shipment.id)
  }

  /** GET /api/tms/shipments/:id */
  async shipment(idOrReference: string): Promise<ShipmentView> {
    const shipment = await this.shipments.find(idOrReference)
    if (!shipment) throw new NotFoundException(SHIPMENT_NOT_FOUND)
    const events = await this.events.timeline(shipment.id)
    return {
      id: shipment.id,
      reference: shipment.reference,
      status: shipment.status,
      provider: shipment.provider,
      origin: shipment.origin,
      destination: shipment.destination,
      estimatedArrival: estimatedArrival(shipment)?.toUTC().toISO() ?? null,
      positions: events
        .filter((e) => e.location !== null)
        .map((e) => ({ ...e.location!, eventType: e.eventType, eventTime: e.eventTime })),
      ...(await this.documentUrls(shipment.id)),
    }
  }

  /** The newest BOL and invoice in the documents index, as download URLs. */
  private async documentUrls(bookingId: number) {
    const docs = await Document.query()
      .where('bookingId', bookingId)
      .whereIn('type', ['BOL', 'INVOICE'])
      .orderBy('id', 'desc')
      .select('id', 'type')
    const newest = (type: string) => docs.find((doc) => doc.type === type)
    const urlOf = (type: string) => {
      const doc = newest(type)
      return doc ? downloadUrl(doc.id) : null
    }
    return { bol_url: urlOf('BOL'), invoice_url: urlOf('INVOICE') }
  }

  /** The milestones of a carrier's status change in the app (listener of booking:status_changed). */
  async recordStatusChange(change: BookingStatusChanged) {
    const shipment = await this.shipments.find(change.bookingId)
    // A partner booking's milestones come from its partner (the status followed them).
    if (!shipment || shipment.provider !== 'internal') return
    const milestones = milestonesOfStatusChange(change, shipment)
    if (milestones.length > 0) await this.events.record(shipment, milestones)
  }
}
