import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { changeEmailValidator } from '#accounts/validators/account'
import AccountChangeService from '#accounts/services/account_change_service'
import PasswordCheck from '#accounts/services/password_check'

/** Settings: the signed-in user's sign-in email. */
export default class EmailController {
  /**
   * PUT /api/account/email with the current password. The old address gets a notice; a
   * carrier's payouts are held (docs/decisions/0098).
   */
  @inject()
  async update(
    { auth, request }: HttpContext,
    check: PasswordCheck,
    changes: AccountChangeService
  ) {
    const { email, currentPassword } = await request.validateUsing(changeEmailValidator)
    const user = await check.verify(auth.getUserOrFail().id, currentPassword, request.ip())
    return changes.changeEmail(user.id, email)
  }
}
