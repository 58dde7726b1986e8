import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'
import app from '@adonisjs/core/services/app'

server.errorHandler(() => import('#core/exceptions/handler'))

type MiddlewareImport = () => Promise<{ default: abstract new (...args: any[]) => unknown }>

// Run on every request, matched route or not: the request's id, headers and log line, shield's
// security headers (#config/shield) ahead of the static file server so its files carry them, the
// static files and CORS, composed in one entry (#core/middleware/every_request_middleware).
const serverMiddleware = [() => import('#core/middleware/every_request_middleware')]

// Run on every matched route: the body, the session, CSRF, `ctx.auth` and the body's keys, in
// that order, composed in one entry (#core/middleware/matched_route_middleware). What a route
// needs beyond the ordinary (no session, a raw body, an upload, starting a session) it declares
// in its own routes file with `middleware.needs`, which these read
// (#core/middleware/route_needs_middleware).
const routerMiddleware = [() => import('#core/middleware/matched_route_middleware')]

const namedMiddleware = {
  needs: () => import('#core/middleware/route_needs_middleware'),
  auth: () => import('#core/middleware/auth_middleware'),
  role: () => import('#core/middleware/role_middleware'),
  idempotent: () => import('#core/middleware/idempotency_middleware'),
  authorize: () => import('#core/middleware/authorize_middleware'),
  scope: () => import('#core/middleware/scope_middleware'),
}

/**
 * The framework builds a middleware class through the container on every request (shield
 * even rebuilds its five guards each time). Ours and the packages' keep no per-request state
 * on the instance, so one instance each, made once at boot and bound with the container's
 * `bindValue`, serves every request.
 */
async function reuseMiddlewareInstances(imports: MiddlewareImport[]) {
  for (const load of imports) {
    const { default: Middleware } = await load()
    app.container.bindValue(Middleware as any, await app.container.make(Middleware as any))
  }
}

await reuseMiddlewareInstances([
  ...serverMiddleware,
  ...routerMiddleware,
  ...Object.values(namedMiddleware),
] as MiddlewareImport[])

server.use(serverMiddleware)
router.use(routerMiddleware)

export const middleware = router.named(namedMiddleware)
