import { inject } from '@adonisjs/core'
import hash from '@adonisjs/core/services/hash'
import User from '#accounts/models/user'
import LoginThrottle from '#accounts/services/login_throttle'
import { validationError } from '#core/validation'

export const WRONG_PASSWORD = 'Current password is incorrect'

/**
 * A signed-in user's password, asked again before a sensitive change (a new password, email or
 * payout account, turning two-factor off). Counted like a sign-in (docs/decisions/0050), so it
 * cannot be guessed here instead; a wrong one is a 422 naming `field`.
 */
@inject()
export default class PasswordCheck {
  constructor(private throttle: LoginThrottle) {}

  async verify(userId: number, password: string, ip: string, field = 'currentPassword') {
    const user = await User.findOrFail(userId)
    await this.throttle.attempt(
      { username: user.email.toLowerCase(), ip, knownDevice: true },
      async () => {
        if (!(await hash.verify(user.password, password))) {
          throw validationError([{ field, message: WRONG_PASSWORD, rule: field }])
        }
      }
    )
    return user
  }
}
