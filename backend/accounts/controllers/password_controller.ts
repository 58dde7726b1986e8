import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { changePasswordValidator } from '#accounts/validators/account'
import PasswordCheck from '#accounts/services/password_check'
import { endOtherSessions, tagSession } from '#accounts/services/user_sessions'

/** Settings: the signed-in user changes their own password. */
export default class PasswordController {
  /**
   * PUT /api/account/password. The current password is checked like a sign-in (same throttle,
   * so it cannot be guessed here instead); the session gets a new id and every other session
   * of the user ends (a thief signed in elsewhere is out). API tokens stay: Settings lists them.
   */
  @inject()
  async update({ auth, request, response, session }: HttpContext, check: PasswordCheck) {
    const { currentPassword, newPassword } = await request.validateUsing(changePasswordValidator)
    const user = await check.verify(auth.getUserOrFail().id, currentPassword, request.ip())
    user.password = newPassword
    await user.save()
    session.regenerate()
    await tagSession(session, user.id)
    await endOtherSessions(user.id, session.sessionId)
    return response.noContent()
  }
}
