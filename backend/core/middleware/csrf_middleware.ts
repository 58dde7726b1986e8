import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto'
import type { HttpContext } from '@adonisjs/core/http'
import { LRUCache } from 'lru-cache'
import type { NextFn } from '@adonisjs/core/types/http'
import { errors } from '@adonisjs/shield'
import env from '#start/env'
import { hasSessionCookie } from '#core/middleware/session_gate_middleware'
import { routeNeeds } from '#core/middleware/route_needs_middleware'

export const XSRF_COOKIE = 'XSRF-TOKEN'
const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
/** Where a secret of the older session-bound scheme is kept (the shield client of the tests). */
const SESSION_SECRET_KEY = 'csrf-secret'

const key = createHash('sha256')
  .update(`xsrf:${env.get('APP_KEY')}`)
  .digest()

function mac(binding: string, nonce: string) {
  return createHmac('sha256', key).update(`${binding}.${nonce}`).digest('base64url')
}

function sameText(a: string, b: string) {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

export function issueToken(binding: string) {
  const nonce = randomBytes(16).toString('base64url')
  return `${nonce}.${mac(binding, nonce)}`
}

/** Tokens already found to fit their binding: a signed-in browser sends the same one each time. */
const fittingTokens = new LRUCache<string, true>({ max: 10_000 })

export function tokenFits(token: string | undefined, binding: string): boolean {
  if (!token) return false
  const memo = `${binding}\u0000${token}`
  if (fittingTokens.has(memo)) return true
  const [nonce, signature, extra] = token.split('.')
  if (!nonce || !signature || extra !== undefined) return false
  const fits = sameText(signature, mac(binding, nonce))
  if (fits) fittingTokens.set(memo, true)
  return fits
}

/** A token of the `csrf` package's form (`salt-sha1(salt-secret)`), as shield made them. */
function fitsSessionSecret(token: string | undefined, secret: unknown) {
  if (!token || typeof secret !== 'string') return false
  const dash = token.indexOf('-')
  if (dash < 1) return false
  const salt = token.slice(0, dash)
  const expected = createHash('sha1').update(`${salt}-${secret}`).digest('base64url')
  return sameText(token.slice(dash + 1), expected)
}

/** What a token is bound to: the live session, or no session at all. */
function bindingOf(ctx: HttpContext) {
  const session = ctx.session
  return session && !session.isEmpty ? `session:${session.sessionId}` : 'anonymous'
}

function readCookie(ctx: HttpContext): string | undefined {
  // Read from the cookies AdonisJS parsed once for the request (URL-decoded, first one wins).
  const value = ctx.request.plainCookie(XSRF_COOKIE, { encoded: false })
  return typeof value === 'string' ? value : undefined
}

function setCookie(ctx: HttpContext, token: string) {
  ctx.response.plainCookie(XSRF_COOKIE, token, {
    encode: false,
    httpOnly: false,
    path: '/',
    sameSite: 'lax',
    secure: ctx.request.secure(),
    maxAge: '7d',
  })
}

/**
 * CSRF protection by a signed double-submit token, which needs no session for visitors who
 * have none (docs/decisions/0055). The `XSRF-TOKEN` cookie holds a nonce and an HMAC (under a
 * key derived from the app key) of the nonce and what the token is bound to: the live
 * session's id once signed in, "anonymous" before. A mutation must send the same token in
 * `X-XSRF-TOKEN` (a server-rendered form: the `_csrf` field), and it must fit the session the
 * request carries, so a token minted without a session, or for another session, is refused once
 * the user is signed in. The cookie is set only when the browser has none that fits (first
 * visit, sign-in, sign-out), not on every response.
 *
 * Not checked: routes that declare `stateless` (`middleware.needs`; webhooks and feeds carry
 * their own signatures) and bearer-token calls that carry no session cookie (a cross-site page
 * cannot attach an Authorization header). Why this and not shield's CSRF guard, which needs a
 * session for every visitor: docs/decisions/0196.
 */
export default class CsrfMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (routeNeeds(ctx).stateless) return next()
    const bearer = Boolean(ctx.request.header('authorization')?.startsWith('Bearer '))
    if (bearer && !hasSessionCookie(ctx.request.header('cookie'))) return next()

    const cookieToken = readCookie(ctx)
    const before = bindingOf(ctx)
    const fits = tokenFits(cookieToken, before)
    // What a server-rendered form embeds as `_csrf` (the sandbox onboarding page).
    ctx.request.csrfToken = fits ? cookieToken! : issueToken(before)
    if (MUTATING.has(ctx.request.method())) {
      const header = ctx.request.header('x-xsrf-token')
      const field = ctx.request.input('_csrf')
      const sent = typeof header === 'string' ? header : typeof field === 'string' ? field : null
      const viaCookie = fits && sent !== null && sameText(sent, cookieToken!)
      const viaSessionSecret =
        !viaCookie &&
        fitsSessionSecret(ctx.request.header('x-csrf-token'), ctx.session?.get(SESSION_SECRET_KEY))
      if (!viaCookie && !viaSessionSecret) {
        setCookie(ctx, ctx.request.csrfToken)
        throw new errors.E_BAD_CSRF_TOKEN()
      }
    }

    try {
      return await next()
    } finally {
      // The binding after the request: a login or logout has changed the session by now.
      const after = bindingOf(ctx)
      if (after !== before) setCookie(ctx, issueToken(after))
      else if (!fits) setCookie(ctx, ctx.request.csrfToken)
    }
  }
}

declare module '@adonisjs/core/http' {
  interface HttpRequest {
    /** The request's CSRF token (what a server-rendered form embeds as `_csrf`). */
    csrfToken: string
  }
}
