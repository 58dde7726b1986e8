/**
 * Who may read GET /api/metrics (docs/decisions/0141): a scraper presenting METRICS_TOKEN as a
 * bearer token. With no METRICS_TOKEN set the endpoint is off (404), so a deployment never
 * publishes its figures by accident.
 */
import { createHash, timingSafeEqual } from 'node:crypto'

export type MetricsAccess = 'disabled' | 'missing' | 'wrong' | 'granted'

const digest = (value: string) => createHash('sha256').update(value).digest()

/** Compares in constant time (on digests, so lengths leak nothing either). */
export function metricsAccess(
  configured: string | undefined,
  authorization: string | undefined
): MetricsAccess {
  if (!configured) return 'disabled'
  const match = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')
  if (!match) return 'missing'
  return timingSafeEqual(digest(match[1]), digest(configured)) ? 'granted' : 'wrong'
}
