import { DriverManager, type DriverConfig, type DriverFactory } from '../driver_manager.js'
import type { PaymentsDriver } from './types.js'
import type { SandboxOptions, SandboxPaymentsDriver } from './drivers/sandbox.js'
import type { StripeOptions } from './drivers/stripe.js'

export type * from './types.js'
export type {
  SandboxOptions,
  SandboxDelivery,
  ConfirmCardInput,
  SandboxPaymentsDriver,
} from './drivers/sandbox.js'
export type { StripeOptions } from './drivers/stripe.js'
/** The Stripe-style webhook signature, shared with other plugins that sign pushes (tms_feeds). */
export { signatureHeader, verifySignature, WEBHOOK_TOLERANCE_SECONDS } from './drivers/signature.js'

export type PaymentsDriverFactory = DriverFactory<PaymentsDriver>

export function defineConfig<KnownDrivers extends Record<string, PaymentsDriverFactory>>(
  config: DriverConfig<PaymentsDriver, KnownDrivers>
) {
  return config
}

/** Driver factories; each imports its implementation (and SDK) lazily. */
export const drivers = {
  /** The embedded simulated card network; state in sandbox_* tables, webhooks to ourselves. */
  sandbox(options: SandboxOptions): PaymentsDriverFactory {
    return async () => {
      const { SandboxPaymentsDriver } = await import('./drivers/sandbox.js')
      return new SandboxPaymentsDriver(options)
    }
  },
  /** Stripe: PaymentIntents, Connect Express, separate charges and transfers. */
  stripe(options: StripeOptions): PaymentsDriverFactory {
    return async () => {
      const { createStripeDriver } = await import('./drivers/stripe.js')
      return createStripeDriver(options)
    }
  },
}

/** Resolves payments drivers by name; `use()` gives the configured default. */
export class PaymentsManager<
  KnownDrivers extends Record<string, PaymentsDriverFactory>,
> extends DriverManager<PaymentsDriver, KnownDrivers> {
  /**
   * The sandbox driver with its extra methods (confirmCard, completeOnboarding), or null when
   * the default driver is not the sandbox: the app's local card form and onboarding page.
   */
  async sandbox(): Promise<SandboxPaymentsDriver | null> {
    const driver = await this.use()
    return 'confirmCard' in driver ? (driver as SandboxPaymentsDriver) : null
  }
}
