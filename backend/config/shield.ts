import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'

const shieldConfig = defineConfig({
  csp: {
    enabled: true,
    directives: {
      defaultSrc: [`'self'`],
      scriptSrc: [`'self'`, 'https://js.stripe.com'],
      frameSrc: [`'self'`, 'https://js.stripe.com', 'https://hooks.stripe.com'],
      connectSrc: [`'self'`, 'https://api.stripe.com'],
      imgSrc: [`'self'`, 'data:'],
      styleSrc: [`'self'`, `'unsafe-inline'`],
      fontSrc: [`'self'`, 'data:'],
      objectSrc: [`'none'`],
      baseUri: [`'self'`],
      frameAncestors: [`'none'`],
    },
    reportOnly: false,
  },
  csrf: {
    enabled: true,
    // Bearer-token calls (TMS, operator CLI) carry no cookie and are exempt; see backend/core/middleware.
    // Provider webhooks are authenticated by their signature instead.
    exceptRoutes: (ctx) =>
      Boolean(ctx.request.header('authorization')?.startsWith('Bearer ')) ||
      ctx.request.url().startsWith('/api/webhooks/'),
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: app.inProduction, maxAge: '180 days', includeSubDomains: true },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
