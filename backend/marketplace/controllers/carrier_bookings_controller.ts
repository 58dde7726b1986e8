import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CarrierBookingsService from '#marketplace/services/carrier_bookings_service'
import BookingDriverService from '#marketplace/services/booking_driver_service'
import { assignDriverValidator } from '#accounts/validators/company'
import { signedInPersonId } from '#accounts/services/signed_in_person'
import { drivingAs, withoutMoneyFor } from '#accounts/services/driver_members'
import {
  carrierBookingsQueryValidator,
  carrierStatusValidator,
} from '#marketplace/validators/carrier_booking'

/** What a driver member is not sent of a carrier's booking (docs/decisions/0246). */
export const CARRIER_BOOKING_MONEY = [
  'ratePerMilePerPallet',
  'totalAmount',
  'payoutStatus',
  'cancellationFeeCents',
  'cancellationFeeShareCents',
] as const

/** The carrier's bookings (/carrier bookings section) and its status updater. */
@inject()
export default class CarrierBookingsController {
  constructor(
    private bookings: CarrierBookingsService,
    private assignments: BookingDriverService
  ) {}

  async index({ request, auth }: HttpContext) {
    // An empty filter (?status=) means all bookings.
    const { status } = await carrierBookingsQueryValidator.validate({
      status: request.qs().status || undefined,
    })
    const user = auth.getUserOrFail()
    // A driver member lists only the bookings assigned to them (docs/decisions/0237).
    const bookings = await this.bookings.listForUser(user.id, {
      status,
      driverUserId: drivingAs(user),
    })
    // ... and is sent no money (docs/decisions/0246).
    return bookings.map((b) => withoutMoneyFor(user, b, CARRIER_BOOKING_MONEY))
  }

  /** PUT /api/bookings/:id/driver: one of the company's drivers, or null (decision 0237). */
  async assignDriver({ request, params, auth }: HttpContext) {
    const { memberId } = await request.validateUsing(assignDriverValidator)
    return this.assignments.assign(
      Number(params.id),
      auth.getUserOrFail().id,
      memberId,
      signedInPersonId(auth)
    )
  }

  async updateStatus({ request, params, auth }: HttpContext) {
    const { status } = await request.validateUsing(carrierStatusValidator)
    const user = auth.getUserOrFail()
    // The member who acted is recorded beside the company (docs/decisions/0223).
    return this.bookings.updateStatus(user.id, Number(params.id), status, user.member?.userId)
  }
}
