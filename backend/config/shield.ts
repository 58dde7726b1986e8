import { defineConfig } from '@adonisjs/shield'
const shieldConfig = defineConfig({
  // CSP, X-Frame-Options, nosniff and (in production) HSTS are set on every response, static
  // files included, by backend/core/middleware/request_setup_middleware.ts (one policy in
  // #core/security_headers). Shield's middleware is not in the pipeline: with every guard here
  // off it would be a hop of its own for nothing (docs/decisions/0153).
  csp: { enabled: false },
  // CSRF is #core/middleware/csrf_middleware (a signed double-submit token that needs no
  // session for anonymous visitors).
  csrf: { enabled: false },
  xFrame: { enabled: false },
  hsts: { enabled: false },
  contentTypeSniffing: { enabled: false },
})

export default shieldConfig
