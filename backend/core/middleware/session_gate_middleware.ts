import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import emitter from '@adonisjs/core/services/emitter'
import { Session } from '@adonisjs/session'
import SessionMiddleware from '@adonisjs/session/session_middleware'
import { SESSION_COOKIE } from '#config/session'
import { isStatelessRoute } from '#core/stateless_routes'
import { sessionStoreOf } from '#core/session_store'

/** Routes that start a session for a visitor who has none: signing in and signing up. */
const SESSION_STARTING_ROUTES = new Set(['/api/login', '/api/register'])

const SESSION_COOKIE_PAIR = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`)

/** Whether a Cookie header carries the session cookie (a name at the start of a pair). */
export const hasSessionCookie = (header: string | undefined) =>
  header !== undefined && SESSION_COOKIE_PAIR.test(header)

const REQUEST = Symbol('palletline.sessionRequest')
type TrackedSession = Session & { [REQUEST]?: HttpContext }

/**
 * Whether committing the request's session would change nothing: a session read from its
 * cookie, still holding values, neither changed nor regenerated nor given flash messages, and
 * whose row's expiry was pushed forward less than 15 minutes ago (#core/session_store), so
 * the store's touch would skip it. AdonisJS would still sign and send the session cookie
 * again; the cookie sent with the last push forward already expires with the row.
 */
function settled(session: Session, ctx: HttpContext) {
  return (
    session.initiated &&
    !session.readonly &&
    !session.fresh &&
    !session.isEmpty &&
    !session.hasBeenModified &&
    !session.hasRegeneratedSession &&
    session.responseFlashMessages.isEmpty &&
    sessionStoreOf(ctx)?.expiryUnchanged === true
  )
}

const commit = Session.prototype.commit
Session.prototype.commit = function (this: TrackedSession) {
  const ctx = this[REQUEST]
  if (ctx && settled(this, ctx)) {
    emitter.emit('session:committed', { session: this })
    return Promise.resolve()
  }
  return commit.call(this)
}

/**
 * A session only where one is used: a request that carries the session cookie, or one that
 * starts a session (login, register). An anonymous visitor's page views, the health check,
 * webhooks and bearer-token calls read and write no session, so they cost no session store
 * round trip and set no session cookie. Without a session, `ctx.session` is undefined and the
 * `auth` middleware tries the bearer guard only. A session that ends the request as it began
 * sends its cookie again only when its expiry moves (see `settled`).
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
    return this.sessions.handle(ctx, () => {
      ;(ctx.session as TrackedSession)[REQUEST] = ctx
      return next()
    })
  }
}
