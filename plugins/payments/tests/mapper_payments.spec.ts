import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import {
  asEvent,
  normaliseEvent,
  paymentIntentParams,
  paymentStatus,
  toAccountStatus,
  toPayoutDestination,
  toFailure,
  toPaymentState,
  toRefundState,
  transferParams,
} from '#plugins/payments/drivers/stripe_mapper'

const fixture = async (name: string) =>
  JSON.parse(await readFile(new URL(`./fixtures/${name}.json`, import.meta.url), 'utf8'))

test.group('Stripe mapper', () => {
  test('the payout destination is the default external account: bank and last four', ({
    assert,
  }) => {
    const bank = { object: 'bank_account', bank_name: 'STRIPE TEST BANK', last4: '6789' }
    const card = { object: 'card', brand: 'Visa', last4: '4242', default_for_currency: true }
    assert.isNull(toPayoutDestination({ id: 'acct_x' }))
    assert.isNull(toPayoutDestination({ id: 'acct_x', external_accounts: { data: [] } }))
    assert.deepEqual(toPayoutDestination({ id: 'acct_x', external_accounts: { data: [bank] } }), {
      bankName: 'STRIPE TEST BANK',
      last4: '6789',
    })
    assert.deepEqual(
      toPayoutDestination({ id: 'acct_x', external_accounts: { data: [bank, card] } }),
      { bankName: 'Visa', last4: '4242' }
    )
  })

  test('builds PaymentIntent and transfer parameters', ({ assert }) => {
    assert.deepEqual(
      paymentIntentParams({
        amountCents: 100,
        currency: 'usd',
        idempotencyKey: 'k',
        metadata: { bookingId: '1' },
        transferGroup: null,
      }),
      {
        amount: 100,
        currency: 'usd',
        automatic_payment_methods: { enabled: true },
        metadata: { bookingId: '1' },
      }
    )
    assert.notProperty(
      transferParams({
        accountId: 'acct_1',
        amountCents: 5,
        idempotencyKey: 'k',
        transferGroup: 'booking_1',
        metadata: {},
      }),
      'source_transaction'
    )
  })

  test('a failed attempt is "failed", with its message', async ({ assert }) => {
    const event = await fixture('payment_intent.payment_failed')
    assert.deepEqual(toPaymentState(event.data.object), {
      id: 'pi_3PfailXYZ',
      status: 'failed',
      amountCents: 250000,
      currency: 'usd',
      chargeId: 'ch_3PfailXYZ',
      failureMessage: 'Your card has insufficient funds.',
      metadata: { bookingId: '42' },
    })
    assert.deepEqual(normaliseEvent(asEvent(event)!), {
      action: 'payment_failed',
      eventId: 'evt_1PfailXYZ',
      data: {
        paymentId: 'pi_3PfailXYZ',
        amountCents: 250000,
        currency: 'usd',
        status: 'failed',
        chargeId: 'ch_3PfailXYZ',
        failureMessage: 'Your card has insufficient funds.',
        metadata: { bookingId: '42' },
      },
    })
    assert.equal(paymentStatus({ id: 'pi', amount: 1, status: 'requires_capture' }), 'processing')
    assert.equal(
      paymentStatus({ id: 'pi', amount: 1, status: 'requires_action' }),
      'requires_payment_method'
    )
  })

  test('account.updated, refund.updated and transfer.created normalise', async ({ assert }) => {
    const account = await fixture('account.updated')
    assert.deepEqual(normaliseEvent(account).data, {
      accountId: 'acct_1CarrierXYZ',
      connected: true,
      onboardingComplete: true,
      payoutsEnabled: false,
    })
    assert.deepEqual(
      toAccountStatus({ id: 'acct_x', requirements: { disabled_reason: 'rejected.fraud' } }),
      { connected: false, onboardingComplete: false, payoutsEnabled: false }
    )
    assert.deepEqual(normaliseEvent(await fixture('refund.updated')), {
      action: 'refund_succeeded',
      eventId: 'evt_1RefXYZ',
      data: {
        refundId: 're_3RefXYZ',
        paymentId: 'pi_3PaidXYZ',
        amountCents: 5000,
        status: 'succeeded',
      },
    })
    // A refund as refunds.retrieve answers it: the charge's currency, its payment intent.
    assert.deepEqual(toRefundState((await fixture('refund.updated')).data.object), {
      id: 're_3RefXYZ',
      paymentId: 'pi_3PaidXYZ',
      status: 'succeeded',
      amountCents: 5000,
      currency: 'usd',
    })
    const pending = await fixture('refund.updated')
    pending.data.object.status = 'pending'
    assert.equal(normaliseEvent(pending).action, 'not_supported')
    assert.deepEqual(normaliseEvent(await fixture('transfer.created')), {
      action: 'transfer_created',
      eventId: 'evt_1TrXYZ',
      data: {
        transferId: 'tr_1TrXYZ',
        accountId: 'acct_1CarrierXYZ',
        amountCents: 180000,
        transferGroup: 'booking_42',
      },
    })
  })

  test('Stripe errors map to contract codes', ({ assert }) => {
    const cases: [object, string][] = [
      [
        { type: 'StripeCardError', code: 'card_declined', decline_code: 'generic_decline' },
        'card_declined',
      ],
      [
        { type: 'StripeCardError', code: 'card_declined', decline_code: 'insufficient_funds' },
        'insufficient_funds',
      ],
      [{ type: 'StripeCardError', code: 'incorrect_number' }, 'invalid_card'],
      [
        { type: 'StripeInvalidRequestError', code: 'resource_missing', statusCode: 404 },
        'not_found',
      ],
      [{ type: 'StripeInvalidRequestError', code: 'amount_too_small' }, 'invalid_request'],
      [{ type: 'StripeIdempotencyError' }, 'idempotency_conflict'],
      [{ type: 'StripeAPIError' }, 'provider_error'],
      [{ type: 'StripeConnectionError' }, 'provider_error'],
    ]
    for (const [error, code] of cases) {
      assert.equal(toFailure({ message: 'm', ...error }).code, code, JSON.stringify(error))
    }
  })
})
