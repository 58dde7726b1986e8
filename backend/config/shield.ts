import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'
const shieldConfig = defineConfig({
  // CSP, X-Frame-Options and nosniff are set on every response, static files included, by
  // backend/core/middleware/request_setup_middleware.ts (one policy in #core/security_headers).
  csp: { enabled: false },
  // CSRF is #core/middleware/csrf_middleware (a signed double-submit token that needs no
  // session for anonymous visitors); shield keeps HSTS.
  csrf: { enabled: false },
  xFrame: { enabled: false },
  hsts: { enabled: app.inProduction, maxAge: '180 days', includeSubDomains: true },
  contentTypeSniffing: { enabled: false },
})

export default shieldConfig
