import { test } from '@japa/runner'
import Stripe from 'stripe'
import { createStripeDriver } from '#plugins/payments/drivers/stripe'
import { paymentsContract } from './contract.js'
import { StripeStandIn } from './stripe_stand_in.js'

const WEBHOOK_SECRET = 'whsec_test_standin'

async function makeDriver(standIn: StripeStandIn) {
  return createStripeDriver({
    secretKey: 'sk_test_standin',
    publishableKey: 'pk_test_standin',
    webhookSecret: WEBHOOK_SECRET,
    host: '127.0.0.1',
    port: standIn.port,
    protocol: 'http',
    maxNetworkRetries: 0,
  })
}

const sign = (payload: string, timestamp?: number) =>
  Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: WEBHOOK_SECRET,
    ...(timestamp === undefined ? {} : { timestamp }),
  })

paymentsContract('stripe (local stand-in)', async () => {
  const contractStandIn = await new StripeStandIn().start()
  const driver = await makeDriver(contractStandIn)
  return {
    driver,
    close: () => contractStandIn.stop(),
    sign,
    reset: async () => contractStandIn.reset(),
    succeedPayment: async (payment) => contractStandIn.succeed(payment.id),
    completeOnboarding: async (accountId) => contractStandIn.completeOnboarding(accountId),
  }
})

test.group('Stripe payments driver: requests', (group) => {
  const standIn = new StripeStandIn()
  group.setup(async () => {
    await standIn.start()
    return () => standIn.stop()
  })
  group.each.setup(() => standIn.reset())

  test('creates a PaymentIntent with the booking metadata and the Idempotency-Key', async ({
    assert,
  }) => {
    const driver = await makeDriver(standIn)
    const result = await driver.createPayment({
      amountCents: 123_45,
      currency: 'usd',
      idempotencyKey: 'booking-42-payment',
      metadata: { bookingId: '42', reference: 'PL-42' },
      transferGroup: 'booking_42',
    })
    assert.deepInclude(result, { ok: true, amountCents: 12345, status: 'requires_payment_method' })
    const [request] = standIn.requests
    assert.equal(request.method, 'POST')
    assert.equal(request.path, '/v1/payment_intents')
    assert.equal(request.idempotencyKey, 'booking-42-payment')
    assert.equal(request.authorization, 'Bearer sk_test_standin')
    assert.deepEqual(request.form, {
      'amount': '12345',
      'currency': 'usd',
      'automatic_payment_methods[enabled]': 'true',
      'metadata[bookingId]': '42',
      'metadata[reference]': 'PL-42',
      'transfer_group': 'booking_42',
    })
  })

  test('refunds, accounts, account links and transfers send what Stripe expects', async ({
    assert,
  }) => {
    const driver = await makeDriver(standIn)
    const payment = await driver.createPayment({
      amountCents: 50_00,
      currency: 'usd',
      idempotencyKey: 'p1',
      metadata: {},
      transferGroup: 'booking_7',
    })
    if (!payment.ok) return assert.fail(payment.message)
    standIn.succeed(payment.id)
    await driver.refund({ paymentId: payment.id, amountCents: 10_00, idempotencyKey: 'r1' })
    const account = await driver.createConnectedAccount({
      email: 'carrier@example.com',
      idempotencyKey: 'carrier-7-account',
      metadata: { carrierId: '7' },
    })
    if (!account.ok) return assert.fail(account.message)
    await driver.createOnboardingLink({
      accountId: account.accountId,
      refreshUrl: 'https://app.test/refresh',
      returnUrl: 'https://app.test/return',
    })
    await driver.getAccountStatus(account.accountId)
    standIn.completeOnboarding(account.accountId)
    const state = await driver.getPayment(payment.id)
    const chargeId = state.ok ? state.chargeId! : ''
    const transfer = await driver.transfer({
      accountId: account.accountId,
      amountCents: 45_00,
      idempotencyKey: 'booking-7-payout',
      transferGroup: 'booking_7',
      sourceTransaction: chargeId,
      metadata: { bookingId: '7' },
    })
    assert.isTrue(transfer.ok)

    const calls = standIn.requests.map((r) => ({
      call: `${r.method} ${r.path}`,
      form: r.form,
      key: r.idempotencyKey,
    }))
    assert.deepEqual(calls.slice(1), [
      {
        call: 'POST /v1/refunds',
        form: { payment_intent: payment.id, amount: '1000' },
        key: 'r1',
      },
      {
        call: 'POST /v1/accounts',
        form: {
          'type': 'express',
          'country': 'US',
          'email': 'carrier@example.com',
          'capabilities[transfers][requested]': 'true',
          'metadata[carrierId]': '7',
        },
        key: 'carrier-7-account',
      },
      {
        call: 'POST /v1/account_links',
        form: {
          account: account.accountId,
          refresh_url: 'https://app.test/refresh',
          return_url: 'https://app.test/return',
          type: 'account_onboarding',
        },
        key: calls[3].key,
      },
      { call: `GET /v1/accounts/${account.accountId}`, form: {}, key: undefined },
      { call: `GET /v1/payment_intents/${payment.id}`, form: {}, key: undefined },
      {
        call: 'POST /v1/transfers',
        form: {
          'amount': '4500',
          'currency': 'usd',
          'destination': account.accountId,
          'transfer_group': 'booking_7',
          'source_transaction': chargeId,
          'metadata[bookingId]': '7',
        },
        key: 'booking-7-payout',
      },
    ])
  })

  test('Stripe errors become typed failures', async ({ assert }) => {
    const driver = await makeDriver(standIn)
    assert.deepEqual(await driver.getPayment('pi_nope'), {
      ok: false,
      code: 'not_found',
      message: "No such payment_intent: 'pi_nope'",
    })
    await driver.createPayment({
      amountCents: 100,
      currency: 'usd',
      idempotencyKey: 'k',
      metadata: {},
      transferGroup: null,
    })
    assert.deepInclude(
      await driver.createPayment({
        amountCents: 200,
        currency: 'usd',
        idempotencyKey: 'k',
        metadata: {},
        transferGroup: null,
      }),
      { ok: false, code: 'idempotency_conflict' }
    )
  })

  test('an unreachable Stripe is a provider_error', async ({ assert }) => {
    const closed = new StripeStandIn()
    await closed.start()
    const driver = await makeDriver(closed)
    await closed.stop()
    assert.deepInclude(await driver.getPayment('pi_1'), { ok: false, code: 'provider_error' })
  })

  test('confirmEvent retrieves the object from Stripe, never trusting the event', async ({
    assert,
  }) => {
    const driver = await makeDriver(standIn)
    const payment = await driver.createPayment({
      amountCents: 80_00,
      currency: 'usd',
      idempotencyKey: 'confirm-1',
      metadata: { bookingId: '5' },
      transferGroup: 'booking_5',
    })
    if (!payment.ok) return assert.fail(payment.message)
    const succeeded = {
      action: 'payment_succeeded' as const,
      eventId: 'evt_confirm_1',
      data: {
        paymentId: payment.id,
        amountCents: 8000,
        currency: 'usd',
        status: 'succeeded' as const,
        chargeId: null,
        failureMessage: null,
        metadata: { bookingId: '5' },
      },
    }
    // The card was never confirmed: Stripe says requires_payment_method.
    assert.deepEqual(await driver.confirmEvent(succeeded), {
      ok: false,
      reason: 'contradicted',
      differences: [{ field: 'status', event: 'succeeded', provider: 'requires_payment_method' }],
    })
    standIn.succeed(payment.id)
    const confirmed = await driver.confirmEvent(succeeded)
    assert.deepInclude(confirmed, { ok: true })
    const refund = await driver.refund({ paymentId: payment.id, idempotencyKey: 'confirm-r' })
    if (!refund.ok) return assert.fail(refund.message)
    await driver.confirmEvent({
      action: 'refund_succeeded',
      eventId: 'evt_confirm_2',
      data: { refundId: refund.id, paymentId: payment.id, amountCents: 8000, status: 'succeeded' },
    })
    assert.deepEqual(
      standIn.requests
        .filter((r) => r.method === 'GET')
        .map((r) => ({ call: `${r.method} ${r.path}`, form: r.form, key: r.idempotencyKey })),
      [
        { call: `GET /v1/payment_intents/${payment.id}`, form: {}, key: undefined },
        { call: `GET /v1/payment_intents/${payment.id}`, form: {}, key: undefined },
        { call: `GET /v1/refunds/${refund.id}`, form: {}, key: undefined },
      ]
    )
  })

  test('a Stripe that cannot be reached leaves the event unconfirmed: unavailable', async ({
    assert,
  }) => {
    const closed = new StripeStandIn()
    await closed.start()
    const driver = await makeDriver(closed)
    await closed.stop()
    const confirmed = await driver.confirmEvent({
      action: 'refund_succeeded',
      eventId: 'evt_down',
      data: { refundId: 're_1', paymentId: 'pi_1', amountCents: 100, status: 'succeeded' },
    })
    assert.deepInclude(confirmed, { ok: false, reason: 'unavailable', code: 'provider_error' })
  })

  test('clientConfig exposes only the publishable key', async ({ assert }) => {
    const driver = await makeDriver(standIn)
    assert.deepEqual(driver.clientConfig(), { driver: 'stripe', publishableKey: 'pk_test_standin' })
  })

  test('the factory refuses to start without keys', async ({ assert }) => {
    await assert.rejects(
      () => createStripeDriver({ secretKey: '', publishableKey: null, webhookSecret: 'x' }),
      /STRIPE_SECRET_KEY/
    )
  })
})
