import {
  DriverManager,
  type DriverConfig,
  type DriverFactory,
  type DriverName,
} from '../driver_manager.js'
import type {
  CarrierQuote,
  QuoteInput,
  QuoteResult,
  RateQuotingDriver,
  RateRecommender,
  ShipmentRateInput,
  ShipmentRater,
} from './types.js'

export type * from './types.js'
export { FakeRateQuotingDriver } from './drivers/fake.js'
export { assertBalanced, requestHashOf } from './drivers/shipment_math.js'
/** Transit time under hours of service, shared by every plugin that times a shipment. */
export { etaHours, MAX_DRIVING_HOURS, REST_HOURS, SPEED_MPH } from './drivers/lane_model_math.js'

export type RateQuotingDriverFactory = DriverFactory<RateQuotingDriver>

export type RateQuotingConfig<KnownDrivers extends Record<string, RateQuotingDriverFactory>> =
  DriverConfig<RateQuotingDriver, KnownDrivers> & {
    /**
     * The drivers the TMS rate comparison asks for carrier quotes, in the order their quotes
     * are listed; each must implement rateShipment. The default driver answers `quote()`.
     */
    comparison: (keyof KnownDrivers)[]
  }

export function defineConfig<KnownDrivers extends Record<string, RateQuotingDriverFactory>>(
  config: RateQuotingConfig<KnownDrivers>
) {
  return config
}

/** Driver factories; each imports its implementation lazily. None touches the network. */
export const drivers = {
  /** Percentiles of the platform's own lane history, else a cost model; no network. */
  lane_model(): RateQuotingDriverFactory {
    return async () => {
      const { LaneModelDriver } = await import('./drivers/lane_model.js')
      return new LaneModelDriver()
    }
  },
  /** A simulated LTL partner rating by NMFC density class, distance band and discount. */
  ltl_partner(): RateQuotingDriverFactory {
    return async () => {
      const { LtlPartnerDriver } = await import('./drivers/ltl_partner.js')
      return new LtlPartnerDriver()
    }
  },
  /** A simulated expedited partner rating per mile by vehicle, with teams on long runs. */
  expedite_partner(): RateQuotingDriverFactory {
    return async () => {
      const { ExpeditePartnerDriver } = await import('./drivers/expedite_partner.js')
      return new ExpeditePartnerDriver()
    }
  },
}

export class RateQuotingManager<
  KnownDrivers extends Record<string, RateQuotingDriverFactory>,
> extends DriverManager<RateQuotingDriver, KnownDrivers> {
  /** Drivers registered with `extend(..., { comparison: true })`, asked after the config's. */
  private extraComparison: string[] = []

  constructor(protected rateConfig: RateQuotingConfig<KnownDrivers>) {
    super(rateConfig)
  }

  /**
   * Registers a driver the config does not list; `comparison: true` adds it to the TMS rate
   * comparison after the config's `comparison` drivers.
   */
  extend(name: string, factory: RateQuotingDriverFactory, options: { comparison?: boolean } = {}) {
    super.extend(name, factory)
    if (options.comparison) this.extraComparison.push(name)
    return this
  }

  forget(name: string): void {
    super.forget(name)
    this.extraComparison = this.extraComparison.filter((driver) => driver !== name)
  }

  /** The default driver's low / mid / high range (the freight board's rate estimate). */
  async quote(input: QuoteInput): Promise<QuoteResult> {
    return (await this.recommender()).quote(input)
  }

  /** Every driver's name: the config's, then those registered with `extend()`. */
  providers(): string[] {
    return this.names()
  }

  /** The drivers the TMS rate comparison asks, in order (config `comparison`). */
  comparison(): string[] {
    return [...this.rateConfig.comparison.map(String), ...this.extraComparison]
  }

  /**
   * One driver's carrier quotes. The app asks each comparison driver through this, in
   * parallel and under its own timeout, so one slow or failing partner costs only its quotes.
   */
  async rateShipment(
    name: DriverName<KnownDrivers>,
    input: ShipmentRateInput
  ): Promise<CarrierQuote[]> {
    return (await this.rater(name)).rateShipment(input)
  }

  /** A driver that recommends ranges (the default when unnamed); throws for one that does not. */
  async recommender(name?: DriverName<KnownDrivers>): Promise<RateRecommender> {
    const driver = await this.use(name)
    if (!('quote' in driver)) {
      throw new Error(
        `Rate quoting driver "${String(name ?? this.rateConfig.default)}" has no quote()`
      )
    }
    return driver
  }

  /** A driver that rates shipments; throws for one that does not. */
  async rater(name: DriverName<KnownDrivers>): Promise<ShipmentRater> {
    const driver = await this.use(name)
    if (!('rateShipment' in driver)) {
      throw new Error(`Rate quoting driver "${String(name)}" has no rateShipment()`)
    }
    return driver
  }
}
