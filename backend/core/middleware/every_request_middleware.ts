import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import ShieldMiddleware from '@adonisjs/shield/shield_middleware'
import CorsMiddleware from '@adonisjs/cors/cors_middleware'
import RequestSetupMiddleware from '#core/middleware/request_setup_middleware'
import StaticFilesMiddleware from '#core/middleware/static_files_middleware'

/**
 * What every request runs, matched route or not, in this order:
 *
 * 1. the request id, the fixed security headers and the request's log line and latency
 *    (#core/middleware/request_setup_middleware);
 * 2. shield's security headers (#config/shield), ahead of the static files so they carry them;
 * 3. the built frontend's files (#core/middleware/static_files_middleware);
 * 4. CORS (#config/cors).
 *
 * One entry in the server's middleware rather than four, each step still its own middleware
 * (the packages' own classes for shield and CORS, made by the container once): the framework
 * makes and calls each entry through the container on every request (docs/decisions/0214).
 */
@inject()
export default class EveryRequestMiddleware {
  constructor(
    private setup: RequestSetupMiddleware,
    private shield: ShieldMiddleware,
    private files: StaticFilesMiddleware,
    private cors: CorsMiddleware
  ) {}

  handle(ctx: HttpContext, next: NextFn) {
    const afterFiles = () => this.cors.handle(ctx, next)
    const afterShield = () => this.files.handle(ctx, afterFiles)
    return this.setup.handle(ctx, () => this.shield.handle(ctx, afterShield))
  }
}
