import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import FreightBoardService from '#freight_board/services/freight_board_service'
import FreightOfferService, { type OfferActor } from '#freight_board/services/freight_offer_service'
import { offerTermsValidator, offerValidator } from '#freight_board/validators/freight_offer'

/**
 * Offers on posted loads (docs/decisions/0234). FreightOfferPolicy and FreightListingPolicy
 * checked who may act before any action runs; whose turn it is, the service decides.
 */
@inject()
export default class FreightOffersController {
  constructor(
    private offers: FreightOfferService,
    private board: FreightBoardService
  ) {}

  private async actor({ auth }: HttpContext): Promise<OfferActor> {
    const user = auth.getUserOrFail()
    const memberUserId = user.member?.userId ?? null
    if (user.role === 'shipper') return { side: 'shipper', userId: user.id, memberUserId }
    const carrier = await this.board.carrierOf(user.id)
    return { side: 'carrier', userId: user.id, carrierId: carrier.carrierId, memberUserId }
  }

  async store(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(offerValidator)
    const user = ctx.auth.getUserOrFail()
    const carrier = await this.board.carrierOf(user.id, user.member?.userId ?? null)
    return ctx.response.created(await this.offers.make(carrier, Number(ctx.params.id), input))
  }

  async index(ctx: HttpContext) {
    return this.offers.forListing(await this.actor(ctx), Number(ctx.params.id))
  }

  async mine({ auth }: HttpContext) {
    return this.offers.forCarrier(await this.board.carrierOf(auth.getUserOrFail().id))
  }

  async terms({ request, params }: HttpContext) {
    const terms = await request.validateUsing(offerTermsValidator)
    return this.offers.setTerms(Number(params.id), terms)
  }

  async counter(ctx: HttpContext) {
    const input = await ctx.request.validateUsing(offerValidator)
    return this.offers.counter(await this.actor(ctx), Number(ctx.params.offerId), input)
  }

  async accept(ctx: HttpContext) {
    return this.offers.accept(await this.actor(ctx), Number(ctx.params.offerId))
  }

  async decline(ctx: HttpContext) {
    return this.offers.decline(await this.actor(ctx), Number(ctx.params.offerId))
  }

  async withdraw({ params }: HttpContext) {
    return this.offers.withdraw(Number(params.offerId))
  }
}
