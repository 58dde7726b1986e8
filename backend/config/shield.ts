import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'

/**
 * The one Content Security Policy of every response (request setup sends it,
 * #core/middleware/request_setup_middleware). A fixed policy: no directive uses a nonce, so
 * shield's CSP, which makes a random nonce for every response, stays off (docs/decisions/0197).
 */
const CSP_DIRECTIVES: Record<string, string[]> = {
  defaultSrc: [`'self'`],
  scriptSrc: [`'self'`, 'https://js.stripe.com'],
  frameSrc: [`'self'`, 'https://js.stripe.com', 'https://hooks.stripe.com'],
  connectSrc: [`'self'`, 'https://api.stripe.com'],
  imgSrc: [`'self'`, 'data:'],
  styleSrc: [`'self'`, `'unsafe-inline'`],
  fontSrc: [`'self'`, 'data:'],
  objectSrc: [`'none'`],
  baseUri: [`'self'`],
  formAction: [`'self'`],
  frameAncestors: [`'none'`],
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)

export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
  .join(';')

/**
 * The security headers of every response, API, app page or static file alike: shield's
 * middleware runs as server middleware ahead of the static file server (backend/start/kernel.ts),
 * whose files carry the headers set on the response. One Content Security Policy (CONTENT_SECURITY_POLICY, sent by
 * request setup, #core/middleware/request_setup_middleware), no framing,
 * no MIME sniffing; a production server (behind TLS) adds HSTS. Stripe's script and frames are
 * the only third-party origins (the payment screen). The Referrer-Policy, which shield does not
 * set, is request setup's too.
 */
const shieldConfig = defineConfig({
  // The policy is CONTENT_SECURITY_POLICY, sent by request setup.
  csp: { enabled: false },
  xFrame: { enabled: true, action: 'DENY' },
  // HTTPS only, for 180 days, subdomains included; only in production, where the app is behind TLS.
  hsts: { enabled: app.inProduction, maxAge: '180 days', includeSubDomains: true },
  contentTypeSniffing: { enabled: true },
  // CSRF is #core/middleware/csrf_middleware, a signed double-submit token that needs no session
  // for anonymous visitors; shield's guard would give every visitor a session
  // (docs/decisions/0196).
  csrf: { enabled: false },
})

export default shieldConfig
