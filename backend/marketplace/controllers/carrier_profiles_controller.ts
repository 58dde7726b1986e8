import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import SearchService from '#marketplace/services/search_service'

@inject()
export default class CarrierProfilesController {
  constructor(private searches: SearchService) {}

  /** GET /api/listings/:id/carrier-profile: the anonymous Carrier Details of a listing. */
  async show({ params }: HttpContext) {
    return this.searches.carrierDetails(Number(params.id))
  }
}
