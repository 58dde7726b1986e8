import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import Booking from '#marketplace/models/booking'
import CarrierProfileService from '#fleet/services/carrier_profile_service'

const NOT_FOUND = 'Booking not found'

/**
 * Who may do what with a booking: its shipper reads, pays, completes and cancels it; the
 * carrier company it is booked with reads it and moves its status; an admin reads its history.
 * Anyone else gets the 404 a missing booking gets.
 */
@inject()
export default class BookingPolicy extends BasePolicy {
  constructor(private carriers: CarrierProfileService) {
    super()
  }

  /** GET /api/bookings/:id: its shipper or its carrier. */
  async view(user: Actor, target: RouteTarget) {
    const booking = await this.booking(target.params)
    return booking &&
      ((await this.isShipperOf(user, booking)) || (await this.isCarrierOf(user, booking)))
      ? true
      : this.notFound(NOT_FOUND)
  }

  /** GET /api/bookings/:id/history: its shipper, its carrier, or an admin. */
  async viewHistory(user: Actor, target: RouteTarget) {
    const booking = await this.booking(target.params)
    if (booking && this.isAdmin(user)) return true
    return this.view(user, target)
  }

  /** Complete, cancel: the booking's shipper only. */
  async manageAsShipper(user: Actor, target: RouteTarget) {
    const booking = await this.booking(target.params)
    return booking && (await this.isShipperOf(user, booking)) ? true : this.notFound(NOT_FOUND)
  }

  /** Status updates: the carrier company the booking is with. */
  async manageAsCarrier(user: Actor, target: RouteTarget) {
    const booking = await this.booking(target.params)
    return booking && (await this.isCarrierOf(user, booking)) ? true : this.notFound(NOT_FOUND)
  }

  /**
   * Paying (POST /api/create-payment-intent, `bookingId` in the body): the booking's shipper.
   * A malformed id passes here and is refused by the route's validator.
   */
  async pay(user: Actor, target: RouteTarget) {
    if (this.idOf(target.body, 'bookingId') === null) return true
    const booking = await this.booking(target.body, 'bookingId')
    return booking && (await this.isShipperOf(user, booking)) ? true : this.notFound(NOT_FOUND)
  }

  private async booking(source: Record<string, unknown>, name = 'id') {
    const id = this.idOf(source, name)
    if (id === null) return null
    return Booking.query().where('id', id).select('id', 'shipperId', 'carrierId').first()
  }

  private async isShipperOf(user: Actor, booking: Booking) {
    return this.isShipper(user) && booking.shipperId === user.id
  }

  private async isCarrierOf(user: Actor, booking: Booking) {
    if (!this.isApprovedCarrier(user) || booking.carrierId === null) return false
    return (await this.carriers.findCarrierId(user.id)) === booking.carrierId
  }
}
