import { Bouncer } from '@adonisjs/bouncer'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * One Bouncer per request, for the signed-in user (null when anonymous). Policies are passed
 * by reference (`ctx.bouncer.with(TruckPolicy)`), each imported by its own module's routes, so
 * core keeps no registry of other modules' policies and no abilities.
 */
export default class InitializeBouncerMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.bouncer = new Bouncer(() => ctx.auth.user ?? null).setContainerResolver(
      ctx.containerResolver
    )
    return next()
  }
}

declare module '@adonisjs/core/http' {
  export interface HttpContext {
    bouncer: Bouncer<Exclude<HttpContext['auth']['user'], undefined>>
  }
}
