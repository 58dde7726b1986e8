import { createHmac } from 'node:crypto'
import { Writable } from 'node:stream'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Logger } from '@adonisjs/core/logger'
import db from '@adonisjs/lucid/services/db'
import type { ApiClient } from '@japa/api-client'
import env from '#start/env'
import type User from '#accounts/models/user'
import type Booking from '#marketplace/models/booking'
import BookingStatusChange from '#marketplace/models/booking_status_change'
import Carrier from '#fleet/models/carrier'
import Payment from '#payments/models/payment'
import PaymentEvent from '#payments/models/payment_event'
import EscrowTransaction from '#payments/models/escrow_transaction'
import BookingChargeService from '#payments/services/booking_charge_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import payments from '#plugins/payments/services/main'
import type { SandboxPaymentsDriver } from '#plugins/payments/main'
import { signatureHeader } from '#plugins/payments/drivers/signature'
import { writeTransaction } from '#core/transactions'
import { toCents, formatUsd } from '#core/money'
import { bookingReference } from '#core/reference'
import PaymentsReconcile from '../../../commands/payments_reconcile.js'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { makeCarrier, paidBooking } from '#payments/tests/payout_fixtures'

/**
 * docs/decisions/0159: a signed payment event changes money state only once the provider's own
 * record confirms it. What the provider contradicts is logged and answered 200, changing nothing.
 */

const SUCCESS_CARD = '4242 4242 4242 4242'

/** The sandbox's webhook secret, derived from APP_KEY exactly as backend/config/payments.ts does. */
const webhookSecret = () =>
  `whsec_sbx_${createHmac('sha256', env.get('APP_KEY')).update('payments.sandbox.webhook_secret').digest('hex')}`

const card = (number: string) => ({
  cardNumber: number,
  expMonth: 12,
  expYear: new Date().getUTCFullYear() + 2,
  cvc: '123',
})

/** POSTs a raw body signed with the real webhook secret, as the provider does. */
async function signed(payload: string) {
  const res = await fetch(`http://${env.get('HOST')}:${env.get('PORT')}/api/webhooks/payments`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signatureHeader(payload, webhookSecret()),
    },
    body: payload,
  })
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

const envelope = (id: string, type: string, object: Record<string, unknown>) =>
  JSON.stringify({
    id,
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object },
  })

/**
 * A `payment_intent.succeeded` claiming `intent` was paid in full for `bookingId`, with the
 * charge the card network's records give it (networkCharges) unless told otherwise.
 */
const succeededEvent = (
  eventId: string,
  intent: { id: string; amount: number; bookingId: number },
  charge = `ch_net_${intent.id}`
) =>
  envelope(eventId, 'payment_intent.succeeded', {
    id: intent.id,
    object: 'payment_intent',
    amount: intent.amount,
    currency: 'usd',
    status: 'succeeded',
    latest_charge: charge,
    last_payment_error: null,
    metadata: { bookingId: String(intent.bookingId) },
    transfer_group: `booking_${intent.bookingId}`,
  })

/** The app's log lines at warn and above, parsed, while a test runs. */
function captureLogs() {
  const lines: Record<string, any>[] = []
  const destination = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line))
      done()
    },
  })
  const logger = new Logger({
    enabled: true,
    name: 'test',
    level: 'warn',
    desination: destination,
  } as any)
  app.container.swap(Logger, () => logger)
  return lines
}

const contradicted = (lines: Record<string, any>[], eventId: string) =>
  lines.filter((line) => line.eventId === eventId && line.msg?.includes('contradicted'))

async function unpaidBooking() {
  const shipper = await makeUser('shipper')
  const listing = await makeListing(await makeUser('carrier', { isApproved: true }))
  const booking = await makeBooking(shipper, listing, {
    status: 'pending',
    paymentStatus: 'pending',
  })
  return { shipper, booking }
}

async function intentFor(client: ApiClient, shipper: User, booking: Booking) {
  const res = await client
    .post('/api/create-payment-intent')
    .json({ amount: booking.totalAmount, bookingId: booking.id })
    .loginAs(shipper)
    .withCsrfToken()
  res.assertStatus(200)
  return {
    id: res.body().paymentIntentId as string,
    clientSecret: res.body().clientSecret as string,
    amount: toCents(booking.totalAmount!),
    bookingId: booking.id,
  }
}

/** What the card network does when the card goes through, without its webhook. */
async function networkCharges(intentId: string, changes: Record<string, unknown> = {}) {
  await db
    .from('sandbox_payments')
    .where('id', intentId)
    .update({ status: 'succeeded', charge_id: `ch_net_${intentId}`, ...changes })
}

async function moneyOf(bookingId: number) {
  return {
    booking: await db
      .from('bookings')
      .where('id', bookingId)
      .select('status', 'payment_status')
      .firstOrFail(),
    payments: (await Payment.query().where('shipmentId', bookingId)).map((p) => p.status),
    escrow: await EscrowTransaction.query().where('shipmentId', bookingId),
    ledger: await db.from('ledger_entries').where('booking_id', bookingId),
    events: await PaymentEvent.query(),
  }
}

test.group('Payment events: confirmed with the provider before money moves', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    return () => {
      app.container.restore(Logger)
      payments.restore()
    }
  })

  test('a signed success for an intent whose card was never confirmed leaves the booking unpaid and the ledger unchanged', async ({
    client,
    assert,
  }) => {
    const logs = captureLogs()
    const { shipper, booking } = await unpaidBooking()
    const intent = await intentFor(client, shipper, booking)
    const res = await signed(succeededEvent('evt_forged_1', intent, 'ch_forged_1'))

    // Answered 2xx, so the provider does not retry it forever; nothing moved.
    assert.equal(res.status, 200)
    assert.deepEqual(res.body, { received: true })
    const money = await moneyOf(booking.id)
    assert.deepEqual(money.booking, { status: 'pending', payment_status: 'pending' })
    assert.deepEqual(money.payments, ['INIT'])
    assert.lengthOf(money.escrow, 0)
    assert.lengthOf(money.ledger, 0)
    assert.lengthOf(money.events, 0)
    assert.lengthOf(await BookingStatusChange.query().where('bookingId', booking.id), 0)
    const sandbox = await db.from('sandbox_payments').where('id', intent.id).firstOrFail()
    assert.equal(sandbox.status, 'requires_payment_method')

    const [line] = contradicted(logs, 'evt_forged_1')
    assert.exists(line, 'the ignored event is logged')
    assert.include(line, { action: 'payment_succeeded', objectId: intent.id })
    assert.deepEqual(line.differences, [
      { field: 'status', event: 'succeeded', provider: 'requires_payment_method' },
      { field: 'chargeId', event: 'ch_forged_1', provider: null },
    ])
    const report = await new ReconciliationService().reconcile()
    assert.equal(report.problemCount, 0)
  })

  test('an unknown intent, another amount or another booking: logged and ignored; the true event pays', async ({
    client,
    assert,
  }) => {
    const logs = captureLogs()
    const { shipper, booking } = await unpaidBooking()
    const other = await unpaidBooking()
    const intent = await intentFor(client, shipper, booking)
    await networkCharges(intent.id)

    const cases = [
      // an intent the provider never made, claiming the booking through its metadata
      [
        'evt_unknown',
        { ...intent, id: 'pi_sbx_000000000000000000000000' },
        [{ field: 'paymentId', event: 'pi_sbx_000000000000000000000000', provider: null }],
      ],
      [
        'evt_amount',
        { ...intent, amount: intent.amount + 100 },
        [{ field: 'amountCents', event: intent.amount + 100, provider: intent.amount }],
      ],
      [
        'evt_booking',
        { ...intent, bookingId: other.booking.id },
        [
          {
            field: 'metadata.bookingId',
            event: String(other.booking.id),
            provider: String(booking.id),
          },
        ],
      ],
    ] as const
    for (const [eventId, claim, differences] of cases) {
      const res = await signed(succeededEvent(eventId, claim))
      assert.equal(res.status, 200, eventId)
      assert.deepEqual(contradicted(logs, eventId)[0]?.differences, differences, eventId)
    }
    for (const id of [booking.id, other.booking.id]) {
      const money = await moneyOf(id)
      assert.equal(money.booking.payment_status, 'pending')
      assert.lengthOf(money.ledger, 0)
    }
    assert.lengthOf(await PaymentEvent.query(), 0)

    // The event the provider's record agrees with pays the booking, with the provider's charge.
    const res = await signed(succeededEvent('evt_true', intent))
    assert.equal(res.status, 200)
    const money = await moneyOf(booking.id)
    assert.deepEqual(money.booking, { status: 'booked', payment_status: 'paid' })
    const payment = await Payment.query().where('shipmentId', booking.id).firstOrFail()
    assert.equal(payment.stripeChargeId, `ch_net_${intent.id}`)
    assert.equal(
      money.ledger.reduce((sum, line) => sum + Math.max(0, Number(line.amount_cents)), 0),
      intent.amount
    )
    assert.lengthOf(contradicted(logs, 'evt_true'), 0)
  })

  test('a genuine payment still works end to end', async ({ client, assert }) => {
    const { shipper, booking } = await unpaidBooking()
    const intent = await intentFor(client, shipper, booking)
    const res = await client
      .post('/api/sandbox/payments/confirm')
      .json({ clientSecret: intent.clientSecret, ...card(SUCCESS_CARD) })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)

    const money = await moneyOf(booking.id)
    assert.deepEqual(money.booking, { status: 'booked', payment_status: 'paid' })
    assert.deepEqual(money.payments, ['SUCCEEDED'])
    assert.deepEqual(
      money.escrow.map((e) => e.status),
      ['HELD']
    )
    assert.lengthOf(money.ledger, 2)
    assert.equal(
      money.ledger.reduce((sum, line) => sum + Number(line.amount_cents), 0),
      0,
      'the charge balances'
    )
    assert.lengthOf(money.events, 1)
    const report = await new ReconciliationService().reconcile()
    assert.deepEqual(report.problems, [])
    assert.equal(report.totals.chargedCents, intent.amount)
  })

  test('a refund the provider never made leaves the booking paid', async ({ assert }) => {
    const logs = captureLogs()
    const shipper = await makeUser('shipper')
    const { listing } = await makeCarrier()
    const booking = await paidBooking(shipper, listing)
    const payload = envelope('evt_refund_forged', 'refund.updated', {
      id: 're_sbx_000000000000000000000000',
      object: 'refund',
      amount: toCents(booking.totalAmount!),
      currency: 'usd',
      status: 'succeeded',
      payment_intent: booking.stripePaymentIntentId,
    })
    const res = await signed(payload)
    assert.equal(res.status, 200)
    const money = await moneyOf(booking.id)
    assert.equal(money.booking.payment_status, 'paid')
    assert.deepEqual(money.payments, ['SUCCEEDED'])
    assert.isFalse(money.ledger.some((line) => line.kind === 'refund'))
    assert.deepEqual(contradicted(logs, 'evt_refund_forged')[0]?.differences, [
      { field: 'refundId', event: 're_sbx_000000000000000000000000', provider: null },
    ])
  })

  test('an account update the provider contradicts does not mark the carrier onboarded', async ({
    assert,
  }) => {
    const logs = captureLogs()
    const { accountId, carrier } = await makeCarrier({ onboarded: false })
    const payload = envelope('evt_account_forged', 'account.updated', {
      id: accountId,
      object: 'account',
      details_submitted: true,
      payouts_enabled: true,
      charges_enabled: true,
      requirements: { disabled_reason: null },
    })
    const res = await signed(payload)
    assert.equal(res.status, 200)
    const fresh = await Carrier.findOrFail(carrier.id)
    assert.isFalse(fresh.stripeOnboardingCompleted)
    assert.deepEqual(contradicted(logs, 'evt_account_forged')[0]?.differences, [
      { field: 'onboardingComplete', event: true, provider: false },
      { field: 'payoutsEnabled', event: true, provider: false },
    ])
  })

  test('a provider that cannot be asked: 502 and nothing recorded, so the redelivery pays', async ({
    client,
    assert,
  }) => {
    const { shipper, booking } = await unpaidBooking()
    const intent = await intentFor(client, shipper, booking)
    await networkCharges(intent.id)
    const sandbox = (await payments.sandbox()) as SandboxPaymentsDriver
    const down = Object.create(sandbox) as SandboxPaymentsDriver
    down.getPayment = async () => ({ ok: false, code: 'provider_error', message: 'timed out' })
    payments.swap(down)

    const payload = succeededEvent('evt_while_down', intent)
    const refused = await signed(payload)
    assert.equal(refused.status, 502)
    assert.equal(refused.body.message, 'The payment provider is unavailable; try again')
    assert.equal((await moneyOf(booking.id)).booking.payment_status, 'pending')
    assert.lengthOf(await PaymentEvent.query(), 0)

    payments.restore()
    const redelivered = await signed(payload)
    assert.equal(redelivered.status, 200)
    assert.equal((await moneyOf(booking.id)).booking.payment_status, 'paid')
  })
})

test.group('Reconciliation: paid bookings against the provider', (group) => {
  group.each.setup(() => resetDatabase())

  test('flags a booking marked paid with no provider charge', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const { listing } = await makeCarrier()
    const genuine = await paidBooking(shipper, listing)

    // Marked paid the way a trusted forged event did it: the charge applied as the event said.
    const charges = await app.container.make(BookingChargeService)
    const forge = async (booking: Booking, paymentId: string) =>
      writeTransaction((trx) =>
        charges.apply(
          booking.id,
          { paymentId, chargeId: 'ch_forged', amountCents: toCents(booking.totalAmount!) },
          trx
        )
      )
    const pending = () =>
      makeBooking(shipper, listing, { status: 'pending', paymentStatus: 'pending' })
    const unconfirmed = await pending()
    const unconfirmedIntent = await intentFor(client, shipper, unconfirmed)
    assert.equal(await forge(unconfirmed, unconfirmedIntent.id), 'paid')
    const unknown = await pending()
    assert.equal(await forge(unknown, 'pi_sbx_ffffffffffffffffffffffff'), 'paid')
    const short = await pending()
    const shortIntent = await intentFor(client, shipper, short)
    await networkCharges(shortIntent.id, { amount_cents: shortIntent.amount - 100 })
    assert.equal(await forge(short, shortIntent.id), 'paid')

    // Problem lines print money as people read it, separators and all (decision 0183).
    const usd = formatUsd
    const report = await new ReconciliationService().reconcile()
    assert.sameDeepMembers(report.problems, [
      {
        bookingId: unconfirmed.id,
        reference: bookingReference(unconfirmed.id),
        problem: `paid without a provider charge: the provider says ${unconfirmedIntent.id} is requires_payment_method`,
      },
      {
        bookingId: unknown.id,
        reference: bookingReference(unknown.id),
        problem:
          'paid without a provider charge: the provider has no payment pi_sbx_ffffffffffffffffffffffff',
      },
      {
        bookingId: short.id,
        reference: bookingReference(short.id),
        problem: `paid ${usd(shortIntent.amount)} but the provider charged ${usd(shortIntent.amount - 100)} on ${shortIntent.id}`,
      },
    ])
    assert.isFalse(report.problems.some((p) => p.bookingId === genuine.id))

    // And `node ace payments:reconcile` fails, naming the booking.
    const ace = await app.container.make('ace')
    ace.ui.switchMode('raw')
    ace.ui.logger.flushLogs()
    const command = await ace.create(PaymentsReconcile, [])
    await command.exec()
    command.assertFailed()
    command.assertLogMatches(
      new RegExp(`${bookingReference(unconfirmed.id)}: paid without a provider charge`)
    )
    command.assertLogMatches(/3 problem\(s\)/)
  })
})
