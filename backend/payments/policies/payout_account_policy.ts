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

  async onboard(user: Actor, target: RouteTarget) {
    const accountId = target.params.accountId
    if (!this.isApprovedCarrier(user) || typeof accountId !== 'string' || !accountId) {
      return this.notFound(ACCOUNT_NOT_FOUND)
    }
    const account = await this.carriers.findPaymentAccount(user.id)
    return account?.stripeAccountId === accountId ? true : this.notFound(ACCOUNT_NOT_FOUND)
  }
}
