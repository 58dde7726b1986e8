import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'

server.errorHandler(() => import('#core/exceptions/handler'))

// Run on every request, matched route or not.
server.use([
  () => import('#core/middleware/request_log_middleware'),
  () => import('#core/middleware/security_headers_middleware'),
  () => import('#core/middleware/force_json_response_middleware'),
  () => import('#core/middleware/container_bindings_middleware'),
  () => import('#core/middleware/static_files_middleware'),
  () => import('@adonisjs/cors/cors_middleware'),
])

// Run on every matched route.
router.use([
  () => import('#core/middleware/refuse_uploads_middleware'),
  () => import('#core/middleware/request_body_middleware'),
  () => import('#core/middleware/session_gate_middleware'),
  () => import('@adonisjs/shield/shield_middleware'),
  () => import('#core/middleware/csrf_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#core/middleware/initialize_bouncer_middleware'),
  () => import('#core/middleware/safe_body_middleware'),
])

export const middleware = router.named({
  auth: () => import('#core/middleware/auth_middleware'),
  role: () => import('#core/middleware/role_middleware'),
  idempotent: () => import('#core/middleware/idempotency_middleware'),
  authorize: () => import('#core/middleware/authorize_middleware'),
  scope: () => import('#core/middleware/scope_middleware'),
})
