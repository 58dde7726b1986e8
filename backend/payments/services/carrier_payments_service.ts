import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import payments from '#plugins/payments/services/main'
import type { AccountStatus, PaymentFailure, PayoutDestination } from '#plugins/payments/main'
import CarrierProfileService, {
  type CarrierPaymentAccount,
} from '#fleet/services/carrier_profile_service'
import { fromCents, splitPayout, toCents } from '#core/money'
import { bookingReference, expeditedReference } from '#core/reference'
import { NotFoundException } from '#core/exceptions/http_errors'
import PayoutService from '#payments/services/payout_service'
import { isoUtc } from '#core/timestamps'
import { ProviderUnavailableException } from '#payments/services/payment_intents'
import QuickPayService, {
  QUICK_PAY_COLUMNS,
  quoteOf,
  type QuickPayFacts,
  type QuickPayQuote,
} from '#payments/services/quick_pay_service'
import ClaimRecoveryService, {
  type RecoveryDeductionView,
} from '#payments/services/claim_recovery_service'

/** Where the provider sends the carrier back after (or instead of) its onboarding form. */
export const PAYMENT_SETUP_PATH = '/carrier#payments'

/** At most this many payouts (bookings and expedited jobs) in the payout history. */
export const PAYOUT_HISTORY_LIMIT = 500

export const CARRIER_NOT_FOUND = 'Carrier profile not found'
export const ACCOUNT_NOT_FOUND = 'Payout account not found'

export type PayoutHistoryEntry = {
  /** the booking's id, or the expedited job's (`kind`) */
  id: number
  /** what the payout is for: a booking (TRT-), or a delivered expedited job (EXP-, 0188) */
  kind: 'booking' | 'expedited'
  reference: string
  pickupAddress: string | null
  deliveryAddress: string | null
  createdAt: string
  totalAmount: number
  payoutAmount: number
  paymentStatus: string
  payoutStatus: string
  payoutReleasedAt: string | null
  payoutFailureReason: string | null
  /** the carrier's share of a cancelled booking's late-cancel fee (docs/decisions/0178) */
  lateCancelFee: boolean
  /**
   * the quick-pay fee taken off `payoutAmount` when the carrier took the payout at once
   * (docs/decisions/0222), cents; null when it did not
   */
  quickPayFeeCents: number | null
  /**
   * a booking's quick-pay quote while its payout is pending (available, or why not); null for
   * an expedited job and once the payout is released
   */
  quickPay: QuickPayQuote | null
  /** cargo-claim recoveries netted from this payout (docs/decisions/0254) */
  recoveryDeductions: RecoveryDeductionView[]
}

type PayoutRow = QuickPayFacts & {
  id: number
  pickup_address: string | null
  delivery_address: string | null
  created_at: Date | string
  total_amount: string | number | null
  payment_status: string
  payout_status: string
  payout_released_at: Date | string | null
  payout_failure_reason: string | null
  status: string
  cancellation_fee_cents: string | number | null
}

/** The account as Payment Setup shows it: its state and where its payouts land. */
export type PayoutAccountView = AccountStatus & { payoutDestination: PayoutDestination | null }

const NOT_CONNECTED: PayoutAccountView = {
  connected: false,
  onboardingComplete: false,
  payoutsEnabled: false,
  payoutDestination: null,
}

/**
 * A carrier's payout account (docs/spec.md §7): its status at the provider, the hosted
 * onboarding that connects it, the sandbox's stand-in for that form, and the payout history
 * of the carrier's bookings. docs/decisions records the choices.
 */
@inject()
export default class CarrierPaymentsService {
  constructor(
    private carriers: CarrierProfileService,
    private payoutService: PayoutService,
    private quickPay: QuickPayService,
    private recoveries: ClaimRecoveryService
  ) {}

  /** GET /api/carrier/stripe-status; remembers a completed onboarding on the carrier. */
  async status(userId: number): Promise<PayoutAccountView> {
    const account = await this.account(userId)
    if (!account.stripeAccountId) return NOT_CONNECTED
    const driver = await payments.use()
    const status = await driver.getAccountStatus(account.stripeAccountId)
    if (!status.ok) {
      if (status.code === 'not_found') return NOT_CONNECTED
      throw providerFailure(status)
    }
    const result: PayoutAccountView = {
      connected: status.connected,
      onboardingComplete: status.onboardingComplete,
      payoutsEnabled: status.payoutsEnabled,
      payoutDestination: await this.destination(account.stripeAccountId),
    }
    if (result.onboardingComplete && !account.stripeOnboardingCompleted) {
      // Recorded on the carrier; once it can receive transfers, payouts held for the
      // unfinished onboarding go out now.
      if (result.payoutsEnabled) await this.payoutService.carrierOnboarded(account.carrierId)
      else await this.carriers.markStripeOnboardingCompleted(account.carrierId)
    }
    return result
  }

  /**
   * Where the account's payouts land (bank name, last four), when the provider tells; null
   * otherwise. A provider that cannot answer now costs Payment Setup the line, not the page.
   */
  private async destination(accountId: string): Promise<PayoutDestination | null> {
    const driver = await payments.use()
    if (!driver.getPayoutDestination) return null
    const found = await driver.getPayoutDestination(accountId)
    if (!found.ok) {
      logger.warn({ accountId, code: found.code }, 'payout destination unavailable')
      return null
    }
    return found.destination
  }

  /**
   * POST /api/carrier/stripe-onboard: the connected account is created once (idempotency key
   * `carrier-<id>-account`), then every call gets a fresh onboarding link.
   */
  async onboard(userId: number, email: string, origin: string): Promise<{ url: string }> {
    const account = await this.account(userId)
    const driver = await payments.use()
    let accountId = account.stripeAccountId
    if (!accountId) {
      const created = await driver.createConnectedAccount({
        email,
        idempotencyKey: `carrier-${account.carrierId}-account`,
        metadata: { carrierId: String(account.carrierId), userId: String(userId) },
      })
      if (!created.ok) throw providerFailure(created)
      accountId = await this.carriers.setStripeAccount(account.carrierId, created.accountId)
    }
    const back = `${origin}${PAYMENT_SETUP_PATH}`
    const link = await driver.createOnboardingLink({
      accountId,
      refreshUrl: back,
      returnUrl: back,
    })
    if (!link.ok) throw providerFailure(link)
    return { url: link.url }
  }

  /**
   * The sandbox's onboarding page exists only while the sandbox is the active driver (404
   * otherwise). PayoutAccountPolicy has already checked the account is the carrier's own.
   */
  async assertSandboxOnboarding(): Promise<void> {
    if (!(await payments.sandbox())) throw new NotFoundException(ACCOUNT_NOT_FOUND)
  }

  /**
   * POST /api/sandbox/onboarding/:accountId/complete: the carrier finished the form.
   * PayoutAccountPolicy has already checked `accountId` is this carrier's own account.
   */
  async completeSandboxOnboarding(userId: number, accountId: string): Promise<PayoutAccountView> {
    const sandbox = await payments.sandbox()
    if (!sandbox) throw new NotFoundException(ACCOUNT_NOT_FOUND)
    const completed = await sandbox.completeOnboarding(accountId)
    if (!completed.ok) {
      if (completed.code === 'not_found') throw new NotFoundException(ACCOUNT_NOT_FOUND)
      throw providerFailure(completed)
    }
    return this.status(userId)
  }

  /**
   * GET /api/carrier/payouts: the carrier's bookings with their payout, newest first. A
   * cancelled booking is owed nothing and is not listed, unless it kept a late-cancel fee for
   * the carrier: then the entry is that fee's payout, once released (docs/decisions/0178).
   * A delivered expedited job the carrier was paid for through the platform is its EXP row,
   * from its delivery on (docs/decisions/0188).
   */
  async payouts(userId: number): Promise<PayoutHistoryEntry[]> {
    const account = await this.account(userId)
    const [bookings, expedited] = await Promise.all([
      this.bookingPayouts(account.carrierId),
      this.expeditedPayouts(account.carrierId),
    ])
    const entries = [...bookings, ...expedited]
      .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id - a.id)
      .slice(0, PAYOUT_HISTORY_LIMIT)
    const ofKind = (kind: 'booking' | 'expedited') =>
      this.recoveries.deductionsOf(
        kind,
        entries.filter((e) => e.kind === kind && e.payoutStatus !== 'pending').map((e) => e.id)
      )
    const [byBooking, byJob] = await Promise.all([ofKind('booking'), ofKind('expedited')])
    for (const entry of entries) {
      entry.recoveryDeductions = (entry.kind === 'booking' ? byBooking : byJob).get(entry.id) ?? []
    }
    return entries
  }

  private async expeditedPayouts(carrierId: number): Promise<PayoutHistoryEntry[]> {
    const rows = await db
      .from('expedited_payments as p')
      .join('expedited_jobs as j', 'j.id', 'p.expedited_job_id')
      .where('p.carrier_id', carrierId)
      .whereNotNull('p.payout_status')
      .select(
        'j.id',
        'j.origin_city',
        'j.origin_state',
        'j.dest_city',
        'j.dest_state',
        'j.created_at',
        'p.amount_cents',
        'p.payout_status',
        'p.payout_released_at',
        'p.payout_failure_reason'
      )
      .orderBy('j.created_at', 'desc')
      .limit(PAYOUT_HISTORY_LIMIT)
    return rows.map((row) => {
      const cents = Number(row.amount_cents)
      return {
        id: Number(row.id),
        kind: 'expedited' as const,
        reference: expeditedReference(Number(row.id)),
        pickupAddress: `${row.origin_city}, ${row.origin_state}`,
        deliveryAddress: `${row.dest_city}, ${row.dest_state}`,
        createdAt: isoUtc(row.created_at)!,
        totalAmount: fromCents(cents),
        payoutAmount: fromCents(splitPayout(cents).payoutCents),
        paymentStatus: 'paid',
        payoutStatus: row.payout_status,
        payoutReleasedAt: isoUtc(row.payout_released_at),
        payoutFailureReason: row.payout_failure_reason,
        lateCancelFee: false,
        quickPayFeeCents: null,
        quickPay: null,
        recoveryDeductions: [],
      }
    })
  }

  private async bookingPayouts(carrierId: number): Promise<PayoutHistoryEntry[]> {
    const rows: PayoutRow[] = await db
      .from('bookings')
      .where('carrier_id', carrierId)
      .where((q) =>
        q
          .whereNot('status', 'cancelled')
          .orWhere((fee) =>
            fee.where('cancellation_fee_cents', '>', 0).whereNot('payout_status', 'pending')
          )
      )
      .select(
        ...QUICK_PAY_COLUMNS,
        'cancellation_fee_cents',
        'pickup_address',
        'delivery_address',
        'created_at',
        'payout_released_at',
        'payout_failure_reason'
      )
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(PAYOUT_HISTORY_LIMIT)
    // The carrier's standing (a payout hold, onboarding) is asked once, and only when a
    // delivered, paid booking still waits for its release.
    const open = rows.some(
      (row) =>
        row.payout_status === 'pending' &&
        row.status === 'delivered' &&
        row.payment_status === 'paid'
    )
    const standing = open ? await this.quickPay.standing(carrierId) : 'ready'
    // What recoveries the carrier owes would take from each payout still open to quick pay.
    const quoted = rows.filter(
      (row) => row.status !== 'cancelled' && row.payout_status === 'pending'
    )
    const owed = await this.recoveries.owed(
      'booking',
      quoted.map((row) => ({ id: Number(row.id), carrierId }))
    )
    return rows.map((row) => {
      const lateCancelFee = row.status === 'cancelled'
      const totalCents = lateCancelFee
        ? Number(row.cancellation_fee_cents)
        : toCents(row.total_amount ?? 0)
      return {
        id: row.id,
        kind: 'booking' as const,
        reference: bookingReference(row.id),
        pickupAddress: row.pickup_address,
        deliveryAddress: row.delivery_address,
        createdAt: isoUtc(row.created_at)!,
        totalAmount: fromCents(totalCents),
        payoutAmount: fromCents(splitPayout(totalCents).payoutCents),
        paymentStatus: row.payment_status,
        payoutStatus: row.payout_status,
        payoutReleasedAt: isoUtc(row.payout_released_at),
        payoutFailureReason: row.payout_failure_reason,
        lateCancelFee,
        quickPayFeeCents: row.quick_pay_fee_cents === null ? null : Number(row.quick_pay_fee_cents),
        quickPay:
          lateCancelFee || row.payout_status !== 'pending'
            ? null
            : quoteOf(row, standing, ClaimRecoveryService.owedBy(owed, Number(row.id), carrierId)),
        recoveryDeductions: [],
      }
    })
  }

  private async account(userId: number): Promise<CarrierPaymentAccount> {
    const account = await this.carriers.findPaymentAccount(userId)
    if (!account) throw new NotFoundException(CARRIER_NOT_FOUND)
    return account
  }
}

function providerFailure(failure: PaymentFailure) {
  logger.error(
    { code: failure.code, message: failure.message },
    'carrier payout account call failed'
  )
  return new ProviderUnavailableException('The payment provider is unavailable; try again')
}
