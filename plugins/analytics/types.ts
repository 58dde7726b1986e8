/** The analytics contract: a sink for page views and product events. */
export type AnalyticsEvent = {
  name: string
  userId: number | null
  path: string | null
  properties: Record<string, unknown>
  occurredAt: Date
}

export interface AnalyticsDriver {
  track(event: AnalyticsEvent): Promise<void>
}

export type AnalyticsDriverFactory = () => AnalyticsDriver | Promise<AnalyticsDriver>

export type AnalyticsConfig<KnownDrivers extends Record<string, AnalyticsDriverFactory>> = {
  default: keyof KnownDrivers
  list: KnownDrivers
}
