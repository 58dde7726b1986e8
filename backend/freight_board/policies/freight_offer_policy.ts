import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import FreightListing from '#freight_board/models/freight_listing'
import FreightBoardService from '#freight_board/services/freight_board_service'
import FreightOfferService from '#freight_board/services/freight_offer_service'
import { LOAD_NOT_FOUND } from '#freight_board/services/freight_listing_service'
import { OFFER_NOT_FOUND } from '#freight_board/services/offer_rules'

/**
 * Who may read and answer offers on a posted load (docs/decisions/0234): the load's shipper
 * and the offering carrier, no one else (a 404, as for a missing offer). Whose turn it is is
 * the service's check (a 409), not an authorization.
 */
@inject()
export default class FreightOfferPolicy extends BasePolicy {
  constructor(
    private carriers: CarrierProfileService,
    private board: FreightBoardService,
    private offers: FreightOfferService
  ) {
    super()
  }

  /**
   * GET /api/freight-listings/:id/offers: the load's shipper (every offer), or an approved
   * carrier that sees the load on its board or has offered on it (its own offers).
   */
  async viewOffers(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (id === null) return this.notFound(LOAD_NOT_FOUND)
    if (this.isShipper(user)) {
      const load = await FreightListing.query().where('id', id).select('id', 'shipperId').first()
      return this.allowedOr404(load !== null && this.owns(load.shipperId, user.id), LOAD_NOT_FOUND)
    }
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const carrierId = await this.carriers.findCarrierId(user.id)
    if (carrierId === null) return this.notFound(LOAD_NOT_FOUND)
    const allowed =
      (await this.board.visible(id, carrierId)) || (await this.offers.hasOffered(id, carrierId))
    return this.allowedOr404(allowed, LOAD_NOT_FOUND)
  }

  /** POST /api/freight-offers/:offerId/counter, /accept, /decline: either party. */
  async respond(user: Actor, target: RouteTarget) {
    const parties = await this.parties(target)
    if (parties === null) return this.notFound(OFFER_NOT_FOUND)
    if (this.isShipper(user)) {
      return this.allowedOr404(this.owns(parties.shipperId, user.id), OFFER_NOT_FOUND)
    }
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const carrierId = await this.carriers.findCarrierId(user.id)
    return this.allowedOr404(this.owns(parties.carrierId, carrierId), OFFER_NOT_FOUND)
  }

  /** POST /api/freight-offers/:offerId/withdraw: the offering carrier. */
  async withdraw(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const parties = await this.parties(target)
    const carrierId = parties === null ? null : await this.carriers.findCarrierId(user.id)
    return this.allowedOr404(
      parties !== null && this.owns(parties.carrierId, carrierId),
      OFFER_NOT_FOUND
    )
  }

  private parties(target: RouteTarget) {
    const id = this.idOf(target.params, 'offerId')
    return id === null ? Promise.resolve(null) : this.offers.partiesOf(id)
  }
}
