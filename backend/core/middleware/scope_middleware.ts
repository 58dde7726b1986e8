import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

export type ScopeOptions = {
  /**
   * public: anyone may reach it; shared: every user the route's role gate lets in may read any
   * id (e.g. the anonymous profile behind a search result); self: it only ever touches the
   * signed-in user's own rows
   */
  kind: 'public' | 'shared' | 'self'
  /** why no policy is needed, for the reader and the route-coverage test */
  reason: string
}

/**
 * A declaration, not a check: an id route that needs no policy says why. The route-coverage
 * test fails on an id route with neither a policy nor this declaration.
 */
export default class ScopeMiddleware {
  async handle(_ctx: HttpContext, next: NextFn, _options: ScopeOptions) {
    return next()
  }
}
