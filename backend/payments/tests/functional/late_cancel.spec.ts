import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import ReconciliationService from '#payments/services/reconciliation_service'
import PayoutService from '#payments/services/payout_service'
import { LATE_CANCEL_FEE_CENTS } from '#marketplace/cancellation_policy'
import { BookingCancelledMail } from '#marketplace/services/cancellation_notice'
import { Clock } from '#core/clock'
import { businessDateColumn } from '#core/business_time'
import { fromCents, splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { makeBooking } from '#tests/factories'
import {
  ledgerOf,
  makeCarrier,
  paidBooking,
  reload,
  transfersOf,
} from '#payments/tests/payout_fixtures'

/**
 * The cancellation policy's money (docs/decisions/0178): a late cancel refunds the total less
 * the fee, the fee is paid out to the carrier through the normal payout path, the ledger and
 * reconciliation stay exact, and payout history never lists a cancelled booking as owed.
 */
test.group('Late cancellation: refund, fee payout, ledger, payout history', (group) => {
  eachTestInTransaction(group)

  test('a paid booking cancelled on its pickup day keeps the fee for the carrier', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const shipper = await makeUser('shipper')
    const carrier = await makeCarrier()
    // picked up today by the app's clock: inside the 24-hour window
    const booking = await paidBooking(shipper, carrier.listing, 4)
    const totalCents = toCents(booking.totalAmount!)
    const fee = Math.min(LATE_CANCEL_FEE_CENTS, totalCents)
    const share = splitPayout(fee)

    const quote = await client.get(`/api/bookings/${booking.id}/cancellation`).loginAs(shipper)
    quote.assertStatus(200)
    assert.containsSubset(quote.body(), {
      bookingId: booking.id,
      cancellable: true,
      paid: true,
      late: true,
      totalCents,
      feeCents: fee,
      refundCents: totalCents - fee,
      carrierFeeCents: share.payoutCents,
      platformFeeCents: share.platformCents,
      load: 'none',
    })
    assert.isString(quote.body().refundArrivesBy)

    const res = await client
      .post(`/api/bookings/${booking.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.containsSubset(res.body(), {
      status: 'cancelled',
      paymentStatus: 'refunded',
      cancellationFeeCents: fee,
    })

    // The provider refunded the total less the fee, once.
    const refunds = await db
      .from('sandbox_refunds')
      .where('idempotency_key', `booking-${booking.id}-refund`)
    assert.lengthOf(refunds, 1)
    assert.equal(Number(refunds[0].amount_cents), totalCents - fee)

    // The fee's carrier share went out as the booking's payout transfer.
    const after = await reload(booking.id)
    assert.equal(after.payoutStatus, 'paid')
    const transfers = await transfersOf(booking.id)
    assert.lengthOf(transfers, 1)
    assert.equal(Number(transfers[0].amount_cents), share.payoutCents)

    // The ledger: charge, refund of the rest, the fee's release and its payout.
    const lines = await ledgerOf(booking.id)
    const byTxn = (suffix: string) =>
      lines
        .filter((l) => l.txn === `booking-${booking.id}-${suffix}`)
        .map((l) => [l.account, Number(l.amount_cents)])
    assert.sameDeepMembers(byTxn('refund'), [
      ['escrow', totalCents - fee],
      ['provider_cash', -(totalCents - fee)],
    ])
    assert.sameDeepMembers(byTxn('release'), [
      ['escrow', fee],
      ['platform_revenue', -share.platformCents],
      [`carrier_payable:${carrier.carrier.id}`, -share.payoutCents],
    ])
    const report = await new ReconciliationService().reconcile()
    assert.deepEqual(report.problems, [])

    // Payout history lists the fee, not the booking's total, and never as pending.
    const history = await client.get('/api/carrier/payouts').loginAs(carrier.user)
    history.assertStatus(200)
    const entries = history.body().filter((e: { id: number }) => e.id === booking.id)
    assert.lengthOf(entries, 1)
    assert.containsSubset(entries[0], {
      reference: bookingReference(booking.id),
      lateCancelFee: true,
      totalAmount: fromCents(fee),
      payoutAmount: fromCents(share.payoutCents),
      payoutStatus: 'paid',
    })

    // The carrier's bookings screen shows the cancellation and its share.
    const mine = await client.get('/api/carrier/bookings').loginAs(carrier.user)
    const row = mine.body().find((b: { id: number }) => b.id === booking.id)
    assert.containsSubset(row, {
      status: 'cancelled',
      cancellationFeeCents: fee,
      cancellationFeeShareCents: share.payoutCents,
    })

    // The carrier is told by mail, with its share.
    const sent = mails.sent((m) => m instanceof BookingCancelledMail)
    assert.lengthOf(sent, 1)
    const message = sent[0].message.toJSON().message
    assert.deepEqual(message.to, [carrier.user.email])
    const text = String(message.text)
    assert.include(text, bookingReference(booking.id))
    assert.include(text, `$${(share.payoutCents / 100).toFixed(2)}`)

    // A second payout run pays nothing more.
    const run = await (await app.container.make(PayoutService)).run()
    assert.notInclude(run.paid, booking.id)
    assert.lengthOf(await transfersOf(booking.id), 1)
  })

  test('a paid booking cancelled days before pickup is refunded in full and owes nothing', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const shipper = await makeUser('shipper')
    const carrier = await makeCarrier()
    const booking = await paidBooking(shipper, carrier.listing, 2)
    const clock = await app.container.make(Clock)
    booking.pickupDate = businessDateColumn(clock, 3)
    booking.deliveryDate = businessDateColumn(clock, 4)
    await booking.save()
    const totalCents = toCents(booking.totalAmount!)

    const quote = await client.get(`/api/bookings/${booking.id}/cancellation`).loginAs(shipper)
    assert.containsSubset(quote.body(), { late: false, feeCents: 0, refundCents: totalCents })

    const res = await client
      .post(`/api/bookings/${booking.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.containsSubset(res.body(), { paymentStatus: 'refunded', cancellationFeeCents: 0 })
    const refunds = await db
      .from('sandbox_refunds')
      .where('idempotency_key', `booking-${booking.id}-refund`)
    assert.equal(Number(refunds[0].amount_cents), totalCents)
    assert.lengthOf(await transfersOf(booking.id), 0)
    assert.equal((await reload(booking.id)).payoutStatus, 'pending')
    assert.deepEqual((await new ReconciliationService().reconcile()).problems, [])

    const history = await client.get('/api/carrier/payouts').loginAs(carrier.user)
    assert.notInclude(
      history.body().map((e: { id: number }) => e.id),
      booking.id
    )
    const text = String(
      mails.sent((m) => m instanceof BookingCancelledMail)[0].message.toJSON().message.text
    )
    assert.include(text, 'No late-cancel fee is due')
  })

  test('payout history never lists an unpaid cancelled booking, nor a refunded one', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeCarrier()
    const unpaid = await makeBooking(shipper, carrier.listing, {
      status: 'cancelled',
      paymentStatus: 'pending',
      payoutStatus: 'pending',
      cancellationFeeCents: 0,
    })
    const refunded = await makeBooking(shipper, carrier.listing, {
      status: 'cancelled',
      paymentStatus: 'refunded',
      payoutStatus: 'pending',
    })
    // a fee not yet released (its refund still at the provider) is not listed as owed either
    const feeWaiting = await makeBooking(shipper, carrier.listing, {
      status: 'cancelled',
      paymentStatus: 'paid',
      payoutStatus: 'pending',
      cancellationFeeCents: LATE_CANCEL_FEE_CENTS,
    })
    const live = await makeBooking(shipper, carrier.listing, { status: 'booked' })
    const history = await client.get('/api/carrier/payouts').loginAs(carrier.user)
    history.assertStatus(200)
    const ids = history.body().map((e: { id: number }) => e.id)
    assert.deepEqual(ids, [live.id])
    assert.notIncludeMembers(ids, [unpaid.id, refunded.id, feeWaiting.id])
    assert.isFalse(history.body()[0].lateCancelFee)
  })

  test('an unpaid booking cancelled on its pickup day pays no fee and refunds nothing', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeCarrier()
    const clock = await app.container.make(Clock)
    const booking = await makeBooking(shipper, carrier.listing, {
      status: 'pending',
      paymentStatus: 'pending',
      pickupDate: businessDateColumn(clock, 0),
    })
    const quote = await client.get(`/api/bookings/${booking.id}/cancellation`).loginAs(shipper)
    assert.containsSubset(quote.body(), {
      paid: false,
      late: true,
      feeCents: 0,
      refundCents: 0,
      refundArrivesBy: null,
    })
    const res = await client
      .post(`/api/bookings/${booking.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.containsSubset(res.body(), { paymentStatus: 'pending', cancellationFeeCents: 0 })
    assert.lengthOf(await db.from('sandbox_refunds'), 0)
    assert.lengthOf(await ledgerOf(booking.id), 0)
  })
})
