import type { AnalyticsDriver, AnalyticsEvent } from '../types.js'

/** Keeps events in memory so tests can assert on them. */
export class FakeAnalyticsDriver implements AnalyticsDriver {
  events: AnalyticsEvent[] = []

  async track(event: AnalyticsEvent) {
    this.events.push(event)
  }
}
