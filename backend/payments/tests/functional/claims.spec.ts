/*
 * Cargo claims (docs/decisions/0232, 0233): a shipper files on a delivered booking, the carrier
 * answers, the shipper accepts or escalates, an admin decides. A claim filed before the payout's
 * release holds it (no release run, no quick pay); its settlement refunds the shipper out of the
 * payout through the sandbox provider and the ledger; after the release it is a recorded
 * recovery. Every step in the hash-chained audit, the books exact to the cent.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import PayoutService, { AUTO_RELEASE_HOURS } from '#payments/services/payout_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import AuditService from '#payments/services/audit_service'
import { CLAIM_LIABILITY_LIMIT_CENTS } from '#payments/services/claim_rules'
import { splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import {
  baseUrl,
  eachTestInTransaction,
  makeUser,
  resetDatabase,
  signInSessions,
} from '#tests/helpers'
import {
  deliver,
  deliveredBooking,
  fixClock,
  makeCarrier,
  paidBooking,
  restoreClock,
  transfersOf,
} from '#payments/tests/payout_fixtures'

const DELIVERED_AT = DateTime.fromISO('2026-06-01T15:30:00Z')
const fileUrl = (id: number | string) => `/api/bookings/${id}/claims`
const CLAIM = { type: 'damage', amountCents: 20_000, description: 'Two pallets crushed at the top' }

async function assertBooksExact(assert: any) {
  const report = await new ReconciliationService().reconcile()
  assert.deepEqual(report.problems, [])
  for (const verdict of await new AuditService().verifyAll())
    assert.isTrue(verdict.ok, verdict.chain)
}

async function refundsOf(intentId: string) {
  return db.from('sandbox_refunds').where('payment_id', intentId)
}

async function run() {
  return (await app.container.make(PayoutService)).run()
}

test.group('Claims: who may call', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('filing: signed out 401; carrier and admin 403; another shipper 404', async ({
    client,
    assert,
  }) => {
    fixClock(DELIVERED_AT)
    const { booking, carrier } = await deliveredBooking()
    const admin = await makeUser('admin')
    const other = await makeUser('shipper')
    assert.equal((await client.post(fileUrl(booking.id)).json(CLAIM).withCsrfToken()).status(), 401)
    for (const user of [carrier.user, admin]) {
      const res = await client.post(fileUrl(booking.id)).json(CLAIM).loginAs(user).withCsrfToken()
      assert.equal(res.status(), 403, user.role)
    }
    for (const id of [booking.id, 999_999]) {
      const res = await client.post(fileUrl(id)).json(CLAIM).loginAs(other).withCsrfToken()
      res.assertStatus(404)
      assert.equal(res.body().message, 'Booking not found')
    }
    assert.lengthOf(await db.from('cargo_claims'), 0)
  })

  test('reading and each step: the parties only, each forbidden role refused', async ({
    client,
    assert,
  }) => {
    fixClock(DELIVERED_AT)
    const { booking, shipper, carrier } = await deliveredBooking()
    const filed = await client
      .post(fileUrl(bookingReference(booking.id)))
      .json(CLAIM)
      .loginAs(shipper)
      .withCsrfToken()
    filed.assertStatus(201)
    const id = filed.body().id
    const admin = await makeUser('admin')
    const otherShipper = await makeUser('shipper')
    const otherCarrier = await makeCarrier()
    const pending = await makeUser('carrier', { isApproved: false })

    // read: the shipper and the carrier; others 404; admin and the pending carrier 403
    for (const user of [shipper, carrier.user]) {
      const res = await client.get(`/api/claims/${id}`).loginAs(user)
      res.assertStatus(200)
      assert.equal(res.body().status, 'filed')
    }
    for (const user of [otherShipper, otherCarrier.user]) {
      const res = await client.get(`/api/claims/${id}`).loginAs(user)
      res.assertStatus(404)
      assert.equal(res.body().message, 'Claim not found')
    }
    for (const user of [admin, pending]) {
      assert.equal((await client.get(`/api/claims/${id}`).loginAs(user)).status(), 403)
    }
    assert.equal((await client.get(`/api/claims/${id}`)).status(), 401)
    // the lists: own only; admin 403 on the party list, parties 403 on the admin's
    assert.lengthOf((await client.get('/api/claims').loginAs(shipper)).body().claims, 1)
    assert.lengthOf((await client.get('/api/claims').loginAs(carrier.user)).body().claims, 1)
    assert.lengthOf((await client.get('/api/claims').loginAs(otherShipper)).body().claims, 0)
    assert.lengthOf((await client.get('/api/claims').loginAs(otherCarrier.user)).body().claims, 0)
    assert.equal((await client.get('/api/claims').loginAs(admin)).status(), 403)
    for (const user of [shipper, carrier.user]) {
      assert.equal((await client.get('/api/admin/claims').loginAs(user)).status(), 403)
    }

    const respond = { action: 'accept' }
    for (const user of [shipper, admin, pending]) {
      const res = await client
        .post(`/api/claims/${id}/response`)
        .json(respond)
        .loginAs(user)
        .withCsrfToken()
      assert.equal(res.status(), 403, `respond as ${user.role}`)
    }
    const foreign = await client
      .post(`/api/claims/${id}/response`)
      .json(respond)
      .loginAs(otherCarrier.user)
      .withCsrfToken()
    foreign.assertStatus(404)
    for (const path of ['accept', 'escalate']) {
      for (const user of [carrier.user, admin]) {
        const res = await client
          .post(`/api/claims/${id}/${path}`)
          .json({ reason: 'No answer from the carrier at all' })
          .loginAs(user)
          .withCsrfToken()
        assert.equal(res.status(), 403, `${path} as ${user.role}`)
      }
      const res = await client
        .post(`/api/claims/${id}/${path}`)
        .json({ reason: 'No answer from the carrier at all' })
        .loginAs(otherShipper)
        .withCsrfToken()
      res.assertStatus(404)
    }
    for (const user of [shipper, carrier.user]) {
      const res = await client
        .post(`/api/admin/claims/${id}/decision`)
        .json({ amountCents: 1, reason: 'Decided by someone else' })
        .loginAs(user)
        .withCsrfToken()
      assert.equal(res.status(), 403)
    }
    // nothing moved
    const row = await db.from('cargo_claims').where('id', id).first()
    assert.equal(row.status, 'filed')
  })
})

test.group('Claims: filing', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('bad input is a 422 naming the field', async ({ client, assert }) => {
    fixClock(DELIVERED_AT)
    const { booking, shipper } = await deliveredBooking()
    const cases: [Record<string, unknown>, string][] = [
      [{ ...CLAIM, type: 'theft' }, 'type'],
      [{ ...CLAIM, amountCents: 12.5 }, 'amountCents'],
      [{ ...CLAIM, amountCents: 0 }, 'amountCents'],
      [{ ...CLAIM, amountCents: '100' }, 'amountCents'],
      [{ ...CLAIM, amountCents: CLAIM_LIABILITY_LIMIT_CENTS + 1 }, 'amountCents'],
      [{ ...CLAIM, description: 'short' }, 'description'],
      [{ type: 'loss', amountCents: 100 }, 'description'],
    ]
    for (const [body, field] of cases) {
      const res = await client.post(fileUrl(booking.id)).json(body).loginAs(shipper).withCsrfToken()
      assert.equal(res.status(), 422, JSON.stringify(body))
      assert.include(
        res.body().errors.map((e: any) => e.field),
        field,
        JSON.stringify(res.body())
      )
    }
    assert.lengthOf(await db.from('cargo_claims'), 0)
  })

  test('only a delivered booking, within 9 months, once', async ({ client, assert }) => {
    const clock = fixClock(DELIVERED_AT)
    const shipper = await makeUser('shipper')
    const carrier = await makeCarrier()
    const paid = await paidBooking(shipper, carrier.listing)
    const early = await client.post(fileUrl(paid.id)).json(CLAIM).loginAs(shipper).withCsrfToken()
    early.assertStatus(409)
    assert.include(early.body().message, 'delivered')

    const booking = await deliver(paid, carrier.user)
    // 9 months on, the last day in New York (23:59 EST on 2027-03-01 is 04:59 UTC on 03-02)
    clock.set(DateTime.fromISO('2027-03-02T04:59:00Z'))
    // ...one minute later, the window is closed
    clock.set(DateTime.fromISO('2027-03-02T05:00:00Z'))
    const late = await client.post(fileUrl(booking.id)).json(CLAIM).loginAs(shipper).withCsrfToken()
    late.assertStatus(409)
    assert.include(late.body().message, '2027-03-01')
    clock.set(DateTime.fromISO('2027-03-02T04:59:00Z'))
    const onTime = await client
      .post(fileUrl(booking.id))
      .json(CLAIM)
      .loginAs(shipper)
      .withCsrfToken()
    onTime.assertStatus(201)
    const again = await client
      .post(fileUrl(booking.id))
      .json(CLAIM)
      .loginAs(shipper)
      .withCsrfToken()
    again.assertStatus(409)
    assert.lengthOf(await db.from('cargo_claims'), 1)
  })
})

test.group('Claims: filed before the release', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('holds the payout; offer, escalation and an admin decision refund the shipper out of it, the rest paid, books exact', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking, shipper, carrier } = await deliveredBooking()
    const totalCents = toCents(booking.totalAmount!)
    const payoutCents = splitPayout(totalCents).payoutCents
    const amount = Math.min(20_000, payoutCents - 100)

    clock.set(DELIVERED_AT.plus({ hours: 2 }))
    const filed = await client
      .post(fileUrl(booking.id))
      .json({ ...CLAIM, amountCents: amount })
      .loginAs(shipper)
      .withCsrfToken()
    filed.assertStatus(201)
    assert.deepInclude(filed.body(), {
      bookingId: booking.id,
      reference: bookingReference(booking.id),
      status: 'filed',
      payoutHeld: true,
      amountCents: amount,
      deliveredOn: '2026-06-01',
      respondBy: '2026-07-01',
    })
    const id = filed.body().id

    // The payout waits: quick pay refused, the 48-hour run does not release it.
    const quick = await client
      .post(`/api/carrier/bookings/${booking.id}/quick-pay`)
      .loginAs(carrier.user)
      .withCsrfToken()
    quick.assertStatus(409)
    assert.equal(quick.body().reasonCode, 'claim_hold')
    clock.set(DELIVERED_AT.plus({ hours: AUTO_RELEASE_HOURS + 1 }))
    assert.notInclude((await run()).released, booking.id)
    let row = await db.from('bookings').where('id', booking.id).first()
    assert.equal(row.payout_status, 'pending')
    assert.equal(Number(row.claim_hold_claim_id), id)
    await assertBooksExact(assert)

    // The carrier offers part; an offer of the whole, or without reasons, is a 422.
    const tooMuch = await client
      .post(`/api/claims/${id}/response`)
      .json({ action: 'offer', offerCents: amount, reason: 'The top pallet was already damaged' })
      .loginAs(carrier.user)
      .withCsrfToken()
    tooMuch.assertStatus(422)
    assert.equal(tooMuch.body().errors[0].field, 'offerCents')
    const noReason = await client
      .post(`/api/claims/${id}/response`)
      .json({ action: 'offer', offerCents: 100 })
      .loginAs(carrier.user)
      .withCsrfToken()
    noReason.assertStatus(422)
    assert.equal(noReason.body().errors[0].field, 'reason')
    const offer = await client
      .post(`/api/claims/${id}/response`)
      .json({
        action: 'offer',
        offerCents: 5_000,
        reason: 'Only one pallet was damaged, see photos',
      })
      .loginAs(carrier.user)
      .withCsrfToken()
    offer.assertStatus(200)
    assert.equal(offer.body().status, 'offered')
    assert.equal(offer.body().offerCents, 5_000)
    // answered once
    const twice = await client
      .post(`/api/claims/${id}/response`)
      .json({ action: 'accept' })
      .loginAs(carrier.user)
      .withCsrfToken()
    twice.assertStatus(409)

    // An admin cannot decide before escalation; the shipper escalates.
    const admin = await makeUser('admin')
    const early = await client
      .post(`/api/admin/claims/${id}/decision`)
      .json({ amountCents: 1_000, reason: 'Too early for a decision' })
      .loginAs(admin)
      .withCsrfToken()
    early.assertStatus(409)
    const escalated = await client
      .post(`/api/claims/${id}/escalate`)
      .json({ reason: 'Both pallets were crushed, photos attached' })
      .loginAs(shipper)
      .withCsrfToken()
    escalated.assertStatus(200)
    assert.equal(escalated.body().status, 'escalated')

    const list = await client.get('/api/admin/claims?status=escalated').loginAs(admin)
    list.assertStatus(200)
    assert.deepInclude(list.body().claims[0], {
      id,
      carrierId: carrier.carrier.id,
      shipperId: shipper.id,
    })
    const badQuery = await client.get('/api/admin/claims?status=lost').loginAs(admin)
    badQuery.assertStatus(422)
    const over = await client
      .post(`/api/admin/claims/${id}/decision`)
      .json({ amountCents: amount + 1, reason: 'More than asked for' })
      .loginAs(admin)
      .withCsrfToken()
    over.assertStatus(422)
    assert.equal(over.body().errors[0].field, 'amountCents')
    const noWhy = await client
      .post(`/api/admin/claims/${id}/decision`)
      .json({ amountCents: 1_000 })
      .loginAs(admin)
      .withCsrfToken()
    noWhy.assertStatus(422)
    assert.equal(noWhy.body().errors[0].field, 'reason')

    const award = 12_000 < amount ? 12_000 : amount - 1
    const decided = await client
      .post(`/api/admin/claims/${id}/decision`)
      .json({ amountCents: award, reason: 'Photos show two pallets crushed; award most of it' })
      .loginAs(admin)
      .withCsrfToken()
    decided.assertStatus(200)
    assert.deepInclude(decided.body(), {
      status: 'settled',
      settledCents: award,
      refundedCents: award,
      recoveryCents: 0,
      decisionReason: 'Photos show two pallets crushed; award most of it',
    })

    // The shipper's card refunded once; the payout released and paid less the refund.
    const refunds = await refundsOf(booking.stripePaymentIntentId!)
    assert.lengthOf(refunds, 1)
    assert.equal(Number(refunds[0].amount_cents), award)
    row = await db.from('bookings').where('id', booking.id).first()
    assert.isNull(row.claim_hold_claim_id)
    assert.equal(Number(row.claim_refund_cents), award)
    assert.equal(row.payout_status, 'paid')
    assert.equal(row.payment_status, 'paid')
    const transfers = await transfersOf(booking.id)
    assert.lengthOf(transfers, 1)
    assert.equal(Number(transfers[0].amount_cents), payoutCents - award)
    const claimLines = await db
      .from('ledger_entries')
      .where('txn', `booking-${booking.id}-claim-refund`)
      .orderBy('id')
    assert.deepEqual(
      claimLines.map((l) => [l.kind, l.account, Number(l.amount_cents)]),
      [
        ['claim_refund', `carrier_payable:${carrier.carrier.id}`, award],
        ['refund', 'provider_cash', -award],
      ]
    )
    await assertBooksExact(assert)

    // The steps, each from the chained audit; nothing more happens to a settled claim.
    const detail = await client.get(`/api/claims/${id}`).loginAs(shipper)
    detail.assertStatus(200)
    assert.deepEqual(
      detail.body().steps.map((s: any) => [s.action, s.status, s.actorRole]),
      [
        ['filed', 'filed', 'shipper'],
        ['offered', 'offered', 'carrier'],
        ['escalated', 'escalated', 'shipper'],
        ['decided', 'settled', 'admin'],
        ['settled', 'settled', 'admin'],
      ]
    )
    const after = await client
      .post(`/api/admin/claims/${id}/decision`)
      .json({ amountCents: 1, reason: 'A second decision attempt' })
      .loginAs(admin)
      .withCsrfToken()
    after.assertStatus(409)
    const summary = await run()
    assert.notInclude(summary.paid, booking.id)
    assert.lengthOf(await refundsOf(booking.stripePaymentIntentId!), 1)
    await assertBooksExact(assert)
  })

  test('a decline accepted closes it: the hold ends and the run releases and pays in full', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking, shipper, carrier } = await deliveredBooking()
    const filed = await client
      .post(fileUrl(booking.id))
      .json(CLAIM)
      .loginAs(shipper)
      .withCsrfToken()
    const id = filed.body().id
    const declined = await client
      .post(`/api/claims/${id}/response`)
      .json({ action: 'decline', reason: 'Delivered clean, the consignee signed without notes' })
      .loginAs(carrier.user)
      .withCsrfToken()
    declined.assertStatus(200)
    assert.equal(declined.body().status, 'declined')
    const accepted = await client.post(`/api/claims/${id}/accept`).loginAs(shipper).withCsrfToken()
    accepted.assertStatus(200)
    assert.equal(accepted.body().status, 'closed')
    const row = await db.from('bookings').where('id', booking.id).first()
    assert.isNull(row.claim_hold_claim_id)
    clock.set(DELIVERED_AT.plus({ hours: AUTO_RELEASE_HOURS + 1 }))
    const summary = await run()
    assert.include(summary.released, booking.id)
    const transfers = await transfersOf(booking.id)
    assert.equal(
      Number(transfers[0].amount_cents),
      splitPayout(toCents(booking.totalAmount!)).payoutCents
    )
    assert.lengthOf(await refundsOf(booking.stripePaymentIntentId!), 0)
    await assertBooksExact(assert)
  })

  test('escalation of an unanswered claim waits for the 30 days to pass', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking, shipper, carrier } = await deliveredBooking()
    const filed = await client
      .post(fileUrl(booking.id))
      .json(CLAIM)
      .loginAs(shipper)
      .withCsrfToken()
    const id = filed.body().id
    const reason = { reason: 'The carrier never answered the claim' }
    // 2026-07-01 is the last day to answer: 23:59 in New York is 03:59 UTC on 07-02 (EDT)
    clock.set(DateTime.fromISO('2026-07-02T03:59:00Z'))
    const early = await client
      .post(`/api/claims/${id}/escalate`)
      .json(reason)
      .loginAs(shipper)
      .withCsrfToken()
    early.assertStatus(409)
    clock.set(DateTime.fromISO('2026-07-02T04:00:00Z'))
    const late = await client
      .post(`/api/claims/${id}/response`)
      .json({ action: 'accept' })
      .loginAs(carrier.user)
      .withCsrfToken()
    late.assertStatus(409)
    const ok = await client
      .post(`/api/claims/${id}/escalate`)
      .json(reason)
      .loginAs(shipper)
      .withCsrfToken()
    ok.assertStatus(200)
    assert.equal(ok.body().status, 'escalated')
  })
})

test.group('Claims: filed after the release', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('proceeds against the carrier: the carrier accepts, the recovery is advanced to the shipper and owed by the carrier (0254)', async ({
    client,
    assert,
  }) => {
    const clock = fixClock(DELIVERED_AT)
    const { booking, shipper, carrier } = await deliveredBooking()
    clock.set(DELIVERED_AT.plus({ hours: AUTO_RELEASE_HOURS + 1 }))
    await run()
    assert.equal((await db.from('bookings').where('id', booking.id).first()).payout_status, 'paid')

    const filed = await client
      .post(fileUrl(booking.id))
      .json(CLAIM)
      .loginAs(shipper)
      .withCsrfToken()
    filed.assertStatus(201)
    assert.isFalse(filed.body().payoutHeld)
    const accepted = await client
      .post(`/api/claims/${filed.body().id}/response`)
      .json({ action: 'accept' })
      .loginAs(carrier.user)
      .withCsrfToken()
    accepted.assertStatus(200)
    assert.deepInclude(accepted.body(), {
      status: 'settled',
      settledCents: CLAIM.amountCents,
      refundedCents: 0,
      recoveryCents: CLAIM.amountCents,
      recoveredCents: 0,
      recoveryOutstandingCents: CLAIM.amountCents,
      recoveryRefundedCents: CLAIM.amountCents,
    })
    // The booking's own books are untouched; the claim's advance is its own transaction.
    const refunds = await refundsOf(booking.stripePaymentIntentId!)
    assert.deepEqual(
      refunds.map((r) => Number(r.amount_cents)),
      [CLAIM.amountCents]
    )
    const advance = await db
      .from('ledger_entries')
      .where('txn', `claim-${filed.body().id}-recovery-advance`)
    assert.lengthOf(advance, 2)
    assert.isNull(advance[0].booking_id)
    assert.equal((await db.from('bookings').where('id', booking.id).first()).payment_status, 'paid')
    assert.lengthOf(await transfersOf(booking.id), 1)
    await assertBooksExact(assert)
  })
})

test.group('Claims: a claim filed while the payout run releases the same booking', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(180_000)

  test('exactly one outcome: held (the run skips it) or post-release; money exact', async ({
    assert,
  }) => {
    const carrier = await makeCarrier()
    const service = await app.container.make(PayoutService)
    const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))
    const outcomes = { held: 0, after: 0 }
    for (const delayMs of [-30, -5, 0, 15, 60, 150, 400]) {
      const shipper = await makeUser('shipper')
      const booking = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
      await db
        .from('bookings')
        .where('id', booking.id)
        .update({
          delivered_at: DateTime.now()
            .minus({ hours: AUTO_RELEASE_HOURS + 1 })
            .toFormat(db.connection().dialect.dateTimeFormat),
        })
      const [session] = await signInSessions([shipper], [baseUrl()])
      const [res, summary] = await Promise.all([
        wait(-delayMs).then(() => session.request('POST', fileUrl(booking.id), CLAIM)),
        wait(delayMs).then(() => service.run()),
      ])
      assert.equal(res.status, 201, res.text)
      const row = await db.from('bookings').where('id', booking.id).first()
      if (res.body.payoutHeld) {
        outcomes.held++
        assert.notInclude(summary.released, booking.id)
        assert.equal(row.payout_status, 'pending')
        assert.equal(Number(row.claim_hold_claim_id), res.body.id)
        assert.lengthOf(await transfersOf(booking.id), 0)
        // and the next run still leaves it
        assert.notInclude((await service.run()).released, booking.id)
      } else {
        outcomes.after++
        assert.include(summary.released, booking.id)
        assert.isNull(row.claim_hold_claim_id)
        assert.oneOf(row.payout_status, ['released', 'paid'])
        await service.run()
        assert.lengthOf(await transfersOf(booking.id), 1)
      }
    }
    assert.equal(outcomes.held + outcomes.after, 7)
    await assertBooksExact(assert)
  })
})

test.group("Claims: the carrier's record", (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('Fleet Oversight lists the claims history; the ratings summary gives the claims ratio on the anonymous profile', async ({
    client,
    assert,
  }) => {
    fixClock(DELIVERED_AT)
    const { booking, shipper, carrier } = await deliveredBooking()
    const second = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
    const admin = await makeUser('admin')
    const profile = async () => {
      const res = await client
        .get(`/api/listings/${carrier.listing.id}/carrier-profile`)
        .loginAs(await makeUser('shipper'))
      res.assertStatus(200)
      return res.body()
    }
    assert.equal((await profile()).claimsRatio, 0)

    const filed = await client
      .post(fileUrl(booking.id))
      .json(CLAIM)
      .loginAs(shipper)
      .withCsrfToken()
    filed.assertStatus(201)
    // one claim over two delivered loads
    assert.equal((await profile()).claimsRatio, 0.5)
    assert.notProperty(await profile(), 'claims')

    const fleet = await client
      .get(`/api/admin/carriers?search=${encodeURIComponent(carrier.carrier.companyName)}`)
      .loginAs(admin)
    fleet.assertStatus(200)
    const row = fleet.body().data.find((c: any) => c.carrierId === carrier.carrier.id)
    assert.equal(row.claimsRatio, 0.5)
    assert.deepEqual(row.claims, {
      count: 1,
      settledCents: 0,
      open: 1,
      claims: [
        {
          id: filed.body().id,
          reference: bookingReference(booking.id),
          type: 'damage',
          amountCents: CLAIM.amountCents,
          status: 'filed',
          settledCents: null,
          filedAt: filed.body().filedAt,
        },
      ],
    })
    assert.isAbove(second.id, booking.id)
  })
})
