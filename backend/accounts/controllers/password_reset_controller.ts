import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import PasswordResetService, {
  PASSWORD_SET,
  RESET_REQUESTED,
} from '#accounts/services/password_reset_service'
import {
  forgotPasswordValidator,
  resetPasswordValidator,
} from '#accounts/validators/password_reset'
import { mailedLinkOrigin } from '#core/public_origin'

/** "Forgot password?" and the page its link opens (docs/decisions/0216). No sign-in. */
export default class PasswordResetController {
  /**
   * POST /api/password/forgot: always the same 202, whether or not an account uses the
   * address; the link is mailed after the answer (so its time tells nothing either).
   */
  @inject()
  async forgot({ request, response }: HttpContext, resets: PasswordResetService) {
    const { email } = await request.validateUsing(forgotPasswordValidator)
    resets.forgot(email, mailedLinkOrigin())
    return response.accepted({ message: RESET_REQUESTED })
  }

  /** POST /api/password/reset: the link's token and the new password. Nobody is signed in. */
  @inject()
  async reset({ request }: HttpContext, resets: PasswordResetService) {
    const { token, password } = await request.validateUsing(resetPasswordValidator)
    await resets.reset(token, password)
    return { message: PASSWORD_SET }
  }
}
