import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import RequestBodyMiddleware from '#core/middleware/request_body_middleware'
import SessionGateMiddleware from '#core/middleware/session_gate_middleware'
import CsrfMiddleware from '#core/middleware/csrf_middleware'
import InitializeAuthMiddleware from '#core/middleware/initialize_auth_middleware'
import SafeBodyMiddleware from '#core/middleware/safe_body_middleware'

/**
 * What every matched route runs first, in this order, each step its own middleware class
 * (and its own tests):
 *
 * 1. the body (#core/middleware/request_body_middleware), read as the route declares;
 * 2. the session, only where one is used (#core/middleware/session_gate_middleware);
 * 3. CSRF, a signed double-submit token (#core/middleware/csrf_middleware);
 * 4. `ctx.auth` and `ctx.bouncer` (#core/middleware/initialize_auth_middleware);
 * 5. the body's keys checked (#core/middleware/safe_body_middleware).
 *
 * One entry in the router's middleware rather than five: the framework makes and calls each
 * entry through the container on every request (an awaited resolve and a dependency lookup
 * per hop), which was a tenth of the cheapest request's CPU; here the steps call each other
 * directly (docs/decisions/0214).
 */
@inject()
export default class MatchedRouteMiddleware {
  constructor(
    private body: RequestBodyMiddleware,
    private session: SessionGateMiddleware,
    private csrf: CsrfMiddleware,
    private auth: InitializeAuthMiddleware,
    private safeBody: SafeBodyMiddleware
  ) {}

  handle(ctx: HttpContext, next: NextFn) {
    const afterAuth = () => this.safeBody.handle(ctx, next)
    const afterCsrf = () => this.auth.handle(ctx, afterAuth)
    const afterSession = () => this.csrf.handle(ctx, afterCsrf)
    return this.body.handle(ctx, () => this.session.handle(ctx, afterSession))
  }
}
