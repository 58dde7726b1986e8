import { DriverManager, type DriverConfig, type DriverFactory } from '../driver_manager.js'
import type { PartnerCarrierDriver } from './types.js'
import type { DemoPartnerOptions } from './drivers/demo_partner.js'
import { FakePartnerCarrier } from './drivers/fake.js'

export type * from './types.js'
export type { DemoPartnerOptions } from './drivers/demo_partner.js'
export type { FakePartnerMethod } from './drivers/fake.js'
export { FakePartnerCarrier } from './drivers/fake.js'
export type { PartnerTransport, PartnerHttpRequest, PartnerHttpResponse } from './drivers/http.js'
export { send, isFailure, failure, DEFAULT_TIMEOUT_MS } from './drivers/http.js'

export type PartnerCarrierDriverFactory = DriverFactory<PartnerCarrierDriver>

export function defineConfig<KnownDrivers extends Record<string, PartnerCarrierDriverFactory>>(
  config: DriverConfig<PartnerCarrierDriver, KnownDrivers>
) {
  return config
}

/** Driver factories; each imports its implementation lazily. */
export const drivers = {
  /** A simulated partner carrier in this process: latency, failures, idempotency, tracking. */
  demo_partner(options: DemoPartnerOptions = {}): PartnerCarrierDriverFactory {
    return async () => {
      const { createDemoPartner } = await import('./drivers/demo_partner.js')
      return createDemoPartner(options).driver
    }
  },
}

/** Resolves partner carrier drivers by name; `use()` gives the configured default. */
export class PartnerCarriersManager<
  KnownDrivers extends Record<string, PartnerCarrierDriverFactory>,
> extends DriverManager<PartnerCarrierDriver, KnownDrivers> {
  /** Routes every call to an in-memory fake until restore(); returns it to steer and inspect. */
  fake(options: { bolPendingFetches?: number } = {}) {
    return this.swap(new FakePartnerCarrier(options))
  }
}
