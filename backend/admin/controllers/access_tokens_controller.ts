import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import vine from '@vinejs/vine'
import TokenService from '#accounts/services/token_service'
import { createTokenValidator } from '#accounts/validators/account'

const listQuery = vine.compile(
  vine.object({ userId: vine.number().withoutDecimals().positive().optional() })
)

@inject()
export default class AccessTokensController {
  constructor(private tokens: TokenService) {}

  /** Tokens of one user (default: the signed-in admin). */
  async index({ request, auth }: HttpContext) {
    const { userId } = await listQuery.validate(request.qs())
    return this.tokens.listFor(userId ?? auth.getUserOrFail().id)
  }

  /** Issues a token; its secret is in this response only. */
  async store({ request, response }: HttpContext) {
    const { userId, name, expiresInDays } = await request.validateUsing(createTokenValidator)
    return response.created(await this.tokens.create(userId, name, expiresInDays))
  }

  async destroy({ params, response }: HttpContext) {
    await this.tokens.revoke(Number(params.userId), Number(params.tokenId))
    return response.noContent()
  }
}
