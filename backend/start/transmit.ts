/*
 * Live updates (server-sent events, @adonisjs/transmit): the routes under /__transmit and who
 * may listen to which channel. The browser subscribes with its session cookie, so the
 * subscribe and unsubscribe POSTs go through CSRF like any mutation: the client sends
 * X-XSRF-TOKEN (transmit-client's `beforeSubscribe` / `beforeUnsubscribe` hooks).
 */
import transmit from '@adonisjs/transmit/services/main'
import type { HttpContext } from '@adonisjs/core/http'
import { openStreams, validateTransmitRequests } from '#core/live_subscription'
import { BOARD_CHANNEL, PUBLIC_CHANNEL } from '#freight_board/services/live_board'
import { EXPEDITED_OFFERS_CHANNEL } from '#logistics/services/expedited_live'
import { ADMIN_CHANNEL, USER_CHANNEL } from '#core/live_notices'

/** One shipper's expedited jobs (`shipperExpeditedChannel` in logistics). */
const SHIPPER_EXPEDITED_CHANNEL = 'expedited/shipper/:id'

/**
 * Every channel a client may name: anything else is a 422, as is a request without a usable
 * `uid`, before Transmit reads it (docs/decisions/0161); a subscribe whose `uid` has no stream
 * open on this instance is a 404 naming `uid`. Who may listen is decided below.
 */
transmit.registerRoutes(
  validateTransmitRequests(
    [
      BOARD_CHANNEL,
      PUBLIC_CHANNEL,
      EXPEDITED_OFFERS_CHANNEL,
      SHIPPER_EXPEDITED_CHANNEL,
      USER_CHANNEL,
      ADMIN_CHANNEL,
    ],
    openStreams(transmit)
  )
)

/** The signed-in user of a subscribe request, or null (no session cookie, no session: decision 0055). */
async function listener(ctx: HttpContext): Promise<{
  id: number
  role: string
  isApproved: boolean
  twoFactorEnabledAt?: unknown
} | null> {
  if (!ctx.session) return null
  return (await ctx.auth.check()) ? (ctx.auth.user as any) : null
}

const approvedCarrier = async (ctx: HttpContext) => {
  const user = await listener(ctx)
  return user?.role === 'carrier' && user?.isApproved === true
}

/** The carriers' board: approved carriers only, like GET /api/freight-listings. */
transmit.authorize(BOARD_CHANNEL, approvedCarrier)

/** Expedited offers: approved carriers only, like GET /api/carrier/expedited-jobs/offers. */
transmit.authorize(EXPEDITED_OFFERS_CHANNEL, approvedCarrier)

/** One shipper's expedited jobs: that shipper only. */
transmit.authorize<{ id: string }>(SHIPPER_EXPEDITED_CHANNEL, async (ctx: HttpContext, { id }) => {
  const user = await listener(ctx)
  return user?.role === 'shipper' && String(user.id) === id
})

/**
 * One user's notices (docs/decisions/0171): that user only, whatever the role or approval (a
 * pending carrier hears its approval).
 */
transmit.authorize<{ id: string }>(USER_CHANNEL, async (ctx: HttpContext, { id }) => {
  const user = await listener(ctx)
  return user !== null && String(user.id) === id
})

/**
 * The admins' notices: admins whose session passed two-factor sign-in, like every admin route
 * (decision 0097).
 */
transmit.authorize(ADMIN_CHANNEL, async (ctx: HttpContext) => {
  const user = await listener(ctx)
  return user?.role === 'admin' && Boolean(user.twoFactorEnabledAt)
})
