import db from '@adonisjs/lucid/services/db'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import { Clock, FixedClock } from '#core/clock'

const NOW = DateTime.fromISO('2026-06-15T12:00:00Z')

test.group('Admin dashboard: GET /api/admin/dashboard', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    app.container.swap(Clock, () => new FixedClock(NOW))
    return () => app.container.restore(Clock)
  })

  test('user counts come from the accounts table', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    await makeUser('shipper')
    await makeUser('shipper')
    await makeUser('shipper', { isApproved: false })
    await makeUser('carrier', { isApproved: true })
    await makeUser('carrier', { isApproved: true })
    await makeUser('carrier', { isApproved: false })
    await makeUser('carrier', { isApproved: false, approvalStatus: 'rejected' })
    const res = await client.get('/api/admin/dashboard').loginAs(admin)
    res.assertStatus(200)
    assert.containsSubset(res.body(), {
      totalUsers: 8,
      usersByRole: { shipper: 3, carrier: 4, admin: 1 },
      activeCarriers: 2,
      pendingApprovals: 2,
      monthlyRevenue: 0,
      monthLabel: 'June 2026',
      recentBookings: [],
    })
  })

  test('monthly revenue: bookings created this month that are not cancelled', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const listing = await makeListing(carrier)
    const on = (iso: string, totalAmount: number, status: any = 'booked') =>
      makeBooking(shipper, listing, { createdAt: DateTime.fromISO(iso), totalAmount, status })
    await on('2026-06-01T00:00:00Z', 100.1)
    await on('2026-06-10T08:00:00Z', 200.2, 'delivered')
    await on('2026-06-15T11:59:00Z', 300.3, 'pending')
    await on('2026-06-12T08:00:00Z', 999, 'cancelled')
    await on('2026-05-31T23:59:00Z', 50)
    await on('2026-07-01T00:00:00Z', 70)
    const res = await client.get('/api/admin/dashboard').loginAs(admin)
    assert.equal(res.body().monthlyRevenue, 600.6)
  })

  test('the five newest bookings with who ships and who carries', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper', { firstName: 'Ada', lastName: 'Lovelace' })
    const listing = await makeListing(carrier, { from: 'dallas', to: 'houston' })
    const ids: number[] = []
    for (let day = 1; day <= 7; day++) {
      const booking = await makeBooking(shipper, listing, {
        createdAt: DateTime.fromISO(`2026-06-0${day}T10:00:00Z`),
        totalAmount: day * 10,
      })
      ids.push(booking.id)
    }
    const res = await client.get('/api/admin/dashboard').loginAs(admin)
    const recent = res.body().recentBookings
    assert.deepEqual(
      recent.map((b: any) => b.id),
      ids.slice(2).reverse()
    )
    assert.deepEqual(recent[0], {
      id: ids[6],
      reference: `TRT-${String(ids[6]).padStart(3, '0')}`,
      status: 'booked',
      paymentStatus: 'paid',
      pickupCity: 'Dallas',
      pickupState: 'TX',
      deliveryCity: 'Houston',
      deliveryState: 'TX',
      totalAmount: 70,
      createdAt: '2026-06-07T10:00:00.000Z',
      shipperName: 'Ada Lovelace',
      carrierName: recent[0].carrierName,
    })
    // The admin's own list views reveal nobody: anonymous labels, nothing logged.
    assert.match(recent[0].carrierName, /^Verified carrier #\d{4}$/)
    assert.notInclude(JSON.stringify(res.body()), (await carrierOf(carrier)).companyName)
    for (let i = 0; i < 3; i++) await client.get('/api/admin/dashboard').loginAs(admin)
    assert.lengthOf(await db.from('identity_reveal_log'), 0)
  })

  test('an admin reveals the carrier of one booking on purpose, logged once per reveal', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: true })
    const booking = await makeBooking(await makeUser('shipper'), await makeListing(carrier))
    const company = await carrierOf(carrier)
    const reason = 'Shipper dispute #88: the shipper asks who hauled it'

    // Without a reason (or with one too short to say anything) nothing is revealed or logged.
    for (const body of [{}, { reason: '' }, { reason: '   short  ' }, { reason: 42 }]) {
      const refused = await client
        .post(`/api/admin/bookings/${booking.id}/reveal-carrier`)
        .json(body)
        .loginAs(admin)
        .withCsrfToken()
      refused.assertStatus(422)
      assert.equal(refused.body().errors[0].field, 'reason')
      assert.notProperty(refused.body(), 'carrier')
    }
    assert.lengthOf(await db.from('identity_reveal_log'), 0)

    const res = await client
      .post(`/api/admin/bookings/${booking.id}/reveal-carrier`)
      .json({ reason })
      .loginAs(admin)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().bookingId, booking.id)
    assert.equal(res.body().carrier.companyName, company.companyName)
    const rows = await db.from('identity_reveal_log')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].booking_id, booking.id)
    assert.equal(rows[0].viewer_id, admin.id)
    assert.equal(rows[0].viewer_role, 'admin')
    assert.equal(rows[0].reason, reason)

    // Each deliberate reveal is its own entry with its own reason, and the chain still verifies.
    const again = await client
      .post(`/api/admin/bookings/TRT-${String(booking.id).padStart(3, '0')}/reveal-carrier`)
      .json({ reason: 'Insurance claim 2231 needs the carrier name' })
      .loginAs(admin)
      .withCsrfToken()
    again.assertStatus(200)
    const both = await db.from('identity_reveal_log').orderBy('id')
    assert.deepEqual(
      both.map((row) => row.reason),
      [reason, 'Insurance claim 2231 needs the carrier name']
    )
    const verify = await client.get('/api/admin/audit/verify').loginAs(admin)
    verify.assertStatus(200)
    assert.isTrue(
      JSON.stringify(verify.body()).includes('"ok":true'),
      JSON.stringify(verify.body())
    )
    await db.from('identity_reveal_log').where('id', both[0].id).update({ reason: 'edited' })
    const tampered = await client.get('/api/admin/audit/verify').loginAs(admin)
    assert.isTrue(JSON.stringify(tampered.body()).includes('"ok":false'))
    await db.from('identity_reveal_log').where('id', both[0].id).update({ reason })
    await db.from('identity_reveal_log').where('id', both[1].id).delete()

    const missing = await client
      .post('/api/admin/bookings/999999/reveal-carrier')
      .json({ reason })
      .loginAs(admin)
      .withCsrfToken()
    missing.assertStatus(404)
    assert.lengthOf(await db.from('identity_reveal_log'), 1)

    for (const user of [
      await makeUser('shipper'),
      await makeUser('carrier', { isApproved: true }),
      carrier,
    ]) {
      const forbidden = await client
        .post(`/api/admin/bookings/${booking.id}/reveal-carrier`)
        .json({ reason })
        .loginAs(user)
        .withCsrfToken()
      forbidden.assertStatus(403)
    }
    const anonymous = await client
      .post(`/api/admin/bookings/${booking.id}/reveal-carrier`)
      .json({ reason })
      .withCsrfToken()
    anonymous.assertStatus(401)
    assert.lengthOf(await db.from('identity_reveal_log'), 1)
  })

  test('only admins', async ({ client }) => {
    for (const user of [
      await makeUser('shipper'),
      await makeUser('carrier', { isApproved: true }),
      await makeUser('carrier', { isApproved: false }),
    ]) {
      const res = await client.get('/api/admin/dashboard').loginAs(user)
      res.assertStatus(403)
    }
    const out = await client.get('/api/admin/dashboard')
    out.assertStatus(401)
  })
})
