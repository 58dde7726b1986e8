import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'
import { SESSION_COOKIE } from '#config/session'

const hasSessionCookie = (header: string | undefined) =>
  Boolean(header?.split(';').some((pair) => pair.trim().startsWith(`${SESSION_COOKIE}=`)))

const shieldConfig = defineConfig({
  // CSP, X-Frame-Options and nosniff are set on every response, static files included, by
  // backend/core/middleware/security_headers_middleware.ts (one policy in #core/security_headers).
  csp: { enabled: false },
  csrf: {
    enabled: true,
    // Bearer-token calls (TMS, operator CLI) that carry no session cookie are exempt: a browser
    // cannot attach that header cross-site. A request with the session cookie is always checked,
    // whatever else it sends. Provider webhooks are authenticated by their signature instead.
    exceptRoutes: (ctx) =>
      ctx.request.url().startsWith('/api/webhooks/') ||
      (Boolean(ctx.request.header('authorization')?.startsWith('Bearer ')) &&
        !hasSessionCookie(ctx.request.header('cookie'))),
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: false },
  hsts: { enabled: app.inProduction, maxAge: '180 days', includeSubDomains: true },
  contentTypeSniffing: { enabled: false },
})

export default shieldConfig
