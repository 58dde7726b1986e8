import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Stripe from 'stripe'
import { SandboxPaymentsDriver, type SandboxDelivery } from '#plugins/payments/drivers/sandbox'
import { signatureHeader } from '#plugins/payments/drivers/signature'
import { paymentsContract } from './contract.js'

const SECRET = 'whsec_sandbox_test'
const TABLES = ['sandbox_refunds', 'sandbox_transfers', 'sandbox_payments', 'sandbox_accounts']

async function clean() {
  for (const table of TABLES) await db.from(table).delete()
}

function makeSandbox() {
  const deliveries: SandboxDelivery[] = []
  const driver = new SandboxPaymentsDriver({
    webhookSecret: SECRET,
    webhookUrl: 'http://127.0.0.1:3405/api/webhooks/payments',
    onboardingUrl: 'http://127.0.0.1:3405/sandbox/onboarding',
    deliver: async (delivery) => void deliveries.push(delivery),
  })
  return { driver, deliveries }
}

const card = (cardNumber: string) => ({ cardNumber, expMonth: 12, expYear: 2099, cvc: '123' })

paymentsContract('sandbox', async () => {
  const { driver } = makeSandbox()
  return {
    driver,
    reset: clean,
    sign: (payload, timestamp) => signatureHeader(payload, SECRET, timestamp),
    async succeedPayment(payment) {
      const result = await driver.confirmCard({
        paymentId: payment.id,
        clientSecret: payment.clientSecret,
        ...card('4242 4242 4242 4242'),
      })
      if (!result.ok) throw new Error(result.message)
    },
    async completeOnboarding(accountId) {
      const result = await driver.completeOnboarding(accountId)
      if (!result.ok) throw new Error(result.message)
    },
  }
})

let n = 0
const newPayment = (driver: SandboxPaymentsDriver, amountCents = 5000) =>
  driver.createPayment({
    amountCents,
    currency: 'usd',
    idempotencyKey: `sbx-${Date.now()}-${++n}`,
    metadata: { bookingId: '9' },
    transferGroup: 'booking_9',
  })

test.group('Sandbox payments driver', (group) => {
  group.each.setup(clean)

  test('ids and client secrets are shaped like Stripe', async ({ assert }) => {
    const { driver } = makeSandbox()
    const payment = await newPayment(driver)
    if (!payment.ok) return assert.fail(payment.message)
    assert.match(payment.id, /^pi_sbx_[0-9a-f]{24}$/)
    assert.match(payment.clientSecret, /^pi_sbx_[0-9a-f]{24}_secret_[0-9a-f]{24}$/)
    const account = await driver.createConnectedAccount({
      email: 'c@example.com',
      idempotencyKey: 'acct-shape',
      metadata: {},
    })
    if (!account.ok) return assert.fail(account.message)
    assert.match(account.accountId, /^acct_sbx_/)
    const link = await driver.createOnboardingLink({
      accountId: account.accountId,
      refreshUrl: 'http://x/refresh',
      returnUrl: 'http://x/return',
    })
    assert.deepEqual(link, {
      ok: true,
      url: `http://127.0.0.1:3405/sandbox/onboarding/${account.accountId}?return_url=http%3A%2F%2Fx%2Freturn&refresh_url=http%3A%2F%2Fx%2Frefresh`,
    })
  })

  test('4242 4242 4242 4242 succeeds and emits payment_intent.succeeded', async ({ assert }) => {
    const { driver, deliveries } = makeSandbox()
    const payment = await newPayment(driver)
    if (!payment.ok) return assert.fail(payment.message)
    const result = await driver.confirmCard({
      paymentId: payment.id,
      clientSecret: payment.clientSecret,
      ...card('4242 4242 4242 4242'),
    })
    assert.deepInclude(result, { ok: true, status: 'succeeded', amountCents: 5000 })
    assert.lengthOf(deliveries, 1)
    assert.equal(deliveries[0].url, 'http://127.0.0.1:3405/api/webhooks/payments')
    const parsed = await driver.parseWebhook(
      deliveries[0].payload,
      deliveries[0].headers['stripe-signature']
    )
    assert.isTrue(parsed.ok)
    if (!parsed.ok) return
    assert.equal(parsed.event.action, 'payment_succeeded')
    assert.deepInclude(parsed.event.data, {
      paymentId: payment.id,
      amountCents: 5000,
      metadata: { bookingId: '9' },
    })

    // a second confirmation is refused and emits nothing
    const again = await driver.confirmCard({
      paymentId: payment.id,
      clientSecret: payment.clientSecret,
      ...card('4242424242424242'),
    })
    assert.deepInclude(again, { ok: false, code: 'invalid_request' })
    assert.lengthOf(deliveries, 1)
  })

  test('4000 0000 0000 0002 is declined, then another card can pay', async ({ assert }) => {
    const { driver, deliveries } = makeSandbox()
    const payment = await newPayment(driver)
    if (!payment.ok) return assert.fail(payment.message)
    const declined = await driver.confirmCard({
      paymentId: payment.id,
      clientSecret: payment.clientSecret,
      ...card('4000 0000 0000 0002'),
    })
    assert.deepEqual(declined, {
      ok: false,
      code: 'card_declined',
      message: 'Your card was declined.',
    })
    assert.deepInclude(await driver.getPayment(payment.id), {
      status: 'failed',
      failureMessage: 'Your card was declined.',
      chargeId: null,
    })
    const event = await driver.parseWebhook(
      deliveries[0].payload,
      deliveries[0].headers['stripe-signature']
    )
    assert.deepInclude(event.ok ? event.event : {}, { action: 'payment_failed' })

    const retried = await driver.confirmCard({
      paymentId: payment.id,
      clientSecret: payment.clientSecret,
      ...card('4242424242424242'),
    })
    assert.deepInclude(retried, { ok: true, status: 'succeeded', failureMessage: null })
  })

  test('the events the card network emits are confirmed from its own records', async ({
    assert,
  }) => {
    const { driver, deliveries } = makeSandbox()
    const declined = await newPayment(driver)
    const paid = await newPayment(driver, 7000)
    if (!declined.ok || !paid.ok) return assert.fail('payment not created')
    await driver.confirmCard({
      paymentId: declined.id,
      clientSecret: declined.clientSecret,
      ...card('4000 0000 0000 0002'),
    })
    await driver.confirmCard({
      paymentId: paid.id,
      clientSecret: paid.clientSecret,
      ...card('4242 4242 4242 4242'),
    })
    const confirmed = []
    for (const delivery of deliveries) {
      const parsed = await driver.parseWebhook(
        delivery.payload,
        delivery.headers['stripe-signature']
      )
      if (!parsed.ok) return assert.fail(parsed.message)
      confirmed.push(await driver.confirmEvent(parsed.event))
    }
    const row = await db.from('sandbox_payments').where('id', paid.id).firstOrFail()
    assert.deepEqual(confirmed, [
      {
        ok: true,
        event: {
          action: 'payment_failed',
          eventId: JSON.parse(deliveries[0].payload).id,
          data: {
            paymentId: declined.id,
            amountCents: 5000,
            currency: 'usd',
            status: 'failed',
            chargeId: null,
            failureMessage: 'Your card was declined.',
            metadata: { bookingId: '9' },
          },
        },
      },
      {
        ok: true,
        event: {
          action: 'payment_succeeded',
          eventId: JSON.parse(deliveries[1].payload).id,
          data: {
            paymentId: paid.id,
            amountCents: 7000,
            currency: 'usd',
            status: 'succeeded',
            chargeId: row.charge_id,
            failureMessage: null,
            metadata: { bookingId: '9' },
          },
        },
      },
    ])

    // Its records changed since (here: by hand): the same signed event is now contradicted.
    await db.from('sandbox_payments').where('id', paid.id).update({ amount_cents: 6000 })
    const parsed = await driver.parseWebhook(
      deliveries[1].payload,
      deliveries[1].headers['stripe-signature']
    )
    if (!parsed.ok) return assert.fail(parsed.message)
    assert.deepEqual(await driver.confirmEvent(parsed.event), {
      ok: false,
      reason: 'contradicted',
      differences: [{ field: 'amountCents', event: 7000, provider: 6000 }],
    })
  })

  test('4000 0000 0000 9995 has insufficient funds', async ({ assert }) => {
    const { driver, deliveries } = makeSandbox()
    const payment = await newPayment(driver)
    if (!payment.ok) return assert.fail(payment.message)
    const result = await driver.confirmCard({
      paymentId: payment.id,
      clientSecret: payment.clientSecret,
      ...card('4000000000009995'),
    })
    assert.deepEqual(result, {
      ok: false,
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    })
    const event = JSON.parse(deliveries[0].payload)
    assert.equal(event.type, 'payment_intent.payment_failed')
    assert.deepEqual(event.data.object.last_payment_error, {
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    })
  })

  test('a number failing the Luhn check, a past expiry or a wrong secret change nothing', async ({
    assert,
  }) => {
    const { driver, deliveries } = makeSandbox()
    const payment = await newPayment(driver)
    if (!payment.ok) return assert.fail(payment.message)
    const base = { paymentId: payment.id, clientSecret: payment.clientSecret }
    assert.deepEqual(await driver.confirmCard({ ...base, ...card('4242 4242 4242 4241') }), {
      ok: false,
      code: 'invalid_card',
      message: 'Your card number is incorrect.',
    })
    assert.deepInclude(
      await driver.confirmCard({ ...base, ...card('4242424242424242'), expYear: 2001 }),
      { ok: false, code: 'invalid_card' }
    )
    assert.deepInclude(
      await driver.confirmCard({
        ...base,
        clientSecret: 'pi_x_secret_y',
        ...card('4242424242424242'),
      }),
      { ok: false, code: 'invalid_request' }
    )
    assert.deepInclude(await driver.getPayment(payment.id), {
      status: 'requires_payment_method',
    })
    assert.lengthOf(deliveries, 0)
  })

  test('idempotency: same key same object, concurrent first uses create one row', async ({
    assert,
  }) => {
    const { driver } = makeSandbox()
    const input = {
      amountCents: 777,
      currency: 'usd' as const,
      idempotencyKey: 'same-key',
      metadata: { a: '1', b: '2' },
      transferGroup: 'booking_1',
    }
    const results = await Promise.all([1, 2, 3, 4].map(() => driver.createPayment({ ...input })))
    const ids = new Set(results.map((r) => (r.ok ? r.id : r.code)))
    assert.equal(ids.size, 1)
    assert.match([...ids][0], /^pi_sbx_/)
    // metadata key order does not matter
    const reordered = await driver.createPayment({ ...input, metadata: { b: '2', a: '1' } })
    assert.deepInclude(reordered, { ok: true, id: [...ids][0] })
    const conflict = await driver.createPayment({ ...input, transferGroup: 'booking_2' })
    assert.deepInclude(conflict, { ok: false, code: 'idempotency_conflict' })
    const count = await db.from('sandbox_payments').count('* as total').first()
    assert.equal(Number(count.total), 1)
  })

  test('refunds: a replayed key refunds once and emits one event; racing refunds never exceed the charge', async ({
    assert,
  }) => {
    const { driver, deliveries } = makeSandbox()
    const payment = await newPayment(driver, 1000)
    if (!payment.ok) return assert.fail(payment.message)
    await driver.confirmCard({
      paymentId: payment.id,
      clientSecret: payment.clientSecret,
      ...card('4242424242424242'),
    })
    const first = await driver.refund({
      paymentId: payment.id,
      amountCents: 400,
      idempotencyKey: 'r1',
    })
    const replay = await driver.refund({
      paymentId: payment.id,
      amountCents: 400,
      idempotencyKey: 'r1',
    })
    assert.deepInclude(replay, { ok: true, id: first.ok ? first.id : 'x' })
    assert.match(first.ok ? first.id : '', /^re_sbx_/)

    const racing = await Promise.all(
      [1, 2, 3].map((i) =>
        driver.refund({ paymentId: payment.id, amountCents: 400, idempotencyKey: `race-${i}` })
      )
    )
    assert.equal(racing.filter((r) => r.ok).length, 1)
    const refunded = await db.from('sandbox_payments').where('id', payment.id).firstOrFail()
    assert.equal(Number(refunded.amount_refunded_cents), 800)

    const refundEvents = deliveries
      .map((d) => JSON.parse(d.payload))
      .filter((e) => e.type === 'refund.created')
    assert.lengthOf(refundEvents, 2)
    const parsed = await driver.parseWebhook(
      JSON.stringify(refundEvents[0]),
      signatureHeader(JSON.stringify(refundEvents[0]), SECRET)
    )
    assert.deepInclude(parsed.ok ? parsed.event : {}, { action: 'refund_succeeded' })
  })

  test('onboarding completion and transfers emit account.updated and transfer.created', async ({
    assert,
  }) => {
    const { driver, deliveries } = makeSandbox()
    const account = await driver.createConnectedAccount({
      email: 'carrier@example.com',
      idempotencyKey: 'acct-1',
      metadata: { carrierId: '3' },
    })
    if (!account.ok) return assert.fail(account.message)
    const early = await driver.transfer({
      accountId: account.accountId,
      amountCents: 100,
      idempotencyKey: 'tr-early',
      transferGroup: 'booking_3',
      metadata: {},
    })
    assert.deepInclude(early, { ok: false, code: 'invalid_request' })

    await driver.completeOnboarding(account.accountId)
    const transfer = await driver.transfer({
      accountId: account.accountId,
      amountCents: 9000,
      idempotencyKey: 'tr-1',
      transferGroup: 'booking_3',
      metadata: { bookingId: '3' },
    })
    assert.match(transfer.ok ? transfer.id : '', /^tr_sbx_/)

    const actions = []
    for (const delivery of deliveries) {
      const parsed = await driver.parseWebhook(
        delivery.payload,
        delivery.headers['stripe-signature']
      )
      if (parsed.ok) actions.push(parsed.event)
    }
    assert.deepEqual(
      actions.map((e) => e.action),
      ['account_updated', 'transfer_created']
    )
    assert.deepEqual(actions[0].data, {
      accountId: account.accountId,
      connected: true,
      onboardingComplete: true,
      payoutsEnabled: true,
    })
    assert.deepEqual(actions[1].data, {
      transferId: transfer.ok ? transfer.id : '',
      accountId: account.accountId,
      amountCents: 9000,
      transferGroup: 'booking_3',
    })
  })

  test('signs exactly like Stripe: the Stripe SDK verifies sandbox deliveries', async ({
    assert,
  }) => {
    const { driver, deliveries } = makeSandbox()
    const account = await driver.createConnectedAccount({
      email: 'x@example.com',
      idempotencyKey: 'acct-sig',
      metadata: {},
    })
    if (!account.ok) return assert.fail(account.message)
    await driver.completeOnboarding(account.accountId)
    const [delivery] = deliveries
    const event = Stripe.webhooks.constructEvent(
      delivery.payload,
      delivery.headers['stripe-signature'],
      SECRET,
      300
    )
    assert.equal(event.type, 'account.updated')
    // and the sandbox verifies what the Stripe SDK signs
    const header = Stripe.webhooks.generateTestHeaderString({
      payload: delivery.payload,
      secret: SECRET,
    })
    assert.isTrue((await driver.parseWebhook(delivery.payload, header)).ok)
  })

  test('the default delivery POSTs the signed event to the webhook URL', async ({ assert }) => {
    const http = await import('node:http')
    const received: { headers: Record<string, unknown>; body: string }[] = []
    const server = http.createServer((req, res) => {
      let body = ''
      req.on('data', (chunk) => (body += chunk))
      req.on('end', () => {
        received.push({ headers: req.headers, body })
        res.end('{}')
      })
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    try {
      const driver = new SandboxPaymentsDriver({
        webhookSecret: SECRET,
        webhookUrl: `http://127.0.0.1:${port}/api/webhooks/payments`,
      })
      const account = await driver.createConnectedAccount({
        email: 'x@example.com',
        idempotencyKey: 'acct-http',
        metadata: {},
      })
      if (!account.ok) return assert.fail(account.message)
      await driver.completeOnboarding(account.accountId)
      assert.lengthOf(received, 1)
      const parsed = await driver.parseWebhook(
        received[0].body,
        received[0].headers['stripe-signature'] as string
      )
      assert.deepInclude(parsed.ok ? parsed.event : {}, { action: 'account_updated' })
    } finally {
      server.close()
    }
  })
})
