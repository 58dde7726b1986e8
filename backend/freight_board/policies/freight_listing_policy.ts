import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import FreightListing from '#freight_board/models/freight_listing'
import FreightBoardService from '#freight_board/services/freight_board_service'
import { LOAD_NOT_FOUND } from '#freight_board/services/freight_listing_service'
import FreightInviteService, {
  INVITE_NOT_FOUND,
} from '#freight_board/services/freight_invite_service'

type Parties = Pick<FreightListing, 'id' | 'shipperId' | 'carrierId'>

/**
 * Who may do what with a posted load: every approved carrier holds, releases and claims any
 * load on the board (one hidden by another carrier's invite window is a 404 to them); its
 * shipper cancels it and reads its audit trail, which the carrier that claimed it reads too.
 */
@inject()
export default class FreightListingPolicy extends BasePolicy {
  constructor(
    private carriers: CarrierProfileService,
    private board: FreightBoardService,
    private invites: FreightInviteService
  ) {
    super()
  }

  /** POST /api/freight-listings/:id/hold and /claim, DELETE .../hold: any approved carrier. */
  async grab(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const id = this.idOf(target.params, 'id')
    // One read: the load exists and no other carrier's invite window hides it (the carrier id
    // is remembered). In a rush of claims on one load every request passes here first.
    const carrierId = id === null ? null : await this.board.findCarrierId(user.id)
    return this.allowedOr404(
      id !== null && carrierId !== null && (await this.board.visible(id, carrierId)),
      LOAD_NOT_FOUND
    )
  }

  /** POST /api/freight-listings/invites/:token/accept: the invited carrier. */
  async acceptInvite(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const token = typeof target.params.token === 'string' ? target.params.token : ''
    const invited = token ? await this.invites.invitedCarrierOf(token) : null
    const carrierId = invited === null ? null : await this.carriers.findCarrierId(user.id)
    return this.allowedOr404(this.owns(invited, carrierId), INVITE_NOT_FOUND)
  }

  /**
   * POST /api/freight-listings/:id/cancel, /fund and /invites, GET
   * /api/shipper/freight-listings/:id/invite-candidates: the load's shipper.
   */
  async manageAsShipper(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const load = await this.load(target)
    return this.allowedOr404(load !== null && this.owns(load.shipperId, user.id), LOAD_NOT_FOUND)
  }

  /** GET /api/freight-listings/:id/audits: its shipper, or the carrier that claimed it. */
  async viewAudits(user: Actor, target: RouteTarget) {
    const load = await this.load(target)
    if (load === null) return this.notFound(LOAD_NOT_FOUND)
    if (this.isShipper(user)) {
      return this.allowedOr404(this.owns(load.shipperId, user.id), LOAD_NOT_FOUND)
    }
    if (this.isApprovedCarrier(user) && load.carrierId !== null) {
      const carrierId = await this.carriers.findCarrierId(user.id)
      return this.allowedOr404(this.owns(load.carrierId, carrierId), LOAD_NOT_FOUND)
    }
    return this.notFound(LOAD_NOT_FOUND)
  }

  private async load(target: RouteTarget): Promise<Parties | null> {
    const id = this.idOf(target.params, 'id')
    if (id === null) return null
    return FreightListing.query().where('id', id).select('id', 'shipperId', 'carrierId').first()
  }
}
