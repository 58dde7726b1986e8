/**
 * The security headers of every response, API, app page or static file alike: one Content
 * Security Policy, no framing, no MIME sniffing, and a referrer that never leaks paths to other
 * sites. Stripe's script and frames are the only third-party origins (the payment screen).
 * A production server (behind TLS) adds HSTS.
 */
export const CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': [`'self'`],
  'script-src': [`'self'`, 'https://js.stripe.com'],
  'frame-src': [`'self'`, 'https://js.stripe.com', 'https://hooks.stripe.com'],
  'connect-src': [`'self'`, 'https://api.stripe.com'],
  'img-src': [`'self'`, 'data:'],
  'style-src': [`'self'`, `'unsafe-inline'`],
  'font-src': [`'self'`, 'data:'],
  'object-src': [`'none'`],
  'base-uri': [`'self'`],
  'form-action': [`'self'`],
  'frame-ancestors': [`'none'`],
}

export function contentSecurityPolicy(directives = CSP_DIRECTIVES): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(' ')}`)
    .join('; ')
}

export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': contentSecurityPolicy(),
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
}

/** HTTPS only, for 180 days, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = `max-age=${180 * 24 * 60 * 60}; includeSubDomains`

/** Every response's security headers; HSTS only in production, where the app is behind TLS. */
export function securityHeaders(production: boolean): Readonly<Record<string, string>> {
  return production
    ? { ...SECURITY_HEADERS, 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY }
    : SECURITY_HEADERS
}
