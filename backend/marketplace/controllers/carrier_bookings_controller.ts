import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CarrierBookingsService from '#marketplace/services/carrier_bookings_service'
import {
  carrierBookingsQueryValidator,
  carrierStatusValidator,
} from '#marketplace/validators/carrier_booking'

/** The carrier's bookings (/carrier bookings section) and its status updater. */
@inject()
export default class CarrierBookingsController {
  constructor(private bookings: CarrierBookingsService) {}

  async index({ request, auth }: HttpContext) {
    // An empty filter (?status=) means all bookings.
    const { status } = await carrierBookingsQueryValidator.validate({
      status: request.qs().status || undefined,
    })
    return this.bookings.listForUser(auth.getUserOrFail().id, { status })
  }

  async updateStatus({ request, params, auth }: HttpContext) {
    const { status } = await request.validateUsing(carrierStatusValidator)
    return this.bookings.updateStatus(auth.getUserOrFail().id, Number(params.id), status)
  }
}
