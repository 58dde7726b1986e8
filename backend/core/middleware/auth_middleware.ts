import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'
import { ForbiddenException } from '#core/exceptions/http_errors'
import { isConnectionLost, markSafeToRepeat } from '#core/connection_loss'

export type AuthOptions = {
  guards?: (keyof Authenticators)[]
  /**
   * What a bearer token must be allowed to do here (`tms:read`, `tms:write`). A token with the
   * `*` ability (admin-issued and older tokens) passes every route; a scoped token passes only
   * routes that list abilities it has, and `[]` lets any token in (who am I). docs/decisions/0082.
   */
  abilities?: string[]
  /**
   * Open to an admin who has not turned two-factor sign-in on yet (Settings, who am I, sign
   * out). Every other route answers such a browser session 403 until it has (decision 0097).
   */
  beforeTwoFactor?: boolean
  /**
   * A caller that sends `X-Allow-Anonymous: 1` and is not signed in gets 200 `null` instead of
   * a 401 (who am I: a signed-out visitor is not an error, decision 0174). Without the header
   * the route answers 401 as before.
   */
  anonymousWhenAsked?: boolean
}

/** The request header by which a caller asks for 200 `null` rather than 401 (decision 0174). */
export const ALLOW_ANONYMOUS_HEADER = 'x-allow-anonymous'

/** An admin's browser session without two-factor on may only set it up. */
export const TWO_FACTOR_REQUIRED =
  'Two-factor authentication is required for admin accounts: turn it on in Settings'

type TwoFactorSubject = { role?: string; twoFactorEnabledAt?: unknown }

/**
 * The company member a request is made by (docs/decisions/0223), attached by accounts' user
 * provider to the company's account user it acts as; its role's matrix says what it may call.
 */
type MemberLike = { role: string; may(method: string, pattern: string): boolean }

/** A member's refusal names the role (issue 35). */
export function memberRefusal(role: string) {
  return `Your company role (${role}) does not allow this`
}

type TokenLike = { allows(ability: string): boolean; abilities: string[] }

/** Signed-in users only: the browser session, or a bearer access token. */
export default class AuthMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: AuthOptions = {}) {
    const guards = options.guards ?? ['web', 'api']
    // Without a session (no session cookie) only the bearer guard can sign the request in.
    const usable = ctx.session ? guards : guards.filter((g) => g !== 'web')
    const anonymousAllowed =
      options.anonymousWhenAsked && ctx.request.header(ALLOW_ANONYMOUS_HEADER) === '1'
    let signedIn = true
    try {
      if (anonymousAllowed) signedIn = await ctx.auth.checkUsing(usable)
      else await ctx.auth.authenticateUsing(usable)
    } catch (error) {
      // A connection lost while finding who is asking: the request has done nothing yet, so
      // sending it again is safe whatever it is (a 503 with Retry-After, docs/decisions/0168).
      if (isConnectionLost(error)) markSafeToRepeat(ctx)
      throw error
    }
    if (!signedIn) {
      return ctx.response.header('content-type', 'application/json; charset=utf-8').send('null')
    }
    if (ctx.auth.authenticatedViaGuard === 'web' && !options.beforeTwoFactor) {
      const user = ctx.auth.user as TwoFactorSubject
      if (user.role === 'admin' && !user.twoFactorEnabledAt) {
        throw new ForbiddenException(TWO_FACTOR_REQUIRED)
      }
    }
    const member = (ctx.auth.user as { member?: MemberLike }).member
    if (member && !member.may(ctx.request.method(), ctx.route?.pattern ?? '')) {
      throw new ForbiddenException(memberRefusal(member.role))
    }
    if (ctx.auth.authenticatedViaGuard === 'api') {
      const token = (ctx.auth.user as { currentAccessToken?: TokenLike }).currentAccessToken
      if (token && !token.abilities.includes('*')) {
        if (options.abilities === undefined) {
          throw new ForbiddenException(
            `This token may only be used for its abilities (${token.abilities.join(', ') || 'none'})`
          )
        }
        const missing = options.abilities.find((ability) => !token.allows(ability))
        if (missing) throw new ForbiddenException(`Token lacks the ${missing} ability`)
      }
    }
    return next()
  }
}
