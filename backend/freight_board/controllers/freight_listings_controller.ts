import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import FreightListingService from '#freight_board/services/freight_listing_service'
import { freightListingFormValidator } from '#freight_board/validators/freight_listing'

/** The shipper's side: estimate, post, list, cancel, fund by card; and a load's audit trail. */
@inject()
export default class FreightListingsController {
  constructor(private listings: FreightListingService) {}

  async recommend({ request }: HttpContext) {
    return this.listings.recommend(await request.validateUsing(freightListingFormValidator))
  }

  async store({ request, response, auth }: HttpContext) {
    const form = await request.validateUsing(freightListingFormValidator)
    const user = auth.getUserOrFail()
    return response.created(
      await this.listings.post(
        { userId: user.id, role: user.role, memberUserId: user.member?.userId ?? null },
        form
      )
    )
  }

  async index({ auth }: HttpContext) {
    return this.listings.listForShipper(auth.getUserOrFail().id)
  }

  /** FreightListingPolicy has checked the load is this shipper's. */
  async cancel({ params, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    return this.listings.cancel(
      { userId: user.id, role: user.role, memberUserId: user.member?.userId ?? null },
      Number(params.id)
    )
  }

  /** FreightListingPolicy has checked the load is this shipper's. */
  async fund({ params, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    return this.listings.fund(
      { userId: user.id, role: user.role, memberUserId: user.member?.userId ?? null },
      Number(params.id)
    )
  }

  /** FreightListingPolicy has checked the reader is the load's shipper or claiming carrier. */
  async audits({ params }: HttpContext) {
    return this.listings.auditsOf(Number(params.id))
  }
}
