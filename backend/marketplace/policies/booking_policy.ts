import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import Booking from '#marketplace/models/booking'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { BOOKING_NOT_FOUND } from '#marketplace/services/booking_service'

type Parties = Pick<Booking, 'shipperId' | 'carrierId' | 'driverUserId'>

/**
 * Who may do what with a booking: its shipper reads, completes and cancels it; the carrier
 * company it is booked with reads it and moves its status (a driver member only a booking
 * assigned to them, docs/decisions/0237); an admin reads its history. Anyone else gets the 404
 * a missing booking gets. (Paying is PaymentPolicy's, in payments.)
 */
@inject()
export default class BookingPolicy extends BasePolicy {
  constructor(private carriers: CarrierProfileService) {
    super()
  }

  /** GET /api/bookings/:id and its rate confirmation: its shipper or its carrier. */
  async view(user: Actor, target: RouteTarget) {
    const booking = await this.booking(target)
    const party =
      booking !== null &&
      (this.isShipperOf(user, booking) || (await this.isCarrierOf(user, booking)))
    return this.allowedOr404(party, BOOKING_NOT_FOUND)
  }

  /** GET /api/bookings/:id/history: its shipper, its carrier, or an admin. */
  async viewHistory(user: Actor, target: RouteTarget) {
    if (this.isAdmin(user))
      return this.allowedOr404((await this.booking(target)) !== null, BOOKING_NOT_FOUND)
    return this.view(user, target)
  }

  /**
   * POST /api/booking/:id/complete, /api/bookings/:id/cancel, GET /api/bookings/:id/cancellation:
   * its shipper. A carrier does not cancel in the app (docs/decisions/0178).
   */
  async manageAsShipper(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const booking = await this.booking(target)
    return this.allowedOr404(booking !== null && this.isShipperOf(user, booking), BOOKING_NOT_FOUND)
  }

  /**
   * PUT /api/bookings/:id/status, POST /api/bookings/:id/rate-confirmation/accept: the carrier
   * company the booking is with.
   */
  async manageAsCarrier(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const booking = await this.booking(target)
    return this.allowedOr404(
      booking !== null && (await this.isCarrierOf(user, booking)),
      BOOKING_NOT_FOUND
    )
  }

  private async booking(target: RouteTarget): Promise<Parties | null> {
    const id = this.idOf(target.params, 'id')
    if (id === null) return null
    return Booking.query()
      .where('id', id)
      .select('id', 'shipperId', 'carrierId', 'driverUserId')
      .first()
  }

  private isShipperOf(user: Actor, booking: Parties) {
    return this.isShipper(user) && this.owns(booking.shipperId, user.id)
  }

  private async isCarrierOf(user: Actor, booking: Parties) {
    if (!this.isApprovedCarrier(user) || booking.carrierId === null) return false
    // A driver member reaches only the bookings assigned to them (docs/decisions/0237).
    return (
      this.owns(booking.carrierId, await this.carriers.findCarrierId(user.id)) &&
      (await this.reachesAsDriver(user, () => booking.driverUserId))
    )
  }
}
