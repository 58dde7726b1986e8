import { signedInPersonId } from '#accounts/services/signed_in_person'
import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { changePasswordValidator } from '#accounts/validators/account'
import AccountNoticeService from '#accounts/services/account_notice_service'
import PasswordCheck from '#accounts/services/password_check'
import { endOtherSessions, tagSession } from '#accounts/services/user_sessions'
import { Clock } from '#core/clock'

/** Settings: the signed-in user changes their own password. */
export default class PasswordController {
  /**
   * PUT /api/account/password. The current password is checked like a sign-in (same throttle,
   * so it cannot be guessed here instead); the new one follows decision 0167's rule (12
   * characters, not a common password). The session gets a new id and every other session
   * of the user ends (a thief signed in elsewhere is out). API tokens stay: Settings lists
   * them. A mail to the account's address says when, and what to do if it was not its owner.
   */
  @inject()
  async update(
    { auth, request, response, session }: HttpContext,
    check: PasswordCheck,
    notices: AccountNoticeService,
    clock: Clock
  ) {
    const { currentPassword, newPassword } = await request.validateUsing(changePasswordValidator)
    const user = await check.verify(signedInPersonId(auth), currentPassword, request.ip())
    user.password = newPassword
    await user.save()
    session.regenerate()
    await tagSession(session, user.id)
    await endOtherSessions(user.id, session.sessionId)
    await notices.send({
      to: user.email,
      firstName: user.firstName,
      kind: 'password',
      at: clock.now(),
      payoutsHeldUntil: null,
    })
    return response.noContent()
  }
}
