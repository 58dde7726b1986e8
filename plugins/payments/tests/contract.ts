/**
 * The shared contract suite every payments driver passes. A harness gives the driver plus the
 * few things only the provider's side can do: make a payment succeed (the customer's card),
 * finish a carrier's onboarding, and sign a webhook body with the driver's secret.
 */
import { test } from '@japa/runner'
import type { CreatedPayment, PaymentsDriver, PaymentsWebhookEvent } from '../types.js'

export type ContractHarness = {
  driver: PaymentsDriver
  /** the customer confirms a working card */
  succeedPayment(payment: CreatedPayment): Promise<void>
  /** the carrier finishes the hosted onboarding */
  completeOnboarding(accountId: string): Promise<void>
  /** a signature header for `payload` as the provider would send it */
  sign(payload: string, timestamp?: number): string
  /** forget all state between tests */
  reset(): Promise<void>
  /** release what the harness started (a stand-in server) */
  close?(): Promise<void>
}

let counter = 0
const key = (label: string) => `${label}-${process.pid}-${Date.now()}-${++counter}`

const paymentInput = (amountCents = 125_00) => ({
  amountCents,
  currency: 'usd' as const,
  idempotencyKey: key('pay'),
  metadata: { bookingId: '42' },
  transferGroup: 'booking_42',
})

/** Parses a signed Stripe-shaped event through the driver, as the webhook endpoint does. */
async function parse(h: ContractHarness, payload: string): Promise<PaymentsWebhookEvent> {
  const result = await h.driver.parseWebhook(payload, h.sign(payload))
  if (!result.ok) throw new Error(result.message)
  return result.event
}

const envelope = (type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id: key('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  })

/** A payment_intent event for `id`, claiming a $50.00 success for booking 42 unless changed. */
const intentEvent = (type: string, id: string, changes: Record<string, unknown> = {}) =>
  envelope(type, {
    id,
    object: 'payment_intent',
    amount: 5000,
    currency: 'usd',
    status: 'succeeded',
    latest_charge: null,
    last_payment_error: null,
    metadata: { bookingId: '42' },
    ...changes,
  })

const refundEvent = (id: string, paymentId: string, amount: number) =>
  envelope('refund.updated', {
    id,
    object: 'refund',
    amount,
    currency: 'usd',
    status: 'succeeded',
    payment_intent: paymentId,
  })

/** An account.updated claiming the carrier finished onboarding and can be paid. */
const accountEvent = (id: string) =>
  envelope('account.updated', {
    id,
    object: 'account',
    details_submitted: true,
    payouts_enabled: true,
    charges_enabled: true,
    requirements: { disabled_reason: null },
  })

export function paymentsContract(name: string, makeHarness: () => Promise<ContractHarness>) {
  test.group(`Payments contract: ${name}`, (group) => {
    let h: ContractHarness
    group.setup(async () => {
      h = await makeHarness()
      return () => h.close?.()
    })
    group.each.setup(async () => {
      await h.reset()
    })

    test('creates a payment with a client secret', async ({ assert }) => {
      const created = await h.driver.createPayment(paymentInput())
      assert.isTrue(created.ok)
      if (!created.ok) return
      assert.match(created.id, /^pi_/)
      assert.isTrue(created.clientSecret.startsWith(`${created.id}_secret_`))
      assert.equal(created.status, 'requires_payment_method')
      assert.equal(created.amountCents, 12500)

      const state = await h.driver.getPayment(created.id)
      assert.deepEqual(state, {
        ok: true,
        id: created.id,
        status: 'requires_payment_method',
        amountCents: 12500,
        currency: 'usd',
        chargeId: null,
        failureMessage: null,
        metadata: { bookingId: '42' },
      })
    })

    test('the same idempotency key gives the same payment; other parameters are refused', async ({
      assert,
    }) => {
      const input = paymentInput()
      const first = await h.driver.createPayment(input)
      const again = await h.driver.createPayment({ ...input })
      assert.isTrue(first.ok && again.ok)
      if (!first.ok || !again.ok) return
      assert.equal(again.id, first.id)
      assert.equal(again.clientSecret, first.clientSecret)

      const conflict = await h.driver.createPayment({ ...input, amountCents: 999 })
      assert.deepInclude(conflict, { ok: false, code: 'idempotency_conflict' })
    })

    test('refuses amounts that are not positive integer cents', async ({ assert }) => {
      for (const amountCents of [0, -5, 12.5]) {
        const result = await h.driver.createPayment(paymentInput(amountCents))
        assert.deepInclude(result, { ok: false, code: 'invalid_request' })
      }
    })

    test('an unknown payment is not_found', async ({ assert }) => {
      const result = await h.driver.getPayment('pi_does_not_exist')
      assert.deepInclude(result, { ok: false, code: 'not_found' })
    })

    test('a succeeded payment has a charge and can be refunded, not beyond its amount', async ({
      assert,
    }) => {
      const created = await h.driver.createPayment(paymentInput(100_00))
      assert.isTrue(created.ok)
      if (!created.ok) return
      await h.succeedPayment(created)
      const state = await h.driver.getPayment(created.id)
      assert.isTrue(state.ok)
      if (!state.ok) return
      assert.equal(state.status, 'succeeded')
      assert.match(state.chargeId ?? '', /^ch_/)

      const partial = await h.driver.refund({
        paymentId: created.id,
        amountCents: 30_00,
        idempotencyKey: key('refund'),
      })
      assert.deepInclude(partial, { ok: true, status: 'succeeded', amountCents: 3000 })
      const tooMuch = await h.driver.refund({
        paymentId: created.id,
        amountCents: 80_00,
        idempotencyKey: key('refund'),
      })
      assert.deepInclude(tooMuch, { ok: false, code: 'invalid_request' })
      const rest = await h.driver.refund({ paymentId: created.id, idempotencyKey: key('refund') })
      assert.deepInclude(rest, { ok: true, status: 'succeeded', amountCents: 7000 })

      // The provider's record of a refund reads back as it was made.
      if (!partial.ok) return
      assert.deepEqual(await h.driver.getRefund(partial.id), {
        ok: true,
        id: partial.id,
        paymentId: created.id,
        status: 'succeeded',
        amountCents: 3000,
        currency: 'usd',
      })
      assert.deepInclude(await h.driver.getRefund('re_does_not_exist'), {
        ok: false,
        code: 'not_found',
      })
    })

    test('refunding a payment that has not succeeded is an invalid request', async ({ assert }) => {
      const created = await h.driver.createPayment(paymentInput())
      if (!created.ok) return assert.fail('payment not created')
      const refund = await h.driver.refund({ paymentId: created.id, idempotencyKey: key('r') })
      assert.deepInclude(refund, { ok: false, code: 'invalid_request' })
    })

    test('onboards a connected account and pays it out', async ({ assert }) => {
      const account = await h.driver.createConnectedAccount({
        email: 'carrier@example.com',
        idempotencyKey: key('acct'),
        metadata: { carrierId: '7' },
      })
      assert.isTrue(account.ok)
      if (!account.ok) return
      assert.match(account.accountId, /^acct_/)

      const link = await h.driver.createOnboardingLink({
        accountId: account.accountId,
        refreshUrl: 'http://127.0.0.1/refresh',
        returnUrl: 'http://127.0.0.1/return',
      })
      assert.isTrue(link.ok)
      if (link.ok) assert.match(link.url, /^https?:\/\//)

      assert.deepEqual(await h.driver.getAccountStatus(account.accountId), {
        ok: true,
        connected: true,
        onboardingComplete: false,
        payoutsEnabled: false,
      })
      await h.completeOnboarding(account.accountId)
      assert.deepEqual(await h.driver.getAccountStatus(account.accountId), {
        ok: true,
        connected: true,
        onboardingComplete: true,
        payoutsEnabled: true,
      })

      const payment = await h.driver.createPayment(paymentInput(200_00))
      if (!payment.ok) return assert.fail('payment not created')
      await h.succeedPayment(payment)
      const state = await h.driver.getPayment(payment.id)
      if (!state.ok) return assert.fail('payment not found')

      const transferInput = {
        accountId: account.accountId,
        amountCents: 180_00,
        idempotencyKey: key('tr'),
        transferGroup: 'booking_42',
        sourceTransaction: state.chargeId ?? undefined,
        metadata: { bookingId: '42' },
      }
      const transfer = await h.driver.transfer(transferInput)
      assert.isTrue(transfer.ok)
      if (!transfer.ok) return
      assert.match(transfer.id, /^tr_/)
      assert.equal(transfer.amountCents, 18000)
      const replay = await h.driver.transfer({ ...transferInput })
      assert.deepInclude(replay, { ok: true, id: transfer.id })
    })

    test('an unknown account is not_found', async ({ assert }) => {
      assert.deepInclude(await h.driver.getAccountStatus('acct_missing'), {
        ok: false,
        code: 'not_found',
      })
      const transfer = await h.driver.transfer({
        accountId: 'acct_missing',
        amountCents: 100,
        idempotencyKey: key('tr'),
        transferGroup: 'booking_1',
        metadata: {},
      })
      assert.deepInclude(transfer, { ok: false })
    })

    test('parses a signed webhook into a normalised event', async ({ assert }) => {
      const payload = JSON.stringify({
        id: 'evt_contract_1',
        object: 'event',
        type: 'payment_intent.succeeded',
        created: Math.floor(Date.now() / 1000),
        data: {
          object: {
            id: 'pi_contract_1',
            object: 'payment_intent',
            amount: 5000,
            currency: 'usd',
            status: 'succeeded',
            latest_charge: 'ch_contract_1',
            last_payment_error: null,
            metadata: { bookingId: '42' },
          },
        },
      })
      const result = await h.driver.parseWebhook(Buffer.from(payload), h.sign(payload))
      assert.deepEqual(result, {
        ok: true,
        event: {
          action: 'payment_succeeded',
          eventId: 'evt_contract_1',
          data: {
            paymentId: 'pi_contract_1',
            amountCents: 5000,
            currency: 'usd',
            status: 'succeeded',
            chargeId: 'ch_contract_1',
            failureMessage: null,
            metadata: { bookingId: '42' },
          },
        },
      })
    })

    test('refuses webhooks with a bad signature, a stale timestamp or a malformed body', async ({
      assert,
    }) => {
      const payload = JSON.stringify({
        id: 'evt_2',
        object: 'event',
        type: 'account.updated',
        data: { object: { id: 'acct_1', object: 'account' } },
      })
      const tampered = payload.replace('acct_1', 'acct_2')
      assert.deepInclude(await h.driver.parseWebhook(tampered, h.sign(payload)), {
        ok: false,
        reason: 'bad_signature',
      })
      assert.deepInclude(await h.driver.parseWebhook(payload, undefined), {
        ok: false,
        reason: 'bad_signature',
      })
      assert.deepInclude(await h.driver.parseWebhook(payload, 'garbage'), {
        ok: false,
        reason: 'bad_signature',
      })
      const stale = Math.floor(Date.now() / 1000) - 301
      assert.deepInclude(await h.driver.parseWebhook(payload, h.sign(payload, stale)), {
        ok: false,
        reason: 'stale',
      })
      const future = Math.floor(Date.now() / 1000) + 301
      assert.deepInclude(await h.driver.parseWebhook(payload, h.sign(payload, future)), {
        ok: false,
        reason: 'stale',
      })
      const recent = Math.floor(Date.now() / 1000) - 200
      assert.deepInclude(await h.driver.parseWebhook(payload, h.sign(payload, recent)), {
        ok: true,
      })
      const skewed = Math.floor(Date.now() / 1000) + 200
      assert.deepInclude(await h.driver.parseWebhook(payload, h.sign(payload, skewed)), {
        ok: true,
      })
      for (const body of ['not json', '{"id":"evt_3"}', '[]']) {
        assert.deepInclude(await h.driver.parseWebhook(body, h.sign(body)), {
          ok: false,
          reason: 'malformed',
        })
      }
    })

    test('confirmEvent: a signed success for an intent whose card was never confirmed is contradicted', async ({
      assert,
    }) => {
      const created = await h.driver.createPayment(paymentInput(50_00))
      if (!created.ok) return assert.fail('payment not created')
      const event = await parse(h, intentEvent('payment_intent.succeeded', created.id))
      const confirmed = await h.driver.confirmEvent(event)
      assert.deepEqual(confirmed, {
        ok: false,
        reason: 'contradicted',
        differences: [{ field: 'status', event: 'succeeded', provider: 'requires_payment_method' }],
      })
    })

    test('confirmEvent: a success the provider agrees with comes back as the provider has it', async ({
      assert,
    }) => {
      const created = await h.driver.createPayment(paymentInput(50_00))
      if (!created.ok) return assert.fail('payment not created')
      await h.succeedPayment(created)
      const state = await h.driver.getPayment(created.id)
      if (!state.ok) return assert.fail('payment not found')
      // The event states no charge and no metadata: the provider's answer fills them in.
      const event = await parse(
        h,
        intentEvent('payment_intent.succeeded', created.id, { latest_charge: null, metadata: {} })
      )
      assert.deepEqual(await h.driver.confirmEvent(event), {
        ok: true,
        event: {
          action: 'payment_succeeded',
          eventId: event.eventId,
          data: {
            paymentId: created.id,
            amountCents: 5000,
            currency: 'usd',
            status: 'succeeded',
            chargeId: state.chargeId,
            failureMessage: null,
            metadata: { bookingId: '42' },
          },
        },
      })
    })

    test('confirmEvent: another amount, currency, booking id or charge, or an unknown intent, is contradicted', async ({
      assert,
    }) => {
      const created = await h.driver.createPayment(paymentInput(50_00))
      if (!created.ok) return assert.fail('payment not created')
      await h.succeedPayment(created)
      const cases: [
        Record<string, unknown>,
        { field: string; event: unknown; provider: unknown },
      ][] = [
        [{ amount: 5001 }, { field: 'amountCents', event: 5001, provider: 5000 }],
        [{ currency: 'eur' }, { field: 'currency', event: 'eur', provider: 'usd' }],
        [
          { metadata: { bookingId: '43' } },
          { field: 'metadata.bookingId', event: '43', provider: '42' },
        ],
        [
          { metadata: { freightListingId: '7' } },
          { field: 'metadata.freightListingId', event: '7', provider: null },
        ],
      ]
      for (const [changes, difference] of cases) {
        const event = await parse(h, intentEvent('payment_intent.succeeded', created.id, changes))
        assert.deepEqual(
          await h.driver.confirmEvent(event),
          { ok: false, reason: 'contradicted', differences: [difference] },
          JSON.stringify(changes)
        )
      }
      const charged = await parse(
        h,
        intentEvent('payment_intent.succeeded', created.id, { latest_charge: 'ch_forged' })
      )
      const otherCharge = await h.driver.confirmEvent(charged)
      assert.deepInclude(otherCharge, { ok: false, reason: 'contradicted' })
      if (!otherCharge.ok && otherCharge.reason === 'contradicted') {
        assert.deepEqual(
          otherCharge.differences.map((d) => d.field),
          ['chargeId']
        )
      }
      const unknown = await parse(h, intentEvent('payment_intent.succeeded', 'pi_unknown_42'))
      assert.deepEqual(await h.driver.confirmEvent(unknown), {
        ok: false,
        reason: 'contradicted',
        differences: [{ field: 'paymentId', event: 'pi_unknown_42', provider: null }],
      })
    })

    test('confirmEvent: a payment failure the provider does not report is contradicted', async ({
      assert,
    }) => {
      const untouched = await h.driver.createPayment(paymentInput(50_00))
      const paid = await h.driver.createPayment(paymentInput(60_00))
      if (!untouched.ok || !paid.ok) return assert.fail('payment not created')
      await h.succeedPayment(paid)
      for (const [payment, status, amount] of [
        [untouched, 'requires_payment_method', 5000],
        [paid, 'succeeded', 6000],
      ] as const) {
        const event = await parse(
          h,
          intentEvent('payment_intent.payment_failed', payment.id, {
            amount,
            status: 'requires_payment_method',
            latest_charge: null,
            last_payment_error: { code: 'card_declined', message: 'Your card was declined.' },
          })
        )
        assert.deepEqual(await h.driver.confirmEvent(event), {
          ok: false,
          reason: 'contradicted',
          differences: [{ field: 'status', event: 'failed', provider: status }],
        })
      }
    })

    test('confirmEvent: a refund must be one the provider made, for its amount', async ({
      assert,
    }) => {
      const created = await h.driver.createPayment(paymentInput(40_00))
      if (!created.ok) return assert.fail('payment not created')
      await h.succeedPayment(created)
      const refund = await h.driver.refund({ paymentId: created.id, idempotencyKey: key('re') })
      if (!refund.ok) return assert.fail(refund.message)
      const event = await parse(h, refundEvent(refund.id, created.id, 4000))
      assert.deepEqual(await h.driver.confirmEvent(event), {
        ok: true,
        event: {
          action: 'refund_succeeded',
          eventId: event.eventId,
          data: {
            refundId: refund.id,
            paymentId: created.id,
            amountCents: 4000,
            status: 'succeeded',
          },
        },
      })
      const more = await parse(h, refundEvent(refund.id, created.id, 4500))
      assert.deepEqual(await h.driver.confirmEvent(more), {
        ok: false,
        reason: 'contradicted',
        differences: [{ field: 'amountCents', event: 4500, provider: 4000 }],
      })
      const forged = await parse(h, refundEvent('re_forged_1', created.id, 4000))
      assert.deepEqual(await h.driver.confirmEvent(forged), {
        ok: false,
        reason: 'contradicted',
        differences: [{ field: 'refundId', event: 're_forged_1', provider: null }],
      })
    })

    test('confirmEvent: an account update must match the provider’s account', async ({
      assert,
    }) => {
      const account = await h.driver.createConnectedAccount({
        email: 'carrier@example.com',
        idempotencyKey: key('acct'),
        metadata: {},
      })
      if (!account.ok) return assert.fail(account.message)
      const claim = await parse(h, accountEvent(account.accountId))
      assert.deepEqual(await h.driver.confirmEvent(claim), {
        ok: false,
        reason: 'contradicted',
        differences: [
          { field: 'onboardingComplete', event: true, provider: false },
          { field: 'payoutsEnabled', event: true, provider: false },
        ],
      })
      await h.completeOnboarding(account.accountId)
      assert.deepEqual(await h.driver.confirmEvent(claim), {
        ok: true,
        event: {
          action: 'account_updated',
          eventId: claim.eventId,
          data: {
            accountId: account.accountId,
            connected: true,
            onboardingComplete: true,
            payoutsEnabled: true,
          },
        },
      })
      const unknown = await parse(h, accountEvent('acct_unknown_1'))
      assert.deepEqual(await h.driver.confirmEvent(unknown), {
        ok: false,
        reason: 'contradicted',
        differences: [{ field: 'accountId', event: 'acct_unknown_1', provider: null }],
      })
    })

    test('confirmEvent: events nothing acts on come back unchanged', async ({ assert }) => {
      const events: PaymentsWebhookEvent[] = [
        { action: 'not_supported', eventId: 'evt_ns', data: { type: 'customer.created' } },
        {
          action: 'transfer_created',
          eventId: 'evt_tr',
          data: { transferId: 'tr_1', accountId: 'acct_1', amountCents: 100, transferGroup: null },
        },
      ]
      for (const event of events) {
        assert.deepEqual(await h.driver.confirmEvent(event), { ok: true, event })
      }
    })

    test('an event it does not act on is not_supported', async ({ assert }) => {
      const payload = JSON.stringify({
        id: 'evt_4',
        object: 'event',
        type: 'customer.created',
        data: { object: { id: 'cus_1', object: 'customer' } },
      })
      assert.deepEqual(await h.driver.parseWebhook(payload, h.sign(payload)), {
        ok: true,
        event: { action: 'not_supported', eventId: 'evt_4', data: { type: 'customer.created' } },
      })
    })
  })
}
