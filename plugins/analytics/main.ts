import type { AnalyticsConfig, AnalyticsDriverFactory, AnalyticsEvent } from './types.js'
import { FakeAnalyticsDriver } from './drivers/fake.js'
import { DriverManager } from '../driver_manager.js'
import type { AnalyticsDriver } from './types.js'

export type { AnalyticsEvent, AnalyticsDriver } from './types.js'
export { FakeAnalyticsDriver } from './drivers/fake.js'

export function defineConfig<KnownDrivers extends Record<string, AnalyticsDriverFactory>>(
  config: AnalyticsConfig<KnownDrivers>
) {
  return config
}

/** Driver factories; each imports its implementation lazily. */
export const drivers = {
  log(options: { table?: string } = {}): AnalyticsDriverFactory {
    return async () => {
      const { LogAnalyticsDriver } = await import('./drivers/log.js')
      return new LogAnalyticsDriver(options.table ?? 'analytics_events')
    }
  },
}

/** Resolves analytics drivers by name; `fake()` captures events in memory for tests. */
export class AnalyticsManager<
  KnownDrivers extends Record<string, AnalyticsDriverFactory>,
> extends DriverManager<AnalyticsDriver, KnownDrivers> {
  async track(event: AnalyticsEvent) {
    const driver = await this.use()
    await driver.track(event)
  }

  fake() {
    return this.swap(new FakeAnalyticsDriver())
  }
}
