import { randomUUID } from 'node:crypto'
import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import payments from '#plugins/payments/services/main'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import AccountNoticeService from '#accounts/services/account_notice_service'
import { Clock } from '#core/clock'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { writeTransaction } from '#core/transactions'
import PayoutHoldService, { type PayoutHold } from '#payments/services/payout_hold_service'
import { CARRIER_NOT_FOUND, PAYMENT_SETUP_PATH } from '#payments/services/carrier_payments_service'
import { ProviderUnavailableException } from '#payments/services/payment_intents'

export const NO_ACCOUNT_YET = 'Connect a payout account first'

type Carrier = { id: number; email: string; firstName: string | null }

/**
 * A carrier replaces its payout account (docs/decisions/0098): a new connected account at the
 * provider, onboarded again, and the carrier's payouts held for 72 hours with a notice to the
 * email on file, so a thief who got in cannot quietly send the next payout to itself.
 */
@inject()
export default class PayoutAccountChangeService {
  constructor(
    private clock: Clock,
    private carriers: CarrierProfileService,
    private holds: PayoutHoldService,
    private notices: AccountNoticeService
  ) {}

  /** The password was checked. The new account's onboarding link, and the hold's end. */
  async replace(
    user: Carrier,
    origin: string,
    changedBy: number | null = null
  ): Promise<{ url: string; payoutsHeldUntil: string }> {
    const account = await this.carriers.findPaymentAccount(user.id)
    if (!account) throw new NotFoundException(CARRIER_NOT_FOUND)
    if (!account.stripeAccountId) throw new ConflictException(NO_ACCOUNT_YET)
    const driver = await payments.use()
    const created = await driver.createConnectedAccount({
      email: user.email,
      idempotencyKey: `carrier-${account.carrierId}-account-${randomUUID()}`,
      metadata: { carrierId: String(account.carrierId), userId: String(user.id) },
    })
    if (!created.ok) throw unavailable(created)

    const at = this.clock.now()
    const until = await writeTransaction(async (trx) => {
      await this.carriers.replaceStripeAccount(trx, account.carrierId, created.accountId)
      return this.holds.hold(trx, account.carrierId, 'payout_account', user.email, changedBy)
    })
    await this.notices.send({
      to: user.email,
      firstName: user.firstName,
      kind: 'payout_account',
      at,
      payoutsHeldUntil: until,
    })

    const back = `${origin}${PAYMENT_SETUP_PATH}`
    const link = await driver.createOnboardingLink({
      accountId: created.accountId,
      refreshUrl: back,
      returnUrl: back,
    })
    if (!link.ok) throw unavailable(link)
    return { url: link.url, payoutsHeldUntil: until.toUTC().toISO()! }
  }

  /** GET /api/carrier/payout-hold: the hold on the carrier's payouts now, if any. */
  async currentHold(userId: number): Promise<Omit<PayoutHold, 'id' | 'carrierId'> | null> {
    const carrierId = await this.carriers.findCarrierId(userId)
    if (carrierId === null) throw new NotFoundException(CARRIER_NOT_FOUND)
    const hold = await this.holds.activeFor(carrierId)
    if (!hold) return null
    const { id: _id, carrierId: _carrier, ...shown } = hold
    return shown
  }
}

function unavailable(failure: { code: string; message: string }) {
  logger.error({ code: failure.code, message: failure.message }, 'payout account change failed')
  return new ProviderUnavailableException('The payment provider is unavailable; try again')
}
