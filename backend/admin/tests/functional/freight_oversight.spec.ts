import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Carrier from '#fleet/models/carrier'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeFreightListing, makeListing } from '#tests/factories'
import { Clock, FixedClock } from '#core/clock'
import { bookingReference } from '#core/reference'

const LIST = '/api/admin/freight-listings'
const NOW = DateTime.fromISO('2026-06-15T12:00:00Z')

async function carrierOf(userId: number) {
  return Carrier.findByOrFail('userId', userId)
}

test.group('Admin freight oversight: GET /api/admin/freight-listings', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    app.container.swap(Clock, () => new FixedClock(NOW))
    return () => app.container.restore(Clock)
  })

  async function fixture() {
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper')
    const holder = await carrierOf((await makeUser('carrier', { isApproved: true })).id)
    const claimant = await carrierOf((await makeUser('carrier', { isApproved: true })).id)
    const at = (hours: number) => NOW.minus({ hours })
    const open = await makeFreightListing(shipper, { createdAt: at(5), priceCents: 90000 })
    const held = await makeFreightListing(shipper, {
      createdAt: at(4),
      priceCents: 120050,
      holdCarrierId: holder.id,
      holdExpiresAt: NOW.plus({ minutes: 10 }),
    })
    const lapsed = await makeFreightListing(shipper, {
      createdAt: at(3),
      holdCarrierId: holder.id,
      holdExpiresAt: NOW.minus({ minutes: 1 }),
    })
    const claimed = await makeFreightListing(shipper, { createdAt: at(2), status: 'CLAIMED' })
    claimed.carrierId = claimant.id
    await claimed.save()
    const cancelled = await makeFreightListing(shipper, { createdAt: at(1), status: 'CANCELLED' })
    return { admin, shipper, holder, claimant, open, held, lapsed, claimed, cancelled }
  }

  test('every load newest first, with its holder and claimant named', async ({
    client,
    assert,
  }) => {
    const f = await fixture()
    const res = await client.get(LIST).loginAs(f.admin)
    res.assertStatus(200)
    const body = res.body()
    assert.deepEqual(body.meta, { total: 5, perPage: 20, currentPage: 1, lastPage: 1 })
    assert.deepEqual(
      body.data.map((l: any) => l.id),
      [f.cancelled.id, f.claimed.id, f.lapsed.id, f.held.id, f.open.id]
    )
    const byId = (id: number) => body.data.find((l: any) => l.id === id)
    assert.containsSubset(byId(f.held.id), {
      status: 'OPEN',
      paymentStatus: 'UNFUNDED',
      origin: { postal: '60601', city: 'Chicago', state: 'IL' },
      destination: { postal: '48201', city: 'Detroit', state: 'MI' },
      equipment: 'VAN',
      pallets: 4,
      price: 1200.5,
      shipperId: f.shipper.id,
      heldBy: f.holder.companyName,
      holdExpiresAt: NOW.plus({ minutes: 10 }).toUTC().toISO(),
      claimedBy: null,
      bookingReference: null,
    })
    // A lapsed hold is no hold.
    assert.containsSubset(byId(f.lapsed.id), { heldBy: null, holdExpiresAt: null })
    assert.containsSubset(byId(f.claimed.id), {
      status: 'CLAIMED',
      claimedBy: f.claimant.companyName,
    })
  })

  test('by status, held now, and paged', async ({ client, assert }) => {
    const f = await fixture()
    const ids = async (qs: Record<string, string | number>) => {
      const res = await client.get(LIST).qs(qs).loginAs(f.admin)
      res.assertStatus(200)
      return res.body().data.map((l: any) => l.id)
    }
    assert.deepEqual(await ids({ status: 'OPEN' }), [f.lapsed.id, f.held.id, f.open.id])
    assert.deepEqual(await ids({ status: 'CLAIMED' }), [f.claimed.id])
    assert.deepEqual(await ids({ held: 'true' }), [f.held.id])
    assert.deepEqual(await ids({ held: 'false', status: 'CANCELLED' }), [f.cancelled.id])
    assert.deepEqual(await ids({ page: 2 }), [])
  })

  test('a claimed load names its booking and carrier, logged as a reveal', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper, { status: 'CLAIMED' })
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const booking = await makeBooking(shipper, await makeListing(carrierUser))
    const carrier = await carrierOf(carrierUser.id)
    await db
      .from('freight_listings')
      .where('id', load.id)
      .update({ shipment_id: booking.id, carrier_id: carrier.id })
    const res = await client.get(LIST).loginAs(admin)
    assert.containsSubset(res.body().data[0], {
      bookingReference: bookingReference(booking.id),
      claimedBy: carrier.companyName,
    })
    // Naming the carrier of a booking is a reveal, logged as the admin's.
    const logged = await db
      .from('identity_reveal_log')
      .select('booking_id', 'viewer_id', 'viewer_role')
    assert.deepEqual(logged, [
      { booking_id: booking.id, viewer_id: admin.id, viewer_role: 'admin' },
    ])
  })

  test('bad filters are a 422 naming the field', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const cases: [Record<string, string>, string, string][] = [
      [{ status: 'open' }, 'status', 'Status must be OPEN, CLAIMED, CANCELLED or EXPIRED'],
      [{ held: 'maybe' }, 'held', 'Held must be true or false'],
      [{ page: '0' }, 'page', 'Page must be a whole number from 1'],
    ]
    for (const [qs, field, message] of cases) {
      const res = await client.get(LIST).qs(qs).loginAs(admin)
      res.assertStatus(422)
      assert.containsSubset(res.body().errors, [{ field, message }])
    }
  })

  test('only admins; signed out is a 401', async ({ client }) => {
    for (const role of ['shipper', 'carrier'] as const) {
      const user = await makeUser(role, { isApproved: true })
      ;(await client.get(LIST).loginAs(user)).assertStatus(403)
    }
    ;(await client.get(LIST)).assertStatus(401)
  })
})
