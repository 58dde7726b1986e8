/*
 * A URL is matched against the route table once, not on every request. AdonisJS splits the
 * path and walks every route of the method for each request (about 5 % of the cheapest one);
 * the answer for a method and path never changes once the routes are committed (AdonisJS
 * commits them once, at boot, and never again). The last MAX_KEPT answers are kept; each
 * request gets its own copy of the params, so a handler that changes `ctx.params` changes
 * nothing for the next request. Routes on domains (subdomain
 * routing, which this app does not use) are matched the framework's way.
 */
import { Router } from '@adonisjs/core/http'

type Match = ReturnType<Router['match']>
type Found = NonNullable<Match>

const MAX_KEPT = 5000
const kept = new Map<string, Match>()
const match = Router.prototype.match

function copy(found: Found): Found {
  return { ...found, params: { ...found.params }, subdomains: { ...found.subdomains } }
}

Router.prototype.match = function (this: Router, url: string, method: string, hostname?: string) {
  if (this.usingDomains) return match.call(this, url, method, hostname)
  const key = `${method} ${url}`
  let found = kept.get(key)
  if (found === undefined) {
    found = match.call(this, url, method, hostname)
    if (kept.size >= MAX_KEPT) kept.clear()
    kept.set(key, found)
  }
  return found === null ? null : copy(found)
}
