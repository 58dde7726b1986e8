import { api } from '@/lib/api-client'

export type AnalyticsProperties = Record<string, string | number | boolean | null | undefined>

/**
 * Fire-and-forget product analytics (POST /api/analytics/events). Never awaited by the UI
 * and never throws: a lost event must not break a screen.
 */
export function trackEvent(name: string, properties?: AnalyticsProperties, path?: string): void {
  const payload: { name: string; path?: string; properties?: AnalyticsProperties } = { name }
  const where = path ?? (typeof window === 'undefined' ? undefined : window.location.pathname)
  if (where) payload.path = where
  if (properties && Object.keys(properties).length > 0) payload.properties = properties
  try {
    void api.post('/api/analytics/events', payload).catch(() => undefined)
  } catch {
    // fetch may be missing in odd environments; analytics is best effort.
  }
}

export function trackPageView(path: string): void {
  trackEvent('page_view', undefined, path)
}
