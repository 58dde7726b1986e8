/**
 * Routes that never use a session or a CSRF token: the health, readiness and metrics probes,
 * the API contract and its reference page, and the endpoints other systems call with a signature of their own
 * (payment webhooks, partner feeds). Matched on the route pattern.
 */
const STATELESS_PATTERNS = [
  /^\/api\/health$/,
  /^\/api\/ready$/,
  /^\/api\/metrics$/,
  /^\/api\/openapi\.json$/,
  /^\/api\/docs(\/.*)?$/,
  /^\/api\/webhooks\//,
  /^\/api\/tms\/feeds\//,
]

export function isStatelessRoute(pattern: string): boolean {
  return STATELESS_PATTERNS.some((re) => re.test(pattern))
}
