import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import IdentityRevealLog from '#payments/models/identity_reveal_log'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { Clock, FixedClock } from '#core/clock'

const NOW = DateTime.fromISO('2026-06-15T12:00:00Z')

test.group('Admin analytics: GET /api/admin/analytics-overview', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    app.container.swap(Clock, () => new FixedClock(NOW))
    return () => app.container.restore(Clock)
  })

  test('revenue, mean rate, bookings and active shippers from bookings', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrier)
    const [s1, s2, s3, s4] = [
      await makeUser('shipper'),
      await makeUser('shipper'),
      await makeUser('shipper'),
      await makeUser('shipper'),
    ]
    const book = (shipper: any, iso: string, total: number, rate: number, status: any = 'booked') =>
      makeBooking(shipper, listing, {
        createdAt: DateTime.fromISO(iso),
        totalAmount: total,
        ratePerMilePerPallet: rate,
        status,
      })
    await book(s1, '2026-06-14T10:00:00Z', 100.25, 2.5)
    await book(s1, '2026-06-01T10:00:00Z', 200.5, 2.75, 'delivered')
    await book(s2, '2026-05-16T12:00:00Z', 300, 3)
    await book(s3, '2026-05-16T11:59:00Z', 400, 2, 'delivered')
    await book(s4, '2026-06-10T10:00:00Z', 5000, 9, 'cancelled')

    const res = await client.get('/api/admin/analytics-overview').loginAs(admin)
    res.assertStatus(200)
    assert.containsSubset(res.body(), {
      totalRevenue: 1000.75,
      // (2.50 + 2.75 + 3.00 + 2.00) / 4 = 2.5625
      averageRate: 2.56,
      // s1 twice, s2 on the boundary, s4 (a cancelled booking is still activity); s3 too early
      activeShippers: 3,
      totalBookings: 4,
      identityRevealLogs: {
        data: [],
        meta: { total: 0, perPage: 10, currentPage: 1, lastPage: 1 },
      },
    })
  })

  test('with no bookings the figures are zero and the mean rate is null', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const res = await client.get('/api/admin/analytics-overview').loginAs(admin)
    assert.containsSubset(res.body(), {
      totalRevenue: 0,
      averageRate: null,
      activeShippers: 0,
      totalBookings: 0,
    })
  })

  test('the identity reveal log is paged, newest first', async ({ client, assert }) => {
    const admin = await makeUser('admin', { firstName: 'Avery', lastName: 'Morgan' })
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper', { firstName: 'Ada', lastName: 'Lovelace' })
    const booking = await makeBooking(shipper, await makeListing(carrier))
    const start = DateTime.fromISO('2026-06-01T00:00:00Z')
    const logs: IdentityRevealLog[] = []
    for (let i = 0; i < 25; i++) {
      logs.push(
        await IdentityRevealLog.create({
          bookingId: booking.id,
          viewerId: i % 5 === 0 ? admin.id : shipper.id,
          viewerRole: i % 5 === 0 ? 'admin' : 'shipper',
          viewedAt: start.plus({ hours: i }),
        })
      )
    }
    const newestFirst = [...logs].reverse()

    const first = await client.get('/api/admin/analytics-overview').loginAs(admin)
    const page1 = first.body().identityRevealLogs
    assert.deepEqual(page1.meta, { total: 25, perPage: 10, currentPage: 1, lastPage: 3 })
    assert.deepEqual(
      page1.data.map((e: any) => e.id),
      newestFirst.slice(0, 10).map((l) => l.id)
    )
    assert.deepEqual(page1.data[0], {
      id: logs[24].id,
      bookingId: booking.id,
      bookingReference: `TRT-${String(booking.id).padStart(3, '0')}`,
      viewerId: shipper.id,
      viewerName: 'Ada Lovelace',
      viewerRole: 'shipper',
      viewedAt: '2026-06-02T00:00:00.000Z',
      reason: null,
    })
    assert.equal(page1.data[4].viewerName, 'Avery Morgan')

    const last = await client
      .get('/api/admin/analytics-overview')
      .qs({ page: 3, perPage: 10 })
      .loginAs(admin)
    assert.deepEqual(
      last.body().identityRevealLogs.data.map((e: any) => e.id),
      newestFirst.slice(20).map((l) => l.id)
    )
    const big = await client
      .get('/api/admin/analytics-overview')
      .qs({ page: 1, perPage: 100 })
      .loginAs(admin)
    assert.lengthOf(big.body().identityRevealLogs.data, 25)
    assert.equal(big.body().identityRevealLogs.meta.lastPage, 1)
    const beyond = await client
      .get('/api/admin/analytics-overview')
      .qs({ page: 4, perPage: 10 })
      .loginAs(admin)
    assert.deepEqual(beyond.body().identityRevealLogs, {
      data: [],
      meta: { total: 25, perPage: 10, currentPage: 4, lastPage: 3 },
    })

    // Filtered by who looked: the shippers' reveals are not buried under admins' ones.
    for (const [viewerRole, count] of [
      ['shipper', 20],
      ['admin', 5],
    ] as const) {
      const filtered = await client
        .get('/api/admin/analytics-overview')
        .qs({ viewerRole, perPage: 100 })
        .loginAs(admin)
      filtered.assertStatus(200)
      const entries = filtered.body().identityRevealLogs
      assert.equal(entries.meta.total, count)
      assert.isTrue(entries.data.every((e: any) => e.viewerRole === viewerRole))
    }
    const bad = await client
      .get('/api/admin/analytics-overview')
      .qs({ viewerRole: 'carrier' })
      .loginAs(admin)
    bad.assertStatus(422)
    assert.equal(bad.body().message, 'Viewer role must be shipper or admin')
  })

  test('page and perPage are validated', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    for (const page of ['0', '-1', 'abc', '1.5']) {
      const res = await client.get('/api/admin/analytics-overview').qs({ page }).loginAs(admin)
      res.assertStatus(422)
      assert.deepEqual(
        res.body().errors.map((e: any) => [e.field, e.message]),
        [['page', 'Page must be a whole number of at least 1']]
      )
    }
    for (const perPage of ['0', '101', 'ten']) {
      const res = await client.get('/api/admin/analytics-overview').qs({ perPage }).loginAs(admin)
      res.assertStatus(422)
      assert.equal(res.body().message, 'Per page must be a whole number between 1 and 100')
    }
    const empty = await client.get('/api/admin/analytics-overview?page=&perPage=').loginAs(admin)
    empty.assertStatus(200)
    assert.equal(empty.body().identityRevealLogs.meta.perPage, 10)
  })

  test('only admins', async ({ client }) => {
    for (const user of [
      await makeUser('shipper'),
      await makeUser('carrier', { isApproved: true }),
    ]) {
      const res = await client.get('/api/admin/analytics-overview').loginAs(user)
      res.assertStatus(403)
    }
    const out = await client.get('/api/admin/analytics-overview')
    out.assertStatus(401)
  })
})
