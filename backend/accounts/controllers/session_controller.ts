import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import User from '#accounts/models/user'
import { loginValidator, registerValidator } from '#accounts/validators/account'
import RegistrationService from '#accounts/services/registration_service'
import LoginThrottle from '#accounts/services/login_throttle'
import { tagSession } from '#accounts/services/user_sessions'

// The names this browser has signed in with: the per-account lock never shuts its owner out.
const KNOWN_DEVICE_COOKIE = 'palletline-known'
const KNOWN_NAMES_KEPT = 5

export default class SessionController {
  @inject()
  async register(
    { request, response, auth, session }: HttpContext,
    registration: RegistrationService
  ) {
    const payload = await request.validateUsing(registerValidator)
    const user = await registration.register(payload, {
      ip: request.ip(),
      userAgent: request.header('user-agent') ?? null,
    })
    await auth.use('web').login(user)
    await tagSession(session, user.id)
    // The row as stored (defaults included), so the answer has the shape of GET /api/user.
    await user.refresh()
    return response.created(user)
  }

  @inject()
  async login({ request, response, auth, session }: HttpContext, throttle: LoginThrottle) {
    const { username, password } = await request.validateUsing(loginValidator)
    const name = username.toLowerCase()
    const stored = request.encryptedCookie(KNOWN_DEVICE_COOKIE)
    const known: string[] = Array.isArray(stored) ? stored.filter((n) => typeof n === 'string') : []
    const user = await throttle.attempt(
      { username: name, ip: request.ip(), knownDevice: known.includes(name) },
      () => User.verifyCredentials(name, password)
    )
    await auth.use('web').login(user)
    await tagSession(session, user.id)
    const names = [user.email, user.username].map((n) => n.toLowerCase())
    response.encryptedCookie(
      KNOWN_DEVICE_COOKIE,
      [...new Set([...names, ...known])].slice(0, KNOWN_NAMES_KEPT),
      { maxAge: '90d', httpOnly: true, sameSite: 'lax', path: '/api/login' }
    )
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
