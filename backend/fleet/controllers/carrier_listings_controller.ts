import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CarrierListingService from '#fleet/services/carrier_listing_service'
import {
  createListingValidator,
  listingStatusValidator,
  listingsQueryValidator,
} from '#fleet/validators/listing'

/** The signed-in carrier's capacity listings (/carrier#listings). */
@inject()
export default class CarrierListingsController {
  constructor(private listings: CarrierListingService) {}

  async index({ request, auth }: HttpContext) {
    // An empty filter (?status=) means all listings.
    const { status } = await listingsQueryValidator.validate({
      status: request.qs().status || undefined,
    })
    return this.listings.listForUser(auth.getUserOrFail().id, { status })
  }

  async store({ request, response, auth }: HttpContext) {
    const payload = await request.validateUsing(createListingValidator)
    return response.created(await this.listings.create(auth.getUserOrFail().id, payload))
  }

  /** The route's ListingPolicy has checked the listing is the carrier's own. */
  async updateStatus({ request, params }: HttpContext) {
    const { status } = await request.validateUsing(listingStatusValidator)
    return this.listings.changeStatus(Number(params.id), status)
  }
}
