import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * What a route needs that differs from an ordinary API call, declared where the route is
 * defined (`.use(middleware.needs({ ... }))` in its module's routes file), so core keeps no list
 * of other modules' routes (docs/decisions/0195):
 *
 * - `stateless`: no session and no CSRF token (probes, the API contract, calls other systems
 *   sign themselves: webhooks, partner feeds);
 * - `rawBody`: the body is read here as raw text (at most 1 MB), whatever its content type, and
 *   never parsed or checked by the body middlewares: a signed webhook is verified on its exact
 *   bytes and parsed by its provider's driver;
 * - `upload`: the route takes a multipart body and processes the stream itself (any other route
 *   refuses one with 415 before reading it);
 * - `startsSession`: the route starts a session for a visitor who has none (signing in or up).
 */
export type RouteNeeds = {
  stateless?: boolean
  rawBody?: boolean
  upload?: boolean
  startsSession?: boolean
}

export const RAW_BODY_LIMIT_BYTES = 1024 * 1024

const NAME = 'needs'
const NOTHING: Readonly<RouteNeeds> = Object.freeze({})
const needsByRoute = new WeakMap<object, Readonly<RouteNeeds>>()

/**
 * What the request's route declared with `middleware.needs`, read from the route's own
 * middleware list (known once per route).
 */
export function routeNeeds(ctx: HttpContext): Readonly<RouteNeeds> {
  const route = ctx.route
  if (!route) return NOTHING
  let needs = needsByRoute.get(route)
  if (needs === undefined) {
    const declared: RouteNeeds = {}
    for (const entry of route.middleware.all()) {
      if (typeof entry === 'object' && 'name' in entry && entry.name === NAME) {
        Object.assign(declared, (entry as { args?: RouteNeeds }).args)
      }
    }
    needs = Object.freeze(declared)
    needsByRoute.set(route, needs)
  }
  return needs
}

/**
 * The named middleware `needs`. The global middlewares read its options (`routeNeeds`); on a
 * `rawBody` route it reads the body itself, since the body middleware left it unread.
 */
export default class RouteNeedsMiddleware {
  async handle(ctx: HttpContext, next: NextFn, needs: RouteNeeds) {
    if (!needs.rawBody) return next()
    const chunks: Buffer[] = []
    let size = 0
    for await (const chunk of ctx.request.request) {
      size += chunk.length
      if (size > RAW_BODY_LIMIT_BYTES) {
        return ctx.response.status(413).send({ message: 'The request body is too large' })
      }
      chunks.push(chunk)
    }
    ctx.request.setInitialBody({})
    ctx.request.updateRawBody(Buffer.concat(chunks).toString('utf8'))
    return next()
  }
}
