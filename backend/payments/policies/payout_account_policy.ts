import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { ACCOUNT_NOT_FOUND } from '#payments/services/carrier_payments_service'

/** A payout account is its carrier company's: only that company's user onboards it. */
@inject()
export default class PayoutAccountPolicy extends BasePolicy {
  constructor(private carriers: CarrierProfileService) {
    super()
  }

  /** GET /sandbox/onboarding/:accountId, POST /api/sandbox/onboarding/:accountId/complete */
  async onboard(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const accountId = target.params.accountId
    if (typeof accountId !== 'string' || !accountId) return this.notFound(ACCOUNT_NOT_FOUND)
    const account = await this.carriers.findPaymentAccount(user.id)
    return this.allowedOr404(this.owns(account?.stripeAccountId, accountId), ACCOUNT_NOT_FOUND)
  }
}
