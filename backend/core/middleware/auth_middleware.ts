import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'

/** Signed-in users only: the browser session, or a bearer access token. */
export default class AuthMiddleware {
  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { guards?: (keyof Authenticators)[] } = {}
  ) {
    const guards = options.guards ?? ['web', 'api']
    // Without a session (no session cookie) only the bearer guard can sign the request in.
    await ctx.auth.authenticateUsing(ctx.session ? guards : guards.filter((g) => g !== 'web'))
    return next()
  }
}
