import { DriverManager, type DriverConfig, type DriverFactory } from '../driver_manager.js'
import type { QuoteInput, QuoteResult, RateQuotingDriver } from './types.js'

export type * from './types.js'
export { FakeRateQuotingDriver } from './drivers/fake.js'

export type RateQuotingDriverFactory = DriverFactory<RateQuotingDriver>

export function defineConfig<KnownDrivers extends Record<string, RateQuotingDriverFactory>>(
  config: DriverConfig<RateQuotingDriver, KnownDrivers>
) {
  return config
}

export const drivers = {
  /** Percentiles of the platform's own lane history, else a cost model; no network. */
  lane_model(): RateQuotingDriverFactory {
    return async () => {
      const { LaneModelDriver } = await import('./drivers/lane_model.js')
      return new LaneModelDriver()
    }
  },
}

export class RateQuotingManager<
  KnownDrivers extends Record<string, RateQuotingDriverFactory>,
> extends DriverManager<RateQuotingDriver, KnownDrivers> {
  async quote(input: QuoteInput): Promise<QuoteResult> {
    return (await this.use()).quote(input)
  }
}
