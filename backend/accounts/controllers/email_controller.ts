import { signedInPersonId } from '#accounts/services/signed_in_person'
import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { changeEmailValidator, confirmEmailChangeValidator } from '#accounts/validators/account'
import EmailChangeService from '#accounts/services/email_change_service'
import PasswordCheck from '#accounts/services/password_check'
import { mailedLinkOrigin } from '#core/public_origin'

/**
 * Settings: the signed-in user's sign-in email. A new one takes effect when the link mailed to
 * it is followed (docs/decisions/0167); then the old address gets a notice and a carrier's
 * payouts are held (docs/decisions/0098).
 */
export default class EmailController {
  /** GET /api/account/email: the email and the change waiting for its link. */
  @inject()
  async show({ auth }: HttpContext, changes: EmailChangeService) {
    return changes.state(signedInPersonId(auth))
  }

  /** PUT /api/account/email with the current password: 202, the link goes to the new address. */
  @inject()
  async update(
    { auth, request, response }: HttpContext,
    check: PasswordCheck,
    changes: EmailChangeService
  ) {
    const { email, currentPassword } = await request.validateUsing(changeEmailValidator)
    const user = await check.verify(signedInPersonId(auth), currentPassword, request.ip())
    return response.accepted(await changes.request(user.id, email, mailedLinkOrigin()))
  }

  /** POST /api/account/email/resend: a new link for the waiting change. */
  @inject()
  async resend({ auth, response }: HttpContext, changes: EmailChangeService) {
    const state = await changes.resend(signedInPersonId(auth), mailedLinkOrigin())
    return response.accepted(state)
  }

  /** DELETE /api/account/email/pending: the waiting change is dropped. */
  @inject()
  async cancel({ auth }: HttpContext, changes: EmailChangeService) {
    return changes.cancel(signedInPersonId(auth))
  }

  /** POST /api/account/email/confirm: whoever holds the link's token (it proves the address). */
  @inject()
  async confirm({ request }: HttpContext, changes: EmailChangeService) {
    const { token } = await request.validateUsing(confirmEmailChangeValidator)
    return changes.confirm(token)
  }
}
