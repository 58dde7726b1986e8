import { spawn } from 'node:child_process'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import PayoutService from '#payments/services/payout_service'
import IdentityRevealService from '#payments/services/identity_reveal_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import AuditService from '#payments/services/audit_service'
import { splitPayout, toCents } from '#core/money'
import type Booking from '#marketplace/models/booking'
import { Browserless, baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import {
  deliver,
  makeCarrier,
  paidBooking,
  restoreClock,
  seedPaidBookings,
} from '#payments/tests/payout_fixtures'

const BOOKINGS = 10
const RUNS = 6

/** Paid bookings delivered at the real current time minus `hoursAgo`, for one carrier. */
async function deliveredBookings(count: number, hoursAgo: number) {
  const carrier = await makeCarrier()
  const shippers = []
  const bookings: Booking[] = []
  for (let i = 0; i < count; i++) {
    const shipper = await makeUser('shipper')
    const booking = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
    const deliveredAt = DateTime.now().minus({ hours: hoursAgo })
    await db
      .from('bookings')
      .where('id', booking.id)
      .update({ delivered_at: deliveredAt.toFormat(db.connection().dialect.dateTimeFormat) })
    shippers.push(shipper)
    bookings.push(booking)
  }
  return { carrier, shippers, bookings }
}

/** Each booking was transferred exactly once, for 91 percent, and posted once on the ledger. */
async function assertPaidOnce(assert: any, bookings: Booking[]) {
  for (const booking of bookings) {
    const row = await db.from('bookings').where('id', booking.id).first()
    assert.equal(row.payout_status, 'paid', `booking ${booking.id}`)
    const transfers = await db
      .from('sandbox_transfers')
      .where('transfer_group', `booking_${booking.id}`)
    assert.lengthOf(transfers, 1, `one transfer for booking ${booking.id}`)
    assert.equal(
      Number(transfers[0].amount_cents),
      splitPayout(toCents(booking.totalAmount!)).payoutCents
    )
    const payouts = await db
      .from('ledger_entries')
      .where('booking_id', booking.id)
      .where('kind', 'payout')
    assert.lengthOf(payouts, 2, `one payout transaction for booking ${booking.id}`)
    const releases = await db
      .from('ledger_entries')
      .where('booking_id', booking.id)
      .where('txn', `booking-${booking.id}-release`)
    assert.lengthOf(releases, 3)
  }
  const report = await new ReconciliationService().reconcile()
  assert.deepEqual(report.problems, [])
  for (const verdict of await new AuditService().verifyAll()) assert.isTrue(verdict.ok)
}

/** `node ace payouts:release` as its own process, against the test database and server. */
function aceRelease(...args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['ace', 'payouts:release', ...args], {
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

test.group('Payout release under concurrency', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => restoreClock())
  group.each.timeout(120_000)

  test(`${RUNS} release runs and ${BOOKINGS / 2} shipper completions at once pay each booking once`, async ({
    assert,
  }) => {
    const { shippers, bookings } = await deliveredBookings(BOOKINGS, 49)
    const sessions: Browserless[] = []
    for (const shipper of shippers.slice(0, BOOKINGS / 2)) {
      const session = new Browserless(baseUrl())
      const res = await session.request('POST', '/api/login', {
        username: shipper.email,
        password: 'secret123',
      })
      assert.equal(res.status, 200)
      sessions.push(session)
    }

    const service = await app.container.make(PayoutService)
    const [runs, completions] = await Promise.all([
      Promise.all(Array.from({ length: RUNS }, () => service.run())),
      Promise.all(
        sessions.map((session, i) =>
          session.request('POST', `/api/booking/${bookings[i].id}/complete`)
        )
      ),
    ])
    for (const res of completions) assert.equal(res.status, 200, res.text)

    // Across all runs, each booking was released once and paid once.
    const released = runs.flatMap((r) => r.released)
    const paid = runs.flatMap((r) => r.paid)
    assert.isAtMost(released.length, BOOKINGS)
    assert.equal(new Set(released).size, released.length)
    assert.equal(new Set(paid).size, paid.length)
    await assertPaidOnce(assert, bookings)
  })

  test('two `node ace payouts:release` processes at the same time pay each booking once', async ({
    assert,
  }) => {
    const { bookings } = await deliveredBookings(6, 50)
    const [first, second] = await Promise.all([aceRelease(), aceRelease()])
    assert.equal(first.code, 0, first.output)
    assert.equal(second.code, 0, second.output)
    const paidCounts = [first.output, second.output].map((out) =>
      Number(/paid (\d+)/.exec(out)?.[1] ?? -1)
    )
    assert.equal(paidCounts[0] + paidCounts[1], 6, `${first.output}\n${second.output}`)
    await assertPaidOnce(assert, bookings)
  })

  test('two `payouts:release --all` processes share a backlog of several batches, paying each booking once', async ({
    assert,
  }) => {
    const BACKLOG = 450
    const carriers = [await makeCarrier(), await makeCarrier(), await makeCarrier()]
    const ids = await seedPaidBookings(BACKLOG, carriers, 50)
    const [first, second] = await Promise.all([aceRelease('--all'), aceRelease('--all')])
    assert.equal(first.code, 0, first.output)
    assert.equal(second.code, 0, second.output)
    const paidCounts = [first.output, second.output].map((out) =>
      Number(/paid (\d+)/.exec(out)?.[1] ?? -1)
    )
    // together they paid each booking once
    assert.equal(paidCounts[0] + paidCounts[1], BACKLOG, `${first.output}\n${second.output}`)

    const count = async (query: any) => Number((await query.count('* as n'))[0].n)
    assert.equal(
      await count(db.from('bookings').whereIn('id', ids).where('payout_status', 'paid')),
      BACKLOG
    )
    assert.equal(await count(db.from('sandbox_transfers')), BACKLOG)
    const groups = await db
      .from('sandbox_transfers')
      .select('transfer_group')
      .groupBy('transfer_group')
      .havingRaw('count(*) > 1')
    assert.deepEqual(groups, [], 'no booking transferred twice')
    const payoutLines = await db
      .from('ledger_entries')
      .where('kind', 'payout')
      .select('booking_id')
      .count('* as n')
      .groupBy('booking_id')
    assert.lengthOf(payoutLines, BACKLOG)
    for (const row of payoutLines) assert.equal(Number(row.n), 2, `booking ${row.booking_id}`)
    const report = await new ReconciliationService().reconcile()
    assert.deepEqual(report.problems, [])
    for (const verdict of await new AuditService().verifyAll()) assert.isTrue(verdict.ok)
  })

  test('many identity reveals written at once keep one unbroken chain, each logged once', async ({
    assert,
  }) => {
    const { bookings } = await deliveredBookings(2, 1)
    const reveals = await app.container.make(IdentityRevealService)
    const viewers = await Promise.all(Array.from({ length: 8 }, () => makeUser('shipper')))
    await Promise.all(
      Array.from({ length: 24 }, (_, i) =>
        reveals.log(
          { id: viewers[i % viewers.length].id, role: 'shipper' },
          bookings.map((b) => b.id)
        )
      )
    )
    const verdicts = await new AuditService().verifyAll()
    const reveal = verdicts.find((v) => v.chain === 'identity_reveal_log')!
    assert.isTrue(reveal.ok)
    // 24 writes by 8 viewers of 2 bookings: one reveal per viewer and booking (decision 0157).
    assert.equal(reveal.rows, 16)
  })
})
