import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { LazyImport } from '@adonisjs/core/types/common'
import type { BasePolicy, RouteTarget } from '#core/policies/base_policy'

type PolicyClass = new (...args: any[]) => BasePolicy

export type AuthorizeOptions = {
  policy: LazyImport<PolicyClass>
  /** the policy method deciding this route */
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
    // Bouncer imports the policy lazily; the action is named in the route table, so neither can
    // be type-checked against each other here.
    const policy = ctx.bouncer.with(options.policy as unknown as PolicyClass) as unknown as {
      authorize(action: string, target: RouteTarget): Promise<void>
    }
    await policy.authorize(options.action, target)
    return next()
  }
}
