/*
 * Live updates (server-sent events, @adonisjs/transmit): the routes under /__transmit and who
 * may listen to which channel. The browser subscribes with its session cookie, so the
 * subscribe and unsubscribe POSTs go through CSRF like any mutation: the client sends
 * X-XSRF-TOKEN (transmit-client's `beforeSubscribe` / `beforeUnsubscribe` hooks).
 */
import transmit from '@adonisjs/transmit/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { BOARD_CHANNEL } from '#freight_board/services/live_board'

transmit.registerRoutes()

/** The carriers' board: approved carriers only, like GET /api/freight-listings. */
transmit.authorize(BOARD_CHANNEL, async (ctx: HttpContext) => {
  // No session cookie, no session (decision 0055): nobody to sign in.
  if (!ctx.session) return false
  const user = (await ctx.auth.check()) ? (ctx.auth.user as any) : null
  return user?.role === 'carrier' && user?.isApproved === true
})
