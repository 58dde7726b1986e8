import {
  DriverManager,
  type DriverConfig,
  type DriverFactory,
  type DriverName,
} from '../driver_manager.js'
import type {
  FeedGenerator,
  FeedReceiver,
  FeedShipment,
  GenerateResult,
  ParsedPush,
  PushInput,
  TmsFeedDriver,
} from './types.js'
import type { SimulatorOptions } from './drivers/simulator.js'
import type { WebhookOptions } from './drivers/webhook.js'
import { FakeFeedGenerator } from './drivers/fake.js'

export type * from './types.js'
export type { SimulatorOptions } from './drivers/simulator.js'
export type { WebhookOptions, WebhookProvider } from './drivers/webhook.js'
export { FakeFeedGenerator } from './drivers/fake.js'
export { SIGNATURE_HEADER, signPush } from './drivers/signing.js'
export {
  CODE_TABLES,
  EDI_214_CODES,
  SIMULATOR_CODES,
  fromPartnerMilestone,
  normaliseCode,
  normaliseEvent,
  type SourceEvent,
} from './normaliser.js'

export type TmsFeedDriverFactory = DriverFactory<TmsFeedDriver>

export function defineConfig<KnownDrivers extends Record<string, TmsFeedDriverFactory>>(
  config: DriverConfig<TmsFeedDriver, KnownDrivers>
) {
  return config
}

/** Driver factories; each imports its implementation lazily. */
export const drivers = {
  /** Milestones and positions computed from the shipment and the clock; no partner needed. */
  simulator(options: SimulatorOptions = {}): TmsFeedDriverFactory {
    return async () => {
      const { SimulatorFeedDriver } = await import('./drivers/simulator.js')
      return new SimulatorFeedDriver(options)
    }
  },
  /** Signed JSON pushes from partners and ELDs, one secret and code table per provider. */
  webhook(options: WebhookOptions): TmsFeedDriverFactory {
    return async () => {
      const { WebhookFeedDriver } = await import('./drivers/webhook.js')
      return new WebhookFeedDriver(options)
    }
  },
}

/**
 * Resolves TMS feed drivers by name. `generator()` gives the default (or named) driver that
 * computes or polls events, `receiver()` the one that reads pushes (`webhook` unless named).
 */
export class TmsFeedsManager<
  KnownDrivers extends Record<string, TmsFeedDriverFactory>,
> extends DriverManager<TmsFeedDriver, KnownDrivers> {
  #fakeGenerator: FakeFeedGenerator | null = null

  async generator(name?: DriverName<KnownDrivers>): Promise<FeedGenerator> {
    if (this.#fakeGenerator) return this.#fakeGenerator
    const driver = await this.use(name)
    if (driver.kind !== 'generator') {
      throw new Error(`The TMS feed "${String(name ?? this.config.default)}" generates no events`)
    }
    return driver
  }

  async receiver(name: DriverName<KnownDrivers> = 'webhook'): Promise<FeedReceiver> {
    const driver = await this.use(name)
    if (driver.kind !== 'receiver') {
      throw new Error(`The TMS feed "${String(name)}" receives no pushes`)
    }
    return driver
  }

  async generate(shipment: FeedShipment, now: Date): Promise<GenerateResult> {
    return (await this.generator()).generate(shipment, now)
  }

  async parsePush(input: PushInput): Promise<ParsedPush> {
    return (await this.receiver()).parsePush(input)
  }

  /** Generators answer from an in-memory fake until restore(); receivers stay real. */
  fake(): FakeFeedGenerator {
    this.#fakeGenerator = new FakeFeedGenerator()
    return this.#fakeGenerator
  }

  restore() {
    super.restore()
    this.#fakeGenerator = null
  }
}
