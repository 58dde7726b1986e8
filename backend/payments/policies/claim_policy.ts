import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import BookingService, { BOOKING_NOT_FOUND } from '#marketplace/services/booking_service'
import CargoClaimService, { CLAIM_NOT_FOUND } from '#payments/services/cargo_claim_service'

/**
 * Cargo claims (docs/decisions/0233): a booking's shipper files on it; a claim is read by its
 * shipper and the carrier company it is against; the carrier answers, the shipper accepts or
 * escalates, an admin decides. Anyone else's claim or booking is the 404 a missing one gets; a
 * wrong role is a 403.
 */
@inject()
export default class ClaimPolicy extends BasePolicy {
  constructor(
    private bookings: BookingService,
    private claims: CargoClaimService,
    private carriers: CarrierProfileService
  ) {
    super()
  }

  /** POST /api/bookings/:id/claims: the booking's shipper. */
  async file(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const bookingId = this.bookingIdOf(target.params, 'id')
    const shipperId = bookingId === null ? null : await this.bookings.shipperOf(bookingId)
    return this.allowedOr404(this.owns(shipperId, user.id), BOOKING_NOT_FOUND)
  }

  /** GET /api/claims/:id: its shipper or its carrier. */
  async view(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user) && !this.isApprovedCarrier(user)) return this.forbidden()
    const parties = await this.parties(target)
    const party =
      parties !== null &&
      (this.isShipper(user)
        ? this.owns(parties.shipperId, user.id)
        : this.owns(parties.carrierId, await this.carriers.findCarrierId(user.id)))
    return this.allowedOr404(party, CLAIM_NOT_FOUND)
  }

  /** POST /api/claims/:id/files: either party, as for reading it (decision 0245). */
  async attachEvidence(user: Actor, target: RouteTarget) {
    return this.view(user, target)
  }

  /** GET /api/claims/:id/files/:fileId: either party, or any admin (who decides escalations). */
  async viewEvidence(user: Actor, target: RouteTarget) {
    if (this.isAdmin(user)) {
      return this.allowedOr404((await this.parties(target)) !== null, CLAIM_NOT_FOUND)
    }
    return this.view(user, target)
  }

  /** POST /api/claims/:id/response: the carrier company the claim is against. */
  async respond(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const parties = await this.parties(target)
    return this.allowedOr404(
      parties !== null && this.owns(parties.carrierId, await this.carriers.findCarrierId(user.id)),
      CLAIM_NOT_FOUND
    )
  }

  /** POST /api/claims/:id/accept and /escalate: the claim's shipper. */
  async manageAsShipper(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const parties = await this.parties(target)
    return this.allowedOr404(
      parties !== null && this.owns(parties.shipperId, user.id),
      CLAIM_NOT_FOUND
    )
  }

  /** GET /api/admin/claims?carrierId=: any admin, any carrier's claims. */
  async listAll(user: Actor) {
    return this.isAdmin(user) ? true : this.forbidden()
  }

  /** POST /api/admin/claims/:id/decision: any admin, on a claim that exists. */
  async decide(user: Actor, target: RouteTarget) {
    if (!this.isAdmin(user)) return this.forbidden()
    return this.allowedOr404((await this.parties(target)) !== null, CLAIM_NOT_FOUND)
  }

  private async parties(target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    return id === null ? null : this.claims.partiesOf(id)
  }
}
