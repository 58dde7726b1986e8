import { configProvider } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import { Session } from '@adonisjs/session'
import { LRUCache } from 'lru-cache'
import type { ResolvedSessionConfig } from '@adonisjs/session/types'
// The type of `ctx.session`, declared by the package's own session middleware.
import type {} from '@adonisjs/session/session_middleware'
import { SESSION_COOKIE } from '#config/session'
import { sessionStoreOf } from '#core/session_store'
import { routeNeeds } from '#core/middleware/route_needs_middleware'

const SESSION_COOKIE_PAIR = new RegExp(`(?:^|;)\\s*${SESSION_COOKIE}=`)

/** Whether a Cookie header carries the session cookie (a name at the start of a pair). */
export const hasSessionCookie = (header: string | undefined) =>
  header !== undefined && SESSION_COOKIE_PAIR.test(header)

/**
 * Whether committing the request's session would change nothing: a session read from its
 * cookie, still holding values, neither changed nor regenerated nor given flash messages, and
 * whose row's expiry was pushed forward less than 15 minutes ago (#core/session_store), so
 * the store's touch would skip it. Committing would only sign and send the session cookie
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

/**
 * Session ids by the signed session cookie they came in, as sent (signature included): the
 * same browser sends the same cookie on every request, and checking its signature (an HMAC)
 * was a sixth of a signed-in request's CPU (docs/decisions/0197). Only a value the request's
 * own `request.cookie()` verified is kept, so a hit is the answer that check gave for exactly
 * these bytes; a tampered or unknown value is checked as before.
 */
const sessionIds = new LRUCache<string, string>({ max: 10_000 })

function verifiedSessionId(request: HttpContext['request'], name: string): string | undefined {
  const sent = request.plainCookie(name, { encoded: false })
  if (typeof sent !== 'string') return undefined
  const known = sessionIds.get(sent)
  if (known !== undefined) return known
  const verified = request.cookie(name)
  if (typeof verified === 'string') sessionIds.set(sent, verified)
  return typeof verified === 'string' ? verified : undefined
}

/**
 * The context the session is made with: what AdonisJS's `Session` reads of a context (the
 * request's `cookie()` and `original()`, the response), with the session cookie answered
 * through `verifiedSessionId`. A plain object each request, not a Proxy of the request nor an
 * object inheriting from the context: making each request's context a prototype kept the whole
 * request alive through the young generation's collections, so every signed-in request's
 * objects were promoted and collected by full mark-compacts (a tenth of the CPU and 10-20 ms
 * pauses, docs/decisions/0214).
 */
function sessionContext(ctx: HttpContext, cookieName: string): HttpContext {
  const { request, response } = ctx
  const sessionRequest = {
    cookie: (name: string, fallback?: string) =>
      name === cookieName
        ? (verifiedSessionId(request, name) ?? fallback)
        : request.cookie(name, fallback),
    original: () => request.original(),
  }
  return { request: sessionRequest, response } as unknown as HttpContext
}

/** The session config with its store resolved, as the session provider resolves it. */
let resolvedConfig: Promise<ResolvedSessionConfig> | null = null
function sessionConfig() {
  resolvedConfig ??= configProvider
    .resolve<ResolvedSessionConfig>(app, app.config.get('session'))
    .then((config) => {
      if (!config) throw new Error('backend/config/session.ts must use defineConfig')
      return config
    })
  return resolvedConfig
}

/**
 * A session only where one is used: a request that carries the session cookie, or one to a
 * route that declares `startsSession` (signing in and up). An anonymous visitor's page views,
 * routes that declare `stateless` (probes, webhooks) and bearer-token calls read and write no
 * session, so they cost no session store round trip and set no session cookie. Without a
 * session, `ctx.session` is undefined and the `auth` middleware tries the bearer guard only.
 *
 * The session is AdonisJS's own (`Session`, made, initiated and committed as the package's
 * SessionMiddleware does), except that a session that ends the request as it began is not
 * committed: its cookie goes again only when its expiry moves (see `settled`), and the session
 * cookie's signature is checked once per distinct cookie (see `verifiedSessionId`).
 */
export default class SessionGateMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const needs = routeNeeds(ctx)
    if (needs.stateless) return next()
    if (!needs.startsSession && !hasSessionCookie(ctx.request.header('cookie'))) return next()
    const config = await sessionConfig()
    if (!config.enabled) return next()
    // The store is made with the request's own context (#core/session_store keeps its state there).
    const store = config.stores[config.store]
    const session = new Session(
      config,
      (_, resolved) => store(ctx, resolved),
      emitter,
      sessionContext(ctx, config.cookieName)
    )
    ctx.session = session
    await session.initiate(false)
    const response = await next()
    if (!settled(session, ctx)) await session.commit()
    return response
  }
}
