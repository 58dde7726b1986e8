import { inject } from '@adonisjs/core'
import payments from '#plugins/payments/services/main'
import CarrierProfileService, {
  type CarrierPaymentAccount,
} from '#fleet/services/carrier_profile_service'
import { DateTime } from 'luxon'
import { ONBOARDING_HOLD_REASON } from '#payments/services/payout_rules'
import PayoutHoldService from '#payments/services/payout_hold_service'

/**
 * Whether a carrier's payouts can go out now, or why they wait (released, not a failure) and
 * until when (null: until the carrier finishes onboarding, asked again on every run).
 */
export type PayoutEligibility =
  { ready: true; accountId: string } | { ready: false; reason: string; until: DateTime | null }

export const ONBOARDING_HOLD: PayoutEligibility = {
  ready: false,
  reason: ONBOARDING_HOLD_REASON,
  until: null,
}

/**
 * Per-carrier payout eligibility (docs/decisions/0043, 0111): the one place that decides
 * whether a carrier's claimed payouts go out now or wait, released, with a reason. Asked once
 * per batch for all its carriers.
 */
@inject()
export default class PayoutEligibilityService {
  constructor(
    private carriers: CarrierProfileService,
    private holds: PayoutHoldService
  ) {}

  /**
   * Whether each carrier of a batch can be paid now, and to which account. Two reasons hold a
   * carrier's payouts: a recent change to its payout account, email or phone (a payout hold,
   * decision 0098: retried when it ends), or a payout account not onboarded (a carrier marked
   * incomplete is asked about once more at the provider, in case the webhook has not arrived).
   * A carrier with no verdict is held for onboarding.
   */
  async forCarriers(carrierIds: number[]): Promise<Map<number, PayoutEligibility>> {
    const [accounts, holds] = await Promise.all([
      this.carriers.findPaymentAccountsByCarrierIds(carrierIds),
      this.holds.activeForCarriers(carrierIds),
    ])
    const verdicts = new Map<number, PayoutEligibility>()
    for (const [carrierId, hold] of holds) {
      verdicts.set(carrierId, {
        ready: false,
        reason: hold.reason,
        until: DateTime.fromISO(hold.endsAt),
      })
    }
    for (const account of accounts) {
      if (verdicts.has(account.carrierId)) continue
      const accountId = await this.readyAccount(account)
      verdicts.set(account.carrierId, accountId ? { ready: true, accountId } : ONBOARDING_HOLD)
    }
    return verdicts
  }

  /** The carrier's connected account when it can receive transfers, else null. */
  private async readyAccount(account: CarrierPaymentAccount): Promise<string | null> {
    if (!account.stripeAccountId) return null
    if (account.stripeOnboardingCompleted) return account.stripeAccountId
    const status = await (await payments.use()).getAccountStatus(account.stripeAccountId)
    if (!status.ok || !status.onboardingComplete || !status.payoutsEnabled) return null
    await this.carriers.markStripeOnboardingCompleted(account.carrierId)
    return account.stripeAccountId
  }
}
