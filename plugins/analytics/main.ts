import type {
  AnalyticsConfig,
  AnalyticsDriver,
  AnalyticsDriverFactory,
  AnalyticsEvent,
} from './types.js'
import { FakeAnalyticsDriver } from './drivers/fake.js'

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

/** Resolves drivers by name, caches them, and lets tests swap in a fake. */
export class AnalyticsManager<KnownDrivers extends Record<string, AnalyticsDriverFactory>> {
  private cache = new Map<keyof KnownDrivers, AnalyticsDriver>()
  private fakeDriver: FakeAnalyticsDriver | undefined

  constructor(private config: AnalyticsConfig<KnownDrivers>) {}

  async use(name?: keyof KnownDrivers): Promise<AnalyticsDriver> {
    if (this.fakeDriver) return this.fakeDriver
    const driverName = name ?? this.config.default
    const cached = this.cache.get(driverName)
    if (cached) return cached
    const driver = await this.config.list[driverName]()
    this.cache.set(driverName, driver)
    return driver
  }

  async track(event: AnalyticsEvent) {
    const driver = await this.use()
    await driver.track(event)
  }

  fake() {
    this.fakeDriver = new FakeAnalyticsDriver()
    return this.fakeDriver
  }

  restore() {
    this.fakeDriver = undefined
  }
}
