import { signedInPersonId } from '#accounts/services/signed_in_person'
import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import TokenService from '#accounts/services/token_service'
import { DEFAULT_TOKEN_ABILITIES, ownTokenValidator } from '#accounts/validators/account'

/**
 * Settings: a user's own API tokens (for the TMS and scripts). Only a signed-in browser session
 * reaches these routes, so a leaked token cannot mint more tokens or keep itself alive.
 */
@inject()
export default class OwnTokensController {
  constructor(private tokens: TokenService) {}

  async index({ auth }: HttpContext) {
    return this.tokens.listFor(signedInPersonId(auth))
  }

  /** The secret is in this response only. */
  async store({ auth, request, response }: HttpContext) {
    const { name, expiresInDays, abilities } = await request.validateUsing(ownTokenValidator)
    return response.created(
      await this.tokens.create(
        signedInPersonId(auth),
        name,
        expiresInDays,
        abilities ?? [...DEFAULT_TOKEN_ABILITIES]
      )
    )
  }

  /** AccessTokenPolicy answers another user's token id with a 404, as an unknown one. */
  async destroy({ auth, params, response }: HttpContext) {
    await this.tokens.revoke(signedInPersonId(auth), Number(params.id))
    return response.noContent()
  }
}
