import { Logger } from '@adonisjs/core/logger'
import { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * What each request binds in its own container resolver. Nothing that depends on these is
 * built once per process (#core/container_memo).
 */
export const REQUEST_BOUND: readonly unknown[] = [HttpContext, Logger]

/** Binds the request's HttpContext and its request-scoped logger in the container. */
export default class ContainerBindingsMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    ctx.containerResolver.bindValue(HttpContext, ctx)
    ctx.containerResolver.bindValue(Logger, ctx.logger)
    return next()
  }
}
