import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import User from '#accounts/models/user'
import {
  loginValidator,
  registerValidator,
  secondFactorValidator,
} from '#accounts/validators/account'
import RegistrationService from '#accounts/services/registration_service'
import LoginThrottle from '#accounts/services/login_throttle'
import { tagSession } from '#accounts/services/user_sessions'
import TwoFactorService from '#accounts/services/two_factor_service'
import { userJson } from '#accounts/services/cached_user_provider'
import {
  endPendingSignIn,
  pendingSignIn,
  startPendingSignIn,
} from '#accounts/services/pending_sign_in'
import { Clock } from '#core/clock'
import { UnauthorizedException } from '#core/exceptions/http_errors'
import { markSafeToRepeat } from '#core/connection_loss'

// The names this browser has signed in with: the per-account lock never shuts its owner out.
const KNOWN_DEVICE_COOKIE = 'palletline-known'
const KNOWN_NAMES_KEPT = 5

export const SIGN_IN_FIRST = 'Sign in with your password first'

/** The names this browser has signed in with (the encrypted known-device cookie). */
function knownNames({ request }: HttpContext): string[] {
  const stored = request.encryptedCookie(KNOWN_DEVICE_COOKIE)
  return Array.isArray(stored) ? stored.filter((n) => typeof n === 'string') : []
}

/** Signs the session in and remembers the account's names on this browser. */
async function signIn(ctx: HttpContext, user: User) {
  const { auth, session, response } = ctx
  await auth.use('web').login(user)
  await tagSession(session, user.id)
  const names = [user.email, user.username].map((n) => n.toLowerCase())
  response.encryptedCookie(
    KNOWN_DEVICE_COOKIE,
    [...new Set([...names, ...knownNames(ctx)])].slice(0, KNOWN_NAMES_KEPT),
    { maxAge: '90d', httpOnly: true, sameSite: 'lax', path: '/api/login' }
  )
  return user
}

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

  /**
   * POST /api/login. With two-factor on, a right password only puts the session in the
   * "second factor pending" state (202 `{ twoFactorRequired: true }`); POST /api/login/two-factor
   * then signs in (docs/decisions/0097).
   */
  @inject()
  async login(ctx: HttpContext, throttle: LoginThrottle, clock: Clock) {
    // Signing in twice is signing in: a lost database connection is a 503 to retry, not a 500.
    markSafeToRepeat(ctx)
    const { request, response, session } = ctx
    const { username, password } = await request.validateUsing(loginValidator)
    const name = username.toLowerCase()
    const user = await throttle.attempt(
      { username: name, ip: request.ip(), knownDevice: knownNames(ctx).includes(name) },
      () => User.verifyCredentials(name, password)
    )
    if (user.twoFactorEnabledAt) {
      session.regenerate()
      startPendingSignIn(session, { userId: user.id, username: name }, clock.now())
      return response.accepted({ twoFactorRequired: true })
    }
    return signIn(ctx, user)
  }

  /** POST /api/login/two-factor: the code (or a recovery code) after a right password. */
  @inject()
  async secondFactor(
    ctx: HttpContext,
    throttle: LoginThrottle,
    twoFactor: TwoFactorService,
    clock: Clock
  ) {
    const { request, session } = ctx
    const factor = await request.validateUsing(secondFactorValidator)
    const pending = pendingSignIn(session, clock.now())
    if (!pending) throw new UnauthorizedException(SIGN_IN_FIRST)
    const user = await User.find(pending.userId)
    if (!user || !user.twoFactorEnabledAt) {
      endPendingSignIn(session)
      throw new UnauthorizedException(SIGN_IN_FIRST)
    }
    await throttle.attempt(
      {
        username: pending.username,
        ip: request.ip(),
        knownDevice: knownNames(ctx).includes(pending.username),
        step: 'second_factor',
      },
      () => twoFactor.checkSecondFactor(user, factor)
    )
    endPendingSignIn(session)
    return signIn(ctx, user)
  }

  async logout({ auth, session, response }: HttpContext) {
    await auth.use('web').logout()
    session.regenerate()
    return response.ok({ message: 'Signed out' })
  }

  async me({ auth, response }: HttpContext) {
    // The same JSON the model serialises to, made once per cached row (cached_user_provider).
    return response
      .header('content-type', 'application/json; charset=utf-8')
      .send(userJson(auth.getUserOrFail()))
  }
}
