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

const verdicts = new Map<string, boolean>()

export function isStatelessRoute(pattern: string): boolean {
  // Asked twice per request (session gate, CSRF) of a route table's worth of patterns.
  let stateless = verdicts.get(pattern)
  if (stateless === undefined) {
    stateless = STATELESS_PATTERNS.some((re) => re.test(pattern))
    if (verdicts.size < 10_000) verdicts.set(pattern, stateless)
  }
  return stateless
}
