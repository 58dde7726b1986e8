import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { Bouncer } from '@adonisjs/bouncer'
import type { LazyImport } from '@adonisjs/core/types/http'
import type { BasePolicy, RouteTarget } from '#core/policies/base_policy'

export type AuthorizeOptions = {
  policy: LazyImport<new (...args: any[]) => BasePolicy>
  action: string
}

/**
 * Route-level authorization, after `auth` and `role`: the route's policy decides on the
 * route's ids (and body ids) before the controller or any service runs. Routes declare it with
 * `.use(middleware.authorize({ policy, action }))`; the route-coverage test reads it back.
 */
export default class AuthorizeMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: AuthorizeOptions) {
    const target: RouteTarget = {
      params: ctx.params ?? {},
      body: (ctx.request.body() ?? {}) as Record<string, unknown>,
    }
    const bouncer = new Bouncer(() => ctx.auth.user ?? null).setContainerResolver(
      ctx.containerResolver
    )
    await (bouncer.with(options.policy as any) as any).authorize(options.action, target)
    return next()
  }
}
