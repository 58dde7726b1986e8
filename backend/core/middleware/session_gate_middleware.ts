import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import SessionMiddleware from '@adonisjs/session/session_middleware'
import { SESSION_COOKIE } from '#config/session'
import { isStatelessRoute } from '#core/stateless_routes'

/** Routes that start a session for a visitor who has none: signing in and signing up. */
const SESSION_STARTING_ROUTES = new Set(['/api/login', '/api/register'])

export const hasSessionCookie = (header: string | undefined) =>
  Boolean(header?.split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`)))

/**
 * A session only where one is used: a request that carries the session cookie, or one that
 * starts a session (login, register). An anonymous visitor's page views, the health check,
 * webhooks and bearer-token calls read and write no session, so they cost no session store
 * round trip and set no session cookie. Without a session, `ctx.session` is undefined and the
 * `auth` middleware tries the bearer guard only.
 */
@inject()
export default class SessionGateMiddleware {
  constructor(private sessions: SessionMiddleware<any>) {}

  handle(ctx: HttpContext, next: NextFn) {
    const pattern = ctx.route?.pattern ?? ''
    if (isStatelessRoute(pattern)) return next()
    if (!hasSessionCookie(ctx.request.header('cookie')) && !SESSION_STARTING_ROUTES.has(pattern)) {
      return next()
    }
    return this.sessions.handle(ctx, next)
  }
}
