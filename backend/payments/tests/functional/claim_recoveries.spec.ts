/*
 * Collecting a cargo claim's recovery (docs/decisions/0254): a claim settled after the
 * carrier's payout was released is advanced to the shipper at once (a card refund up to what
 * the charge can still give back, the rest owed to the shipper) and netted from the carrier
 * company's next payouts, oldest claim first, each deduction a ledger transaction tied to the
 * claim; the payout history and the claim show it; the books stay exact; two payout runs at
 * once deduct once.
 */
import { spawn } from 'node:child_process'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import PayoutService, { AUTO_RELEASE_HOURS } from '#payments/services/payout_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import AuditService from '#payments/services/audit_service'
import { splitPayout, splitQuickPay, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import type User from '#accounts/models/user'
import { eachTestInTransaction, makeUser, resetDatabase } from '#tests/helpers'
import {
  deliver,
  fixClock,
  makeCarrier,
  paidBooking,
  restoreClock,
  transfersOf,
} from '#payments/tests/payout_fixtures'

const DELIVERED_AT = DateTime.fromISO('2026-06-01T15:30:00Z')

async function assertBooksExact(assert: any) {
  const report = await new ReconciliationService().reconcile()
  assert.deepEqual(report.problems, [])
  for (const verdict of await new AuditService().verifyAll())
    assert.isTrue(verdict.ok, verdict.chain)
  return report
}

async function run() {
  return (await app.container.make(PayoutService)).run()
}

/** A claim on a released booking, settled by the carrier's acceptance through the API. */
async function settledAfterRelease(
  client: any,
  shipper: User,
  carrierUser: User,
  bookingId: number,
  amountCents: number
) {
  const filed = await client
    .post(`/api/bookings/${bookingId}/claims`)
    .json({ type: 'damage', amountCents, description: 'Pallets crushed in the trailer' })
    .loginAs(shipper)
    .withCsrfToken()
  filed.assertStatus(201)
  const accepted = await client
    .post(`/api/claims/${filed.body().id}/response`)
    .json({ action: 'accept' })
    .loginAs(carrierUser)
    .withCsrfToken()
  accepted.assertStatus(200)
  return accepted.body()
}

test.group('Claim recoveries: netted from the next payouts', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())
  group.each.timeout(120_000)

  test('advanced to the shipper at once, netted from two later payouts, shown on both sides, books exact', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const carrier = await makeCarrier()
    const shipper = await makeUser('shipper')
    const first = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
    clock.set(DELIVERED_AT.plus({ hours: AUTO_RELEASE_HOURS + 1 }))
    await run()
    assert.lengthOf(await transfersOf(first.id), 1)

    // Two later bookings of the same carrier, each paying `payout`.
    const later = []
    for (let i = 0; i < 2; i++) {
      later.push(await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user))
    }
    const payout = splitPayout(toCents(later[0].totalAmount!)).payoutCents
    const total = toCents(first.totalAmount!)
    // More than the claimed booking's charge: the card takes back its total, the rest is owed.
    const recovery = total + 500
    const second = recovery - payout
    assert.isAbove(second, 0)
    assert.isAtMost(second, payout)

    const claim = await settledAfterRelease(client, shipper, carrier.user, first.id, recovery)
    assert.deepInclude(claim, {
      status: 'settled',
      refundedCents: 0,
      recoveryCents: recovery,
      recoveredCents: 0,
      recoveryOutstandingCents: recovery,
      recoveryRefundedCents: total,
    })
    const refunds = await db
      .from('sandbox_refunds')
      .where('payment_id', first.stripePaymentIntentId!)
    assert.deepEqual(
      refunds.map((r) => Number(r.amount_cents)),
      [total]
    )
    const advance = await db
      .from('ledger_entries')
      .where('txn', `claim-${claim.id}-recovery-advance`)
      .orderBy('id')
    assert.sameDeepMembers(
      advance.map((l) => [l.account, Number(l.amount_cents)]),
      [
        [`carrier_receivable:${carrier.carrier.id}`, recovery],
        ['provider_cash', -total],
        [`shipper_payable:${shipper.id}`, -(recovery - total)],
      ]
    )
    await assertBooksExact(assert)

    // The next run: the first later payout is used up (no transfer), the second pays the rest.
    clock.set(clock.now().plus({ hours: AUTO_RELEASE_HOURS + 1 }))
    const summary = await run()
    assert.sameMembers(summary.paid, [later[0].id, later[1].id])
    assert.lengthOf(await transfersOf(later[0].id), 0)
    const [transfer] = await transfersOf(later[1].id)
    assert.equal(Number(transfer.amount_cents), payout - second)
    const deductions = await db.from('claim_recovery_deductions').orderBy('id')
    assert.deepEqual(
      deductions.map((d) => [d.subject, Number(d.subject_id), Number(d.amount_cents)]),
      [
        ['booking', later[0].id, payout],
        ['booking', later[1].id, second],
      ]
    )
    const row = await db.from('cargo_claims').where('id', claim.id).first()
    assert.equal(Number(row.recovered_cents), recovery)
    const report = await assertBooksExact(assert)
    assert.equal(report.totals.recoveryDeductedCents, recovery)
    assert.equal(report.totals.recoveryAdvancedCents, recovery)
    assert.equal(report.totals.recoveryOutstandingCents, 0)

    // The carrier's payout history names the claim on each netted payout.
    const history = await client.get('/api/carrier/payouts').loginAs(carrier.user)
    history.assertStatus(200)
    const entry = (id: number) =>
      history.body().find((e: any) => e.id === id && e.kind === 'booking')
    assert.deepEqual(entry(later[0].id).recoveryDeductions, [
      { claimId: claim.id, claimReference: bookingReference(first.id), amountCents: payout },
    ])
    assert.equal(entry(later[1].id).recoveryDeductions[0].amountCents, second)
    assert.deepEqual(entry(first.id).recoveryDeductions, [])

    // Both parties read it collected; the audit has each collection.
    for (const user of [shipper, carrier.user]) {
      const read = await client.get(`/api/claims/${claim.id}`).loginAs(user)
      read.assertStatus(200)
      assert.include(read.body(), { recoveredCents: recovery, recoveryOutstandingCents: 0 })
      assert.lengthOf(
        read.body().steps.filter((s: any) => s.action === 'recovery_collected'),
        2
      )
    }
    // A later payout of the carrier pays in full: nothing is owed any more.
    const third = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
    clock.set(clock.now().plus({ hours: AUTO_RELEASE_HOURS + 1 }))
    await run()
    assert.equal(Number((await transfersOf(third.id))[0].amount_cents), payout)
    await assertBooksExact(assert)
  })

  test('quick pay quotes the recovery it nets, before and after, and transfers exactly the quote', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const carrier = await makeCarrier()
    const shipper = await makeUser('shipper')
    const first = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
    clock.set(DELIVERED_AT.plus({ hours: AUTO_RELEASE_HOURS + 1 }))
    await run()
    const recovery = 12_345
    const claim = await settledAfterRelease(client, shipper, carrier.user, first.id, recovery)
    assert.equal(claim.recoveryOutstandingCents, recovery)

    const later = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
    const split = splitQuickPay(toCents(later.totalAmount!))
    assert.isAbove(split.paidNowCents, recovery)
    const url = `/api/carrier/bookings/${later.id}/quick-pay`
    const quote = await client.get(url).loginAs(carrier.user)
    quote.assertStatus(200)
    assert.deepInclude(quote.body(), {
      available: true,
      payoutCents: split.payoutCents,
      feeCents: split.feeCents,
      recoveryCents: recovery,
      amountNowCents: split.paidNowCents - recovery,
    })
    // The payout history offers the same quote on the booking's row.
    const history = await client.get('/api/carrier/payouts').loginAs(carrier.user)
    const row = history.body().find((e: any) => e.id === later.id && e.kind === 'booking')
    assert.deepEqual(row.quickPay, quote.body())

    const taken = await client
      .post(url)
      .header('idempotency-key', 'qp-recovery')
      .loginAs(carrier.user)
      .withCsrfToken()
    taken.assertStatus(200)
    assert.equal(taken.body().outcome, 'paid')
    assert.deepInclude(taken.body().quote, {
      reasonCode: 'quick_paid',
      recoveryCents: recovery,
      amountNowCents: split.paidNowCents - recovery,
    })
    const [transfer] = await transfersOf(later.id)
    assert.equal(Number(transfer.amount_cents), split.paidNowCents - recovery)
    // Collected: a later quote of the carrier's nets nothing more.
    const third = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
    const next = await client
      .get(`/api/carrier/bookings/${third.id}/quick-pay`)
      .loginAs(carrier.user)
    assert.equal(next.body().recoveryCents, 0)
    await assertBooksExact(assert)
  })

  test("another carrier's payouts are never netted, and a failed transfer's retry keeps its deduction", async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const carrier = await makeCarrier()
    const other = await makeCarrier()
    const shipper = await makeUser('shipper')
    const first = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
    clock.set(DELIVERED_AT.plus({ hours: AUTO_RELEASE_HOURS + 1 }))
    await run()
    const claim = await settledAfterRelease(client, shipper, carrier.user, first.id, 1_000)
    const mine = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
    const theirs = await deliver(await paidBooking(shipper, other.listing, 1), other.user)
    // The carrier's account refuses the transfer this time (our records say onboarded).
    await db
      .from('carriers')
      .where('id', carrier.carrier.id)
      .update({ stripe_account_id: 'acct_missing' })
    clock.set(clock.now().plus({ hours: AUTO_RELEASE_HOURS + 1 }))
    const summary = await run()
    assert.include(summary.paid, theirs.id)
    assert.equal(
      Number((await transfersOf(theirs.id))[0].amount_cents),
      splitPayout(toCents(theirs.totalAmount!)).payoutCents
    )
    const deductions = await db.from('claim_recovery_deductions')
    assert.lengthOf(deductions, 1)
    assert.equal(Number(deductions[0].subject_id), mine.id)
    await assertBooksExact(assert)
    // The account is fixed; the retry pays the payout less the same deduction, once.
    await db
      .from('carriers')
      .where('id', carrier.carrier.id)
      .update({ stripe_account_id: carrier.accountId })
    await (await app.container.make(PayoutService)).retry(mine.id)
    const [transfer] = await transfersOf(mine.id)
    assert.equal(
      Number(transfer.amount_cents),
      splitPayout(toCents(mine.totalAmount!)).payoutCents - 1_000
    )
    assert.lengthOf(await db.from('claim_recovery_deductions'), 1)
    assert.equal(
      Number((await db.from('cargo_claims').where('id', claim.id).first()).recovered_cents),
      1_000
    )
    await assertBooksExact(assert)
  })
})

/** `node ace payouts:release` as its own process, against the test database and server. */
function aceRelease(): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['ace', 'payouts:release'], {
      cwd: app.makePath(),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        SQLITE_FILE: process.env.SQLITE_FILE ?? 'tmp/test.sqlite3',
      },
    })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('close', (code) => resolve({ code, output }))
  })
}

test.group('Claim recoveries: payout runs at once', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(180_000)

  test('two release processes and two runs in the server at once deduct once, the books exact', async ({
    client,
    assert,
  }) => {
    const carrier = await makeCarrier()
    const shipper = await makeUser('shipper')
    const backdate = async (id: number) =>
      db
        .from('bookings')
        .where('id', id)
        .update({
          delivered_at: DateTime.now()
            .minus({ hours: AUTO_RELEASE_HOURS + 1 })
            .toFormat(db.connection().dialect.dateTimeFormat),
        })
    const first = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
    await backdate(first.id)
    await run()
    const bookings = []
    for (let i = 0; i < 4; i++) {
      const booking = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
      await backdate(booking.id)
      bookings.push(booking)
    }
    const payout = splitPayout(toCents(bookings[0].totalAmount!)).payoutCents
    // Two and a half payouts' worth: three payouts are netted, the fourth is paid in full.
    const recovery = Math.floor(payout * 2.5)
    const claim = await settledAfterRelease(client, shipper, carrier.user, first.id, recovery)
    const service = await app.container.make(PayoutService)
    const [a, b] = await Promise.all([aceRelease(), aceRelease(), service.run(), service.run()])
    assert.equal(a.code, 0, a.output)
    assert.equal(b.code, 0, b.output)
    await service.run()

    const deductions = await db.from('claim_recovery_deductions')
    const deducted = deductions.reduce((sum, d) => sum + Number(d.amount_cents), 0)
    assert.equal(deducted, recovery)
    assert.equal(new Set(deductions.map((d) => Number(d.subject_id))).size, deductions.length)
    const row = await db.from('cargo_claims').where('id', claim.id).first()
    assert.equal(Number(row.recovered_cents), recovery)
    let transferred = 0
    for (const booking of bookings) {
      const state = await db.from('bookings').where('id', booking.id).first()
      assert.equal(state.payout_status, 'paid')
      const transfers = await transfersOf(booking.id)
      assert.isAtMost(transfers.length, 1)
      const mine = deductions
        .filter((d) => Number(d.subject_id) === booking.id)
        .reduce((sum, d) => sum + Number(d.amount_cents), 0)
      assert.equal(transfers.length === 0 ? 0 : Number(transfers[0].amount_cents), payout - mine)
      transferred += payout - mine
    }
    assert.equal(transferred + deducted, payout * bookings.length)
    await assertBooksExact(assert)
  })
})
