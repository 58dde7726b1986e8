import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import limiter from '@adonisjs/limiter/services/main'
import User from '#accounts/models/user'
import { loginValidator, registerValidator } from '#accounts/validators/account'
import RegistrationService from '#accounts/services/registration_service'

// 5 failed sign-ins for one username from one IP within a minute block the next attempt.
const loginLimiter = () => limiter.use({ requests: 5, duration: '1 min', blockDuration: '1 min' })

export default class SessionController {
  @inject()
  async register({ request, response, auth }: HttpContext, registration: RegistrationService) {
    const payload = await request.validateUsing(registerValidator)
    const user = await registration.register(payload, {
      ip: request.ip(),
      userAgent: request.header('user-agent') ?? null,
    })
    await auth.use('web').login(user)
    return response.created(user)
  }

  async login({ request, auth }: HttpContext) {
    const { username, password } = await request.validateUsing(loginValidator)
    const key = `login_${username.toLowerCase()}_${request.ip()}`
    const [throttled, user] = await loginLimiter().penalize(key, () =>
      User.verifyCredentials(username.toLowerCase(), password)
    )
    if (throttled) throw throttled
    await auth.use('web').login(user)
    return user
  }

  async logout({ auth, session, response }: HttpContext) {
    await auth.use('web').logout()
    session.regenerate()
    return response.ok({ message: 'Signed out' })
  }

  async me({ auth }: HttpContext) {
    return auth.getUserOrFail()
  }
}
