import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import IdentityRevealLog from '#payments/models/identity_reveal_log'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { Clock, FixedClock } from '#core/clock'
import { bookingReference } from '#core/reference'
import { ONBOARDING_HOLD_REASON } from '#payments/services/payout_service'

/** Operator reads the CLI uses: the reveal log filtered, every payout by state, the deployment. */

const NOW = DateTime.fromISO('2026-06-15T12:00:00Z')
const REVEALS = '/api/admin/reveals'
const PAYOUTS = '/api/admin/payouts'
const DEPLOYMENT = '/api/admin/deployment'

const ADMIN_REASON = 'Shipper disputes the delivery; calling the carrier'

async function revealFixture() {
  const admin = await makeUser('admin', { firstName: 'Avery', lastName: 'Morgan' })
  const carrier = await makeUser('carrier', { isApproved: true })
  const shipper = await makeUser('shipper', { firstName: 'Ada', lastName: 'Lovelace' })
  const listing = await makeListing(carrier)
  const first = await makeBooking(shipper, listing)
  const second = await makeBooking(shipper, listing)
  const reveal = (bookingId: number, viewer: typeof admin, iso: string, reason?: string) =>
    IdentityRevealLog.create({
      bookingId,
      viewerId: viewer.id,
      viewerRole: viewer.role,
      viewedAt: DateTime.fromISO(iso),
      reason: reason ?? null,
    })
  // 03:30 UTC on the 2nd is still the 1st in New York.
  const a = await reveal(first.id, shipper, '2026-06-02T03:30:00Z')
  // An admin's deliberate reveal keeps its reason (docs/decisions/0186).
  const b = await reveal(first.id, admin, '2026-06-02T15:00:00Z', ADMIN_REASON)
  const c = await reveal(second.id, shipper, '2026-06-03T12:00:00Z')
  const d = await reveal(second.id, shipper, '2026-06-05T12:00:00Z')
  return { admin, shipper, carrier, first, second, logs: { a, b, c, d } }
}

test.group('Operator reads: GET /api/admin/reveals', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    app.container.swap(Clock, () => new FixedClock(NOW))
    return () => app.container.restore(Clock)
  })

  test('newest first, 20 a page, with the viewer named and an admin’s reason', async ({
    client,
    assert,
  }) => {
    const { admin, shipper, first, logs } = await revealFixture()
    const res = await client.get(REVEALS).loginAs(admin)
    res.assertStatus(200)
    assert.deepEqual(res.body().meta, { total: 4, perPage: 20, currentPage: 1, lastPage: 1 })
    assert.deepEqual(
      res.body().data.map((r: any) => r.id),
      [logs.d.id, logs.c.id, logs.b.id, logs.a.id]
    )
    assert.deepEqual(res.body().data[3], {
      id: logs.a.id,
      bookingId: first.id,
      bookingReference: bookingReference(first.id),
      viewerId: shipper.id,
      viewerName: 'Ada Lovelace',
      viewerRole: 'shipper',
      viewedAt: '2026-06-02T03:30:00.000Z',
      reason: null,
    })
    assert.deepEqual(res.body().data[2], {
      id: logs.b.id,
      bookingId: first.id,
      bookingReference: bookingReference(first.id),
      viewerId: admin.id,
      viewerName: 'Avery Morgan',
      viewerRole: 'admin',
      viewedAt: '2026-06-02T15:00:00.000Z',
      reason: ADMIN_REASON,
    })
  })

  test('filters by booking (id or TRT- reference), viewer, role and business days', async ({
    client,
    assert,
  }) => {
    const { admin, shipper, first, second, logs } = await revealFixture()
    const ids = async (qs: Record<string, string | number>) => {
      const res = await client.get(REVEALS).qs(qs).loginAs(admin)
      res.assertStatus(200)
      return res.body().data.map((r: any) => r.id)
    }
    assert.deepEqual(await ids({ booking: first.id }), [logs.b.id, logs.a.id])
    assert.deepEqual(await ids({ booking: bookingReference(second.id) }), [logs.d.id, logs.c.id])
    assert.deepEqual(await ids({ booking: `trt-${second.id}` }), [logs.d.id, logs.c.id])
    assert.deepEqual(await ids({ viewerId: admin.id }), [logs.b.id])
    assert.deepEqual(await ids({ viewerRole: 'shipper', booking: first.id }), [logs.a.id])
    // Business days: the 03:30 UTC reveal belongs to June 1st in New York.
    assert.deepEqual(await ids({ from: '2026-06-01', to: '2026-06-01' }), [logs.a.id])
    assert.deepEqual(await ids({ from: '2026-06-02', to: '2026-06-03' }), [logs.c.id, logs.b.id])
    assert.deepEqual(await ids({ from: '2026-06-04' }), [logs.d.id])
    assert.deepEqual(await ids({ to: '2026-06-01', viewerId: shipper.id }), [logs.a.id])
    assert.deepEqual(await ids({ booking: 999999 }), [])
    // An empty parameter means no filter.
    assert.lengthOf(await ids({ booking: '', page: '' }), 4)
  })

  test('pages with perPage', async ({ client, assert }) => {
    const { admin, logs } = await revealFixture()
    const res = await client.get(REVEALS).qs({ perPage: 3, page: 2 }).loginAs(admin)
    res.assertStatus(200)
    assert.deepEqual(res.body().meta, { total: 4, perPage: 3, currentPage: 2, lastPage: 2 })
    assert.deepEqual(
      res.body().data.map((r: any) => r.id),
      [logs.a.id]
    )
  })

  test('bad filters are a 422 naming the field', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const cases: [Record<string, string>, string, string][] = [
      [{ booking: 'ABC-1' }, 'booking', 'Booking must be a booking id or a TRT- reference'],
      [{ booking: '0' }, 'booking', 'Booking must be a booking id or a TRT- reference'],
      [{ booking: '99999999999' }, 'booking', 'Booking must be a booking id or a TRT- reference'],
      [{ viewerId: 'x' }, 'viewerId', 'Viewer must be a user id'],
      [{ viewerRole: 'carrier' }, 'viewerRole', 'Viewer role must be shipper or admin'],
      [{ from: '2026-13-01' }, 'from', 'From must be a date (YYYY-MM-DD)'],
      [{ to: 'yesterday' }, 'to', 'To must be a date (YYYY-MM-DD)'],
      [{ page: '0' }, 'page', 'Page must be a whole number from 1'],
      [{ perPage: '101' }, 'perPage', 'Per page must be a whole number between 1 and 100'],
    ]
    for (const [qs, field, message] of cases) {
      const res = await client.get(REVEALS).qs(qs).loginAs(admin)
      res.assertStatus(422)
      assert.containsSubset(res.body().errors, [{ field, message }])
    }
  })

  test('only admins; signed out is a 401', async ({ client }) => {
    for (const role of ['shipper', 'carrier'] as const) {
      const user = await makeUser(role, { isApproved: true })
      ;(await client.get(REVEALS).loginAs(user)).assertStatus(403)
      ;(await client.get(PAYOUTS).loginAs(user)).assertStatus(403)
      ;(await client.get(DEPLOYMENT).loginAs(user)).assertStatus(403)
    }
    ;(await client.get(REVEALS)).assertStatus(401)
    ;(await client.get(PAYOUTS)).assertStatus(401)
    ;(await client.get(DEPLOYMENT)).assertStatus(401)
  })
})

test.group('Operator reads: GET /api/admin/payouts and /api/admin/deployment', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    app.container.swap(Clock, () => new FixedClock(NOW))
    return () => app.container.restore(Clock)
  })

  async function payoutFixture() {
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(carrier)
    const make = (overrides: Record<string, unknown>) => makeBooking(shipper, listing, overrides)
    const pending = await make({ payoutStatus: 'pending' })
    const released = await make({ payoutStatus: 'released', payoutReleasedAt: NOW })
    const held = await make({
      payoutStatus: 'released',
      payoutReleasedAt: NOW,
      payoutFailureReason: ONBOARDING_HOLD_REASON,
    })
    const paid = await make({ payoutStatus: 'paid', payoutReleasedAt: NOW })
    const failed = await make({
      payoutStatus: 'failed',
      payoutReleasedAt: NOW,
      payoutFailureReason: 'card_declined',
    })
    await db.from('bookings').where('id', failed.id).update({ payout_attempts: 2 })
    // A partner booking: the partner is paid on its own terms, no carrier payout (decision 0182).
    const partner = await make({
      carrierId: null,
      truckId: null,
      listingId: null,
      provider: 'demo_partner',
      bookingType: 'partner:lakeshore',
      payoutStatus: 'pending',
    })
    return { admin, pending, released, held, paid, failed, partner }
  }

  test('every payout newest first, or one state, or one booking', async ({ client, assert }) => {
    const f = await payoutFixture()
    const ids = async (qs: Record<string, string | number> = {}) => {
      const res = await client.get(PAYOUTS).qs(qs).loginAs(f.admin)
      res.assertStatus(200)
      return res.body().data.map((p: any) => p.bookingId)
    }
    assert.deepEqual(await ids(), [f.failed.id, f.paid.id, f.held.id, f.released.id, f.pending.id])
    assert.deepEqual(await ids({ state: 'pending' }), [f.pending.id])
    assert.deepEqual(await ids({ state: 'released' }), [f.released.id])
    assert.deepEqual(await ids({ state: 'held' }), [f.held.id])
    assert.deepEqual(await ids({ state: 'paid' }), [f.paid.id])
    assert.deepEqual(await ids({ state: 'failed' }), [f.failed.id])
    assert.deepEqual(await ids({ booking: bookingReference(f.held.id) }), [f.held.id])
    assert.deepEqual(await ids({ booking: f.held.id, state: 'failed' }), [])
    assert.deepEqual(await ids({ booking: f.partner.id }), [])

    const res = await client.get(PAYOUTS).qs({ state: 'failed' }).loginAs(f.admin)
    assert.containsSubset(res.body(), {
      data: [{ payoutStatus: 'failed', reason: 'card_declined', attempts: 2, held: false }],
      meta: { total: 1, perPage: 20, currentPage: 1, lastPage: 1 },
    })
    const held = await client.get(PAYOUTS).qs({ state: 'held' }).loginAs(f.admin)
    assert.isTrue(held.body().data[0].held)
  })

  test('20 a page', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(carrier)
    for (let i = 0; i < 21; i++) await makeBooking(shipper, listing)
    const res = await client.get(PAYOUTS).qs({ page: 2 }).loginAs(admin)
    res.assertStatus(200)
    assert.lengthOf(res.body().data, 1)
    assert.deepEqual(res.body().meta, { total: 21, perPage: 20, currentPage: 2, lastPage: 2 })
  })

  test('bad filters are a 422 naming the field', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const cases: [Record<string, string>, string, string][] = [
      [{ state: 'lost' }, 'state', 'State must be pending, released, held, paid or failed'],
      [{ booking: 'TRT-' }, 'booking', 'Booking must be a booking id or a TRT- reference'],
      [{ page: '1.5' }, 'page', 'Page must be a whole number from 1'],
    ]
    for (const [qs, field, message] of cases) {
      const res = await client.get(PAYOUTS).qs(qs).loginAs(admin)
      res.assertStatus(422)
      assert.containsSubset(res.body().errors, [{ field, message }])
    }
  })

  test('the deployment names its payments driver and no secret', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const res = await client.get(DEPLOYMENT).loginAs(admin)
    res.assertStatus(200)
    assert.deepEqual(res.body(), { paymentsDriver: 'sandbox', takesRealMoney: false })
  })
})
