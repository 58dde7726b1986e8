import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import Document from '#tms/models/document'
import BookingDocumentsService from '#marketplace/services/booking_documents_service'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import { hidesMoney } from '#accounts/services/driver_members'
import { MONEY_DOCUMENTS } from '#tms/services/document_hub_service'

export const DOCUMENT_NOT_FOUND = 'Document not found'
export const SHIPMENT_NOT_FOUND = 'Shipment not found'

/**
 * A booking's documents belong to its parties: its shipper, the carrier company it is booked
 * with, and admins download them; only that carrier uploads to it. Anyone else gets the 404 a
 * missing record gets.
 */
@inject()
export default class DocumentPolicy extends BasePolicy {
  constructor(
    private bookings: BookingDocumentsService,
    private carriers: CarrierProfileService,
    private facts: BookingFactsService
  ) {
    super()
  }

  /** GET /api/tms/documents/:id/download */
  async download(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    const doc = id === null ? null : await Document.find(id)
    if (!doc) return this.notFound(DOCUMENT_NOT_FOUND)
    if (this.isAdmin(user)) return this.allowedOr404(true, DOCUMENT_NOT_FOUND)
    // A driver member is served no document that states money (docs/decisions/0246).
    if (hidesMoney(user) && (MONEY_DOCUMENTS as readonly string[]).includes(doc.type)) {
      return this.notFound(DOCUMENT_NOT_FOUND)
    }
    return this.allowedOr404(await this.isParty(user, doc.bookingId), DOCUMENT_NOT_FOUND)
  }

  /** POST /api/tms/shipments/:id/documents: the booking's carrier. */
  async upload(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const id = this.idOf(target.params, 'id')
    const parties = id === null ? null : await this.bookings.parties(id)
    const carrierId = await this.carriers.findCarrierId(user.id)
    return this.allowedOr404(
      parties !== null &&
        this.owns(parties.carrierId, carrierId) &&
        (await this.reachesAsDriver(user, () => this.facts.assignedDriver(parties.id))),
      SHIPMENT_NOT_FOUND
    )
  }

  private async isParty(user: Actor, bookingId: number) {
    const parties = await this.bookings.parties(bookingId)
    if (!parties) return false
    if (this.isShipper(user)) return this.owns(parties.shipperId, user.id)
    if (this.isApprovedCarrier(user)) {
      // a driver member: only a booking assigned to them (docs/decisions/0237)
      return (
        this.owns(parties.carrierId, await this.carriers.findCarrierId(user.id)) &&
        (await this.reachesAsDriver(user, () => this.facts.assignedDriver(bookingId)))
      )
    }
    return false
  }
}
