import { Bouncer } from '@adonisjs/bouncer'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
// The type of `ctx.auth`, declared by the package's own initialisation middleware.
import type {} from '@adonisjs/auth/initialize_auth_middleware'

type AuthManager = { createAuthenticator(ctx: HttpContext): HttpContext['auth'] }

/**
 * `ctx.auth` (the authenticator over the session and bearer guards, as AdonisJS's own
 * initialize_auth_middleware makes it) and `ctx.bouncer` for the signed-in user, on every
 * matched route. Policies are passed by reference (`ctx.bouncer.with(TruckPolicy)`), each
 * imported by its own module's routes, so core keeps no registry of other modules' policies
 * and no abilities.
 *
 * One middleware for both, and the auth manager (a container singleton) looked up through the
 * request's resolver only until it is known: the package's middleware resolved it by name on
 * every request, and each middleware is a hop through the framework's pipeline.
 */
export default class InitializeAuthMiddleware {
  #manager: AuthManager | null = null

  async handle(ctx: HttpContext, next: NextFn) {
    this.#manager ??= (await ctx.containerResolver.make('auth.manager')) as AuthManager
    ctx.auth = this.#manager.createAuthenticator(ctx)
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
