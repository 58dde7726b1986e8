import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ReviewService from '#reviews/services/review_service'
import { carrierReviewValidator, shipperReviewValidator } from '#reviews/validators/review'
import type { ReviewSide } from '#reviews/review_rules'

/** A booking's two reviews, each side writing its own; ReviewPolicy has checked the booking. */
@inject()
export default class BookingReviewsController {
  constructor(private reviews: ReviewService) {}

  /** GET /api/bookings/:id/reviews */
  async show({ auth, params }: HttpContext) {
    return this.reviews.forBooking(this.side(auth), Number(params.id))
  }

  /** POST /api/bookings/:id/reviews */
  async store({ auth, params, request, response }: HttpContext) {
    const side = this.side(auth)
    const input = await this.validate(side, request)
    const userId = auth.getUserOrFail().id
    return response.created(await this.reviews.create(side, userId, Number(params.id), input))
  }

  /** PUT /api/bookings/:id/reviews/mine */
  async update({ auth, params, request }: HttpContext) {
    const side = this.side(auth)
    const input = await this.validate(side, request)
    return this.reviews.update(side, Number(params.id), input)
  }

  private side(auth: HttpContext['auth']): ReviewSide {
    return auth.getUserOrFail().role === 'carrier' ? 'carrier' : 'shipper'
  }

  private validate(side: ReviewSide, request: HttpContext['request']) {
    return side === 'shipper'
      ? request.validateUsing(carrierReviewValidator)
      : request.validateUsing(shipperReviewValidator)
  }
}
