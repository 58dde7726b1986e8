import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import BookingFactsService from '#marketplace/services/booking_facts_service'
import { BOOKING_NOT_FOUND } from '#reviews/services/review_service'

/**
 * Who may read and write a booking's reviews: its shipper (their side: the carrier) and the
 * approved carrier company it is booked with (theirs: the shipper). Anyone else gets the 404 a
 * missing booking gets. Admins moderate through their own routes (`moderate`).
 */
@inject()
export default class ReviewPolicy extends BasePolicy {
  constructor(
    private bookings: BookingFactsService,
    private carriers: CarrierProfileService
  ) {
    super()
  }

  /** GET, POST /api/bookings/:id/reviews and PUT /api/bookings/:id/reviews/mine */
  async reviewBooking(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user) && !this.isApprovedCarrier(user)) return this.forbidden()
    const id = this.idOf(target.params, 'id')
    const booking = id === null ? null : await this.bookings.parties(id)
    if (booking === null) return this.notFound(BOOKING_NOT_FOUND)
    if (this.isShipper(user))
      return this.allowedOr404(this.owns(booking.shipperId, user.id), BOOKING_NOT_FOUND)
    const carrierId = await this.carriers.findCarrierId(user.id)
    // A driver member: only a booking assigned to them (docs/decisions/0237).
    return this.allowedOr404(
      this.owns(booking.carrierId, carrierId) &&
        (await this.reachesAsDriver(user, () => this.bookings.assignedDriver(booking.id))),
      BOOKING_NOT_FOUND
    )
  }

  /** /api/admin/reviews/:id/*: admins only, whatever the id. */
  moderate(user: Actor) {
    return this.isAdmin(user) ? true : this.forbidden()
  }
}
