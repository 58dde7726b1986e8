import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import AdvancedInvoiceService from '#finance/services/advanced_invoice_service'
import CargoClaimService from '#payments/services/cargo_claim_service'
import {
  ADMIN_NEEDS_DISPUTE,
  ADMIN_NEEDS_DISPUTE_OR_CLAIM,
  BOOKING_NOT_FOUND,
} from '#messages/message_rules'

/**
 * Who may use a booking's thread (docs/decisions/0230, 0231): its shipper and the approved
 * carrier company it is booked with write and read; an admin reads (never writes) only while
 * a dispute or a cargo claim names the booking. Anyone else's booking is the 404 a missing one gets. Whether the
 * thread is open (the booking paid) is the service's 409, after this.
 */
@inject()
export default class MessagePolicy extends BasePolicy {
  constructor(
    private bookings: BookingFactsService,
    private carriers: CarrierProfileService,
    private invoices: AdvancedInvoiceService,
    private claims: CargoClaimService
  ) {
    super()
  }

  /** GET /api/bookings/:id/messages and a message's attachment: the parties, or an admin. */
  async read(user: Actor, target: RouteTarget) {
    if (this.isAdmin(user)) return this.adminWhileNamed(target, ADMIN_NEEDS_DISPUTE)
    return this.write(user, target)
  }

  /**
   * GET /api/bookings/:id/bundle (docs/decisions/0250): the booking's parties (a driver member
   * only for a booking assigned to them), or an admin while a disputed invoice or a claim names
   * the booking. Whether it is paid yet is the service's 404, after this.
   */
  async bundle(user: Actor, target: RouteTarget) {
    if (this.isAdmin(user)) return this.adminWhileNamed(target, ADMIN_NEEDS_DISPUTE_OR_CLAIM)
    return this.write(user, target)
  }

  /**
   * An admin reaches a booking's thread or bundle only while a disputed invoice or a cargo
   * claim names the booking (decisions 0231, 0250); `refusal` says which it was asked for.
   */
  private async adminWhileNamed(target: RouteTarget, refusal: string) {
    const id = this.idOf(target.params, 'id')
    const booking = id === null ? null : await this.bookings.threadFacts(id)
    if (booking === null) return this.notFound(BOOKING_NOT_FOUND)
    if ((await this.invoices.disputesNaming(booking.id)).length > 0) return true
    return (await this.claims.claimNaming(booking.id)) ? true : this.forbidden(refusal)
  }

  /** Sending, editing, read receipts: the booking's two parties only. */
  async write(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user) && !this.isApprovedCarrier(user)) return this.forbidden()
    const id = this.idOf(target.params, 'id')
    const booking = id === null ? null : await this.bookings.threadFacts(id)
    if (booking === null) return this.notFound(BOOKING_NOT_FOUND)
    if (this.isShipper(user)) {
      return this.allowedOr404(this.owns(booking.shipperId, user.id), BOOKING_NOT_FOUND)
    }
    const carrierId = await this.carriers.findCarrierId(user.id)
    // A driver member: only a booking assigned to them (docs/decisions/0237).
    return this.allowedOr404(
      this.owns(booking.carrierId, carrierId) &&
        (await this.reachesAsDriver(user, () => this.bookings.assignedDriver(booking.id))),
      BOOKING_NOT_FOUND
    )
  }
}
