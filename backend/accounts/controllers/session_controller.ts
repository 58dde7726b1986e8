import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
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
import { ActingMember, membershipOf, userJson } from '#accounts/services/cached_user_provider'
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
export const NO_LONGER_A_MEMBER = 'This login was removed from its company'

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
  // Admins read the last sign-in on the user list (decision 0210); a lock that ran out goes.
  const now = DateTime.now()
  user.lastSignInAt = now
  if (user.lockedUntil && user.lockedUntil <= now) user.lockedUntil = null
  await user.save()
  const names = [user.email, user.username].map((n) => n.toLowerCase())
  response.encryptedCookie(
    KNOWN_DEVICE_COOKIE,
    [...new Set([...names, ...knownNames(ctx)])].slice(0, KNOWN_NAMES_KEPT),
    { maxAge: '90d', httpOnly: true, sameSite: 'lax', path: '/api/login' }
  )
  return signedInAs(user)
}

/**
 * What a sign-in answers: the user `GET /api/user` answers from now on. A company's member acts
 * as the company's account user, with the member attached (decision 0223), so the screens land
 * where the member's role belongs (a driver on their work, decision 0237) and follow the
 * company's live channel from the first page.
 */
async function signedInAs(person: User) {
  const membership = await membershipOf(person.id)
  if (membership.state !== 'member' || person.approvalStatus === 'suspended') return person
  const account =
    membership.accountUserId === person.id ? person : await User.find(membership.accountUserId)
  if (!account) return person
  const member = new ActingMember(
    person as unknown as ConstructorParameters<typeof ActingMember>[0],
    membership
  )
  return { ...account.serialize(), member: member.toJSON() }
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
    // A company's account user removed from its members no longer signs in (decision 0223).
    if ((await membershipOf(user.id)).state === 'removed') {
      throw new UnauthorizedException(NO_LONGER_A_MEMBER)
    }
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
    // The same JSON the model serialises to, made once per cached row (cached_user_provider),
    // and for a company's login the member who signed in (docs/decisions/0223).
    const user = auth.getUserOrFail()
    const text = userJson(user)
    return response
      .header('content-type', 'application/json; charset=utf-8')
      .send(user.member ? `${text.slice(0, -1)},"member":${JSON.stringify(user.member)}}` : text)
  }
}
