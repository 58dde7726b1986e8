import { signedInPersonId } from '#accounts/services/signed_in_person'
import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import User from '#accounts/models/user'
import PasswordCheck from '#accounts/services/password_check'
import TwoFactorService from '#accounts/services/two_factor_service'
import { disableTwoFactorValidator, totpCodeValidator } from '#accounts/validators/account'

/** Settings: the signed-in user's own two-factor sign-in (docs/decisions/0097). */
@inject()
export default class TwoFactorController {
  constructor(private twoFactor: TwoFactorService) {}

  /** GET /api/account/two-factor */
  async show({ auth }: HttpContext) {
    return this.twoFactor.status(await this.self(auth))
  }

  /** POST /api/account/two-factor/setup: a new secret, its otpauth address and QR code. */
  async setup({ auth }: HttpContext) {
    return this.twoFactor.begin(await this.self(auth))
  }

  /** POST /api/account/two-factor/confirm: on, with ten recovery codes shown this once. */
  async confirm({ auth, request }: HttpContext) {
    const { code } = await request.validateUsing(totpCodeValidator)
    return { recoveryCodes: await this.twoFactor.confirm(await this.self(auth), code) }
  }

  /** POST /api/account/two-factor/recovery-codes: ten new codes; the old ones stop working. */
  async regenerate({ auth, request }: HttpContext) {
    const { code } = await request.validateUsing(totpCodeValidator)
    return { recoveryCodes: await this.twoFactor.regenerate(await this.self(auth), code) }
  }

  /** POST /api/account/two-factor/disable: the password and a code (or a recovery code). */
  @inject()
  async disable({ auth, request, response }: HttpContext, check: PasswordCheck) {
    const { password, code, recoveryCode } = await request.validateUsing(disableTwoFactorValidator)
    const user = await check.verify(signedInPersonId(auth), password, request.ip(), 'password')
    await this.twoFactor.disable(user, { code, recoveryCode })
    return response.noContent()
  }

  /** The user's row as stored now (not the session's cached copy). */
  private self(auth: HttpContext['auth']) {
    return User.findOrFail(signedInPersonId(auth))
  }
}
