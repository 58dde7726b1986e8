import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import FreightInviteService from '#freight_board/services/freight_invite_service'
import FreightBoardService from '#freight_board/services/freight_board_service'
import { inviteValidator } from '#freight_board/validators/freight_listing'

/** Invites to a load: the shipper sends them, the invited carrier uses its link. */
@inject()
export default class FreightInvitesController {
  constructor(
    private invites: FreightInviteService,
    private board: FreightBoardService
  ) {}

  /** FreightListingPolicy has checked the load is this shipper's. */
  async store({ request, response, params, auth }: HttpContext) {
    const { candidateId } = await request.validateUsing(inviteValidator)
    const user = auth.getUserOrFail()
    return response.created(
      await this.invites.invite(
        { userId: user.id, role: user.role, memberUserId: user.member?.userId ?? null },
        Number(params.id),
        candidateId
      )
    )
  }

  async candidates({ auth }: HttpContext) {
    return this.invites.candidates(auth.getUserOrFail().id)
  }

  /** FreightListingPolicy has checked the invite is this carrier's. */
  async accept({ params, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const { carrierId } = await this.board.carrierOf(user.id)
    return this.invites.accept(
      { userId: user.id, role: user.role, carrierId, memberUserId: user.member?.userId ?? null },
      String(params.token)
    )
  }
}
