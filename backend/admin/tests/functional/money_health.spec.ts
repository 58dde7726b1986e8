import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type User from '#accounts/models/user'
import type Booking from '#marketplace/models/booking'
import Payment from '#payments/models/payment'
import EscrowTransaction from '#payments/models/escrow_transaction'
import IdentityRevealService from '#payments/services/identity_reveal_service'
import LedgerService from '#payments/services/ledger_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import { toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'

type Chain = {
  chain: string
  ok: boolean
  rows: number
  brokenRowId: number | null
  reason: string | null
}

const VERIFY = '/api/admin/audit/verify'
const RECONCILE = '/api/admin/payments/reconciliation'

/** Paid bookings straight in the database: the factory writes no payments rows. */
async function paidBookings(count: number) {
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrier, { maxPallets: 26 })
  const bookings: Booking[] = []
  for (let i = 0; i < count; i++)
    bookings.push(await makeBooking(shipper, listing, { pallets: 1 + i }))
  return bookings
}

/** Reveal rows through the real service: one chained row per booking. */
async function reveal(viewer: User, bookings: Booking[]) {
  const reveals = await app.container.make(IdentityRevealService)
  await reveals.log(
    { id: viewer.id, role: viewer.role },
    bookings.map((b) => b.id)
  )
  return (await db.from('identity_reveal_log').orderBy('id').select('id')).map((r) => Number(r.id))
}

/** Charges through the real ledger: two chained lines per booking. */
async function charge(bookings: Booking[]) {
  const ledger = await app.container.make(LedgerService)
  for (const booking of bookings) {
    await db.transaction((trx) =>
      ledger.recordCharge(trx, booking.id, toCents(booking.totalAmount!))
    )
  }
  return (await db.from('ledger_entries').orderBy('id').select('id')).map((r) => Number(r.id))
}

/** The booking's card charge as the sandbox payment provider records it, and its intent id. */
async function providerCharged(booking: Booking, intent: string) {
  await db.from('bookings').where('id', booking.id).update({ stripe_payment_intent_id: intent })
  await db.table('sandbox_payments').insert({
    id: intent,
    client_secret: `${intent}_secret`,
    amount_cents: toCents(booking.totalAmount!),
    amount_refunded_cents: 0,
    currency: 'usd',
    status: 'succeeded',
    charge_id: `ch_${intent}`,
    metadata: JSON.stringify({ bookingId: String(booking.id) }),
    idempotency_key: `booking-${booking.id}-payment`,
    request_hash: 'test',
    created_at: new Date(),
    updated_at: new Date(),
  })
}

async function verify(client: any, admin: User) {
  const res = await client.get(VERIFY).loginAs(admin)
  res.assertStatus(200)
  const chains = res.body().chains as Chain[]
  return (name: string) => chains.find((c) => c.chain === name)!
}

test.group('Admin money health: access', (group) => {
  eachTestInTransaction(group)

  test('only admins; signed out is a 401', async ({ client }) => {
    for (const url of [VERIFY, RECONCILE]) {
      for (const user of [
        await makeUser('shipper'),
        await makeUser('carrier', { isApproved: true }),
      ]) {
        const res = await client.get(url).loginAs(user)
        res.assertStatus(403)
      }
      const out = await client.get(url)
      out.assertStatus(401)
    }
  })
})

test.group('Admin money health: GET /api/admin/audit/verify', (group) => {
  eachTestInTransaction(group)

  test('a clean database: every chain intact with 0 rows', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const res = await client.get(VERIFY).loginAs(admin)
    res.assertStatus(200)
    assert.sameDeepMembers(res.body().chains, [
      { chain: 'ledger_entries', ok: true, rows: 0, brokenRowId: null, reason: null },
      { chain: 'identity_reveal_log', ok: true, rows: 0, brokenRowId: null, reason: null },
      { chain: 'cargo_claim_audits', ok: true, rows: 0, brokenRowId: null, reason: null },
      { chain: 'admin_audit_log', ok: true, rows: 0, brokenRowId: null, reason: null },
    ])
  })

  test('rows written by the services verify, with their counts', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const bookings = await paidBookings(3)
    await reveal(admin, bookings)
    await charge(bookings.slice(0, 2))
    const chain = await verify(client, admin)
    assert.deepEqual(chain('identity_reveal_log'), {
      chain: 'identity_reveal_log',
      ok: true,
      rows: 3,
      brokenRowId: null,
      reason: null,
    })
    assert.deepEqual(chain('ledger_entries'), {
      chain: 'ledger_entries',
      ok: true,
      rows: 4,
      brokenRowId: null,
      reason: null,
    })
  })

  test('an edited reveal row is named; the ledger stays intact', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const bookings = await paidBookings(3)
    const ids = await reveal(admin, bookings)
    await charge(bookings.slice(0, 1))
    await db.from('identity_reveal_log').where('id', ids[1]).update({ viewer_role: 'shipper' })
    const chain = await verify(client, admin)
    const reveals = chain('identity_reveal_log')
    assert.isFalse(reveals.ok)
    assert.equal(reveals.brokenRowId, ids[1])
    assert.equal(reveals.rows, 1)
    assert.match(reveals.reason!, /content does not match its hash/)
    assert.isTrue(chain('ledger_entries').ok)
  })

  test('an edited ledger amount is named', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const bookings = await paidBookings(2)
    const ids = await charge(bookings)
    await db.from('ledger_entries').where('id', ids[2]).update({ amount_cents: 1 })
    const ledger = (await verify(client, admin))('ledger_entries')
    assert.isFalse(ledger.ok)
    assert.equal(ledger.brokenRowId, ids[2])
    assert.match(ledger.reason!, /edited/)
  })

  test('a deleted middle row: the row after it is named', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const ids = await reveal(admin, await paidBookings(4))
    await db.from('identity_reveal_log').where('id', ids[1]).delete()
    const reveals = (await verify(client, admin))('identity_reveal_log')
    assert.isFalse(reveals.ok)
    assert.equal(reveals.brokenRowId, ids[2])
    assert.match(reveals.reason!, /link to the previous row does not match/)
  })

  test('a deleted last row: no row to name, the head says rows are missing', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const ids = await charge(await paidBookings(2))
    await db.from('ledger_entries').where('id', ids[3]).delete()
    const ledger = (await verify(client, admin))('ledger_entries')
    assert.isFalse(ledger.ok)
    assert.isNull(ledger.brokenRowId)
    assert.equal(ledger.rows, 3)
    assert.match(ledger.reason!, new RegExp(`expects 4 rows ending in row ${ids[3]}`))
  })
})

test.group('Admin money health: GET /api/admin/payments/reconciliation', (group) => {
  eachTestInTransaction(group)

  test('a clean database reconciles with zero totals', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const res = await client.get(RECONCILE).loginAs(admin)
    res.assertStatus(200)
    assert.deepEqual(res.body(), {
      bookings: 0,
      transactions: 0,
      totals: {
        chargedCents: 0,
        payoutCents: 0,
        platformShareCents: 0,
        refundedCents: 0,
        escrowCents: 0,
        payableCents: 0,
        recoveryDeductedCents: 0,
        recoveryAdvancedCents: 0,
        recoveryOutstandingCents: 0,
      },
      problemCount: 0,
      problems: [],
    })
  })

  // The reconciliation compares the ledger with the payments rows, and a paid booking with the
  // card money: without either, each side of the mismatch is a problem. Neither booking has a
  // charge at the payment provider either (docs/decisions/0159).
  test('paid bookings without payments rows are reported', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const [charged, uncharged] = await paidBookings(2)
    await charge([charged])
    const res = await client.get(RECONCILE).loginAs(admin)
    res.assertStatus(200)
    const body = res.body()
    const cents = toCents(charged.totalAmount!)
    const usd = (c: number) =>
      `$${(c / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
    assert.equal(body.bookings, 2)
    assert.equal(body.transactions, 1)
    assert.equal(body.totals.chargedCents, cents)
    assert.equal(body.totals.escrowCents, cents)
    assert.sameDeepMembers(body.problems, [
      {
        bookingId: charged.id,
        reference: bookingReference(charged.id),
        problem: `ledger charged ${usd(cents)} but payments record $0.00`,
      },
      {
        bookingId: uncharged.id,
        reference: bookingReference(uncharged.id),
        problem: `booking total ${usd(toCents(uncharged.totalAmount!))} but charged $0.00`,
      },
      ...[charged, uncharged].map((booking) => ({
        bookingId: booking.id,
        reference: bookingReference(booking.id),
        problem: 'paid without a provider charge: the booking has no payment intent',
      })),
    ])
  })

  test('a charged, recorded, held booking reconciles; a tampered line names its TRT- reference', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const [booking] = await paidBookings(1)
    const cents = toCents(booking.totalAmount!)
    await charge([booking])
    await Payment.create({
      shipmentId: booking.id,
      amount: booking.totalAmount!,
      status: 'SUCCEEDED',
      stripePaymentIntent: `pi_test_${booking.id}`,
    })
    await EscrowTransaction.create({
      shipmentId: booking.id,
      amount: booking.totalAmount!,
      status: 'HELD',
    })
    // and the payment provider holds the charge (the sandbox's record of it)
    await providerCharged(booking, `pi_test_${booking.id}`)

    const clean = await client.get(RECONCILE).loginAs(admin)
    clean.assertStatus(200)
    assert.deepEqual(clean.body(), {
      bookings: 1,
      transactions: 1,
      totals: {
        chargedCents: cents,
        payoutCents: 0,
        platformShareCents: 0,
        refundedCents: 0,
        escrowCents: cents,
        payableCents: 0,
        recoveryDeductedCents: 0,
        recoveryAdvancedCents: 0,
        recoveryOutstandingCents: 0,
      },
      problemCount: 0,
      problems: [],
    })

    const escrowLine = await db
      .from('ledger_entries')
      .where({ booking_id: booking.id, account: 'escrow' })
      .firstOrFail()
    await db
      .from('ledger_entries')
      .where('id', escrowLine.id)
      .update({ amount_cents: Number(escrowLine.amount_cents) + 100 })
    const tampered = await client.get(RECONCILE).loginAs(admin)
    tampered.assertStatus(200)
    const problems = tampered.body().problems as { bookingId: number | null; reference: string }[]
    assert.isAbove(problems.length, 0)
    assert.isTrue(
      problems.some(
        (p) => p.bookingId === booking.id && p.reference === bookingReference(booking.id)
      )
    )
    assert.isTrue(
      problems.some((p) => p.bookingId === null && p.reference === `booking-${booking.id}-charge`)
    )
  })

  test('read a page of bookings at a time, the verdict is the same to the cent', async ({
    assert,
  }) => {
    const bookings = await paidBookings(5)
    await charge(bookings.slice(0, 3))
    // An unbalanced transaction outside any booking.
    await db.table('ledger_entries').insert({
      booking_id: null,
      txn: 'orphan-txn',
      kind: 'charge',
      account: 'escrow',
      amount_cents: 5,
      created_at: new Date(),
      prev_hash: '0'.repeat(64),
      hash: '1'.repeat(64),
    })
    const service = new ReconciliationService()
    const whole = await service.reconcile(1000)
    assert.equal(whole.bookings, 5)
    assert.isAbove(whole.problemCount, 3)
    assert.equal(whole.problems.length, whole.problemCount)
    assert.isTrue(whole.problems.some((p) => p.reference === 'orphan-txn'))
    for (const size of [1, 2, 4]) {
      const paged = await service.reconcile(size)
      assert.deepEqual(paged, whole, `pages of ${size}`)
    }
  })
})
