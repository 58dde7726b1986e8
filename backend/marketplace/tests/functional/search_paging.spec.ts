import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { DateTime } from 'luxon'
import geocoding from '#plugins/geocoding/services/main'
import Listing from '#fleet/models/listing'
import Truck from '#fleet/models/truck'
import { roadMiles, type LatLng } from '#core/geo'
import { toCents } from '#core/money'
import { readTimestamp } from '#core/timestamps'
import { matchShipment } from '#marketplace/services/search_match'
import { priceShipment } from '#marketplace/services/pricing'
import BookingStatusService from '#marketplace/services/booking_status_service'
import RatingSummaryService from '#reviews/services/rating_summary_service'
import { DEFAULT_SEARCH_PAGE_SIZE } from '#marketplace/services/search_service'
import { searchCache } from '#marketplace/services/search_cache'
import { makeUser, businessDayFromToday, eachTestInTransaction } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing, makeTruck } from '#tests/factories'
import { onTheRoad, uploadProofOfDelivery } from '#tests/deliveries'
import type User from '#accounts/models/user'

/*
 * The spatial index and the maintained summaries change how search finds listings and reads
 * carrier facts, not what it answers (decisions 0086-0088). Expectations here are computed
 * independently: every listing checked one by one with the product's match predicate, priced,
 * ordered; carrier facts computed from the trucks and bookings themselves.
 */

const day = businessDayFromToday

async function place(address: string): Promise<LatLng> {
  const result = await geocoding.geocode(address)
  if (!result.ok) throw new Error(result.message)
  return { latitude: result.place.latitude, longitude: result.place.longitude }
}

/** A date column as `YYYY-MM-DD`: SQLite text, or a PostgreSQL Date at local midnight. */
const dayOf = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : value instanceof Date
      ? DateTime.fromJSDate(value).toISODate()
      : String(value).slice(0, 10)

type Offer = { id: number; carrierId: number; totalCents: number; deadhead: number }

/** Every offer for a shipment, best first, checking each listing of the database in turn. */
async function expectedOffers(from: string, to: string, pallets: number, pickupDate: string) {
  const pickup = await place(from)
  const delivery = await place(to)
  const rows = await db
    .from('listings')
    .join('carriers', 'carriers.id', 'listings.carrier_id')
    .join('users', 'users.id', 'carriers.user_id')
    .select('listings.*', 'users.is_approved as approved')
  const booked = new Map<number, number>()
  for (const b of await db.from('bookings').whereNot('status', 'cancelled')) {
    booked.set(Number(b.listing_id), (booked.get(Number(b.listing_id)) ?? 0) + b.number_of_pallets)
  }
  const distance = roadMiles(pickup, delivery)
  const offers: Offer[] = []
  for (const row of rows) {
    const listing = {
      status: row.status,
      carrierApproved: Boolean(row.approved),
      pickup: { latitude: Number(row.pickup_latitude), longitude: Number(row.pickup_longitude) },
      pickupRadius: row.pickup_radius,
      delivery: {
        latitude: Number(row.delivery_latitude),
        longitude: Number(row.delivery_longitude),
      },
      deliveryRadius: row.delivery_radius,
      availableDate: dayOf(row.available_date),
      maxPallets: row.max_pallets,
      bookedPallets: booked.get(Number(row.id)) ?? 0,
    }
    if (!matchShipment(listing, { pickup, delivery, pallets, pickupDate }).ok) continue
    const price = priceShipment({
      pallets,
      distanceMiles: distance,
      rateCents: toCents(Number(row.rate_per_mile_per_pallet)),
    })
    offers.push({
      id: Number(row.id),
      carrierId: Number(row.carrier_id),
      totalCents: price.totalCents,
      deadhead: roadMiles(listing.pickup, pickup),
    })
  }
  return offers.sort(
    (a, b) => a.totalCents - b.totalCents || a.deadhead - b.deadhead || a.id - b.id
  )
}

/** A carrier's public facts computed from its trucks and delivered bookings. */
async function expectedFacts(carrierId: number) {
  const trucks = await db.from('trucks').where('carrier_id', carrierId)
  const delivered = await db
    .from('bookings')
    .where('carrier_id', carrierId)
    .where('status', 'delivered')
  let judged = 0
  let onTime = 0
  for (const b of delivered) {
    const at = readTimestamp(b.delivered_at)
    const due = dayOf(b.delivery_date)
    if (!at || !due) continue
    judged += 1
    if (at.setZone(BUSINESS_TIME_ZONE).toISODate()! <= due) onTime += 1
  }
  return {
    equipmentTypes: [...new Set(trucks.map((t) => t.truck_type as string))].sort(),
    completedLoads: delivered.length,
    onTimeRate: judged ? Math.round((onTime / judged) * 1000) / 1000 : null,
  }
}

/** Seeds carriers, trucks, 600 listings around the Great Lakes, bookings and deliveries. */
async function seedMarket() {
  let seed = 11
  const random = () => {
    seed = (seed * 16807) % 2147483647
    return seed / 2147483647
  }
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]
  const shipper = await makeUser('shipper')
  const carriers: { user: User; id: number; trucks: Truck[] }[] = []
  for (let i = 0; i < 8; i++) {
    const user = await makeUser('carrier', { isApproved: i !== 7 })
    const trucks: Truck[] = []
    for (let k = 0; k < 1 + (i % 3); k++) {
      trucks.push(
        await makeTruck(user, {
          truckType: pick(['dry_van', 'flatbed', 'refrigerated', 'box_truck']),
          capacity: 26,
        })
      )
    }
    carriers.push({ user, id: (await carrierOf(user)).id, trucks })
  }
  const rows = Array.from({ length: 600 }, (_, i) => {
    const carrier = pick(carriers)
    return {
      carrier_id: carrier.id,
      truck_id: pick(carrier.trucks).id,
      pickup_address: `Pickup ${i}`,
      pickup_latitude: 38 + random() * 8,
      pickup_longitude: -92 + random() * 12,
      pickup_radius: pick([1, 10, 25, 50, 100, 150, 250, 400, 500]),
      delivery_address: `Delivery ${i}`,
      delivery_latitude: 38 + random() * 8,
      delivery_longitude: -92 + random() * 12,
      delivery_radius: pick([1, 10, 25, 50, 100, 150, 250, 400, 500]),
      // Few distinct rates, so equal prices are ordered by deadhead, then id.
      rate_per_mile_per_pallet: pick([1.5, 1.85, 2.1, 2.5, 3.2]),
      max_pallets: 1 + Math.floor(random() * 26),
      available_date: day(Math.floor(random() * 40) - 10),
      status: pick(['active', 'active', 'active', 'active', 'expired', 'booked']),
      created_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    }
  })
  for (let i = 0; i < rows.length; i += 100) {
    await db.table('listings').multiInsert(rows.slice(i, i + 100))
  }
  const listings = await Listing.query().orderBy('id')
  // Edits after the insert: archived, reactivated, moved, radius changed.
  for (const listing of listings.slice(0, 40)) {
    if (listing.id % 4 === 0) listing.status = 'expired'
    if (listing.id % 4 === 1) listing.status = 'active'
    if (listing.id % 4 === 2) listing.pickupRadius = 500
    if (listing.id % 4 === 3) listing.deliveryLatitude = 42.3314
    await listing.save()
  }
  // Capacity taken by bookings; cancelled ones give it back.
  for (const listing of listings.filter((l) => l.id % 5 === 0)) {
    await makeBooking(shipper, listing, {
      pallets: 1 + (listing.id % 6),
      status: listing.id % 2 ? 'booked' : 'cancelled',
    })
  }
  // Delivery records: on time, late, without a due date.
  for (const [n, listing] of listings.filter((l) => l.id % 7 === 0).entries()) {
    await makeBooking(shipper, listing, {
      status: 'delivered',
      pallets: 1,
      deliveryDate: DateTime.fromISO('2026-03-10'),
      deliveredAt: DateTime.fromISO(n % 3 ? '2026-03-10T20:00:00Z' : '2026-03-11T15:00:00Z'),
    })
  }
  // Bookings written straight to the table: rewrite the carriers' records as deliveries would.
  const summaries = await app.container.make(RatingSummaryService)
  for (const carrierId of new Set(listings.map((l) => l.carrierId))) {
    await summaries.rewriteDeliveries(carrierId)
  }
  return { shipper, carriers }
}

const LANES: [string, string, number, number][] = [
  ['Chicago, IL', 'Detroit, MI', 4, 2],
  ['Indianapolis, IN', 'Columbus, OH', 1, 10],
  ['Milwaukee, WI', 'Cincinnati, OH', 6, 5],
  ['St. Louis, MO', 'Cleveland, OH', 2, 20],
  ['Louisville, KY', 'Chicago, IL', 3, 0],
]

test.group('POST /api/listings/search: index, summaries and pages', (group) => {
  eachTestInTransaction(group)

  test('every page together is exactly the one-by-one answer, best first', async ({
    client,
    assert,
  }) => {
    const { shipper } = await seedMarket()
    let compared = 0
    for (const [from, to, pallets, inDays] of LANES) {
      const pickupDate = day(inDays)
      const expected = await expectedOffers(from, to, pallets, pickupDate)
      const seen: { id: number; carrierProfile: Record<string, unknown> }[] = []
      const body = {
        pickupAddress: from,
        deliveryAddress: to,
        numberOfPallets: pallets,
        pickupDate,
      }
      for (let page = 1; ; page++) {
        const res = await client
          .post('/api/listings/search')
          .json({ ...body, page, perPage: 7 })
          .loginAs(shipper)
          .withCsrfToken()
        res.assertStatus(200)
        assert.equal(res.header('x-total-count'), String(expected.length), `${from} → ${to}`)
        assert.equal(res.header('x-page'), String(page))
        assert.equal(res.header('x-per-page'), '7')
        assert.isAtMost(res.body().length, 7)
        seen.push(...res.body())
        const next = res.header('x-next-page')
        if (!next) break
        assert.equal(next, String(page + 1))
      }
      assert.deepEqual(
        seen.map((r) => r.id),
        expected.map((o) => o.id),
        `${from} → ${to}`
      )
      // The first page by default holds the best DEFAULT_SEARCH_PAGE_SIZE.
      const first = await client
        .post('/api/listings/search')
        .json(body)
        .loginAs(shipper)
        .withCsrfToken()
      assert.deepEqual(
        first.body().map((r: { id: number }) => r.id),
        expected.slice(0, DEFAULT_SEARCH_PAGE_SIZE).map((o) => o.id)
      )
      for (const [i, result] of seen.entries()) {
        const facts = await expectedFacts(expected[i].carrierId)
        assert.deepInclude(result.carrierProfile, facts, `listing ${result.id}`)
      }
      compared += expected.length
    }
    assert.isAbove(compared, 50, 'the comparison must cover real matches')
  })

  test('full listings ahead of the page move it on, however many there are', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrierUser, { truckType: 'flatbed' })
    // Twelve listings, cheapest first by rate; the eight cheapest are full (more than the
    // listings search reads beyond a page before it knows the bookings).
    const listings = []
    for (let i = 0; i < 12; i++) {
      listings.push(await makeListing(carrierUser, { truck, rate: 2 + i / 10, maxPallets: 4 }))
    }
    for (const listing of listings.slice(0, 8)) {
      await makeBooking(shipper, listing, { pallets: 4 })
    }
    const search = (page: number) =>
      client
        .post('/api/listings/search')
        .json({
          pickupAddress: 'Chicago, IL',
          deliveryAddress: 'Detroit, MI',
          numberOfPallets: 2,
          pickupDate: day(1),
          page,
          perPage: 2,
        })
        .loginAs(shipper)
        .withCsrfToken()
    const pages = [await search(1), await search(2), await search(3)]
    for (const res of pages) {
      res.assertStatus(200)
      assert.equal(res.header('x-total-count'), '4')
    }
    assert.deepEqual(
      pages.map((res) => res.body().map((offer: { id: number }) => offer.id)),
      [[listings[8].id, listings[9].id], [listings[10].id, listings[11].id], []]
    )
    // Offers read in the second step are whole: listing, truck and carrier profile.
    for (const offer of [...pages[0].body(), ...pages[1].body()]) {
      assert.equal(offer.equipmentType, 'flatbed')
      assert.equal(offer.available_capacity, 4)
      assert.equal(offer.pickupAddress, listings[0].pickupAddress)
      assert.isString(offer.carrierProfile.label)
      assert.deepEqual(offer.carrierProfile.equipmentTypes, ['flatbed'])
    }
  })

  test('a page past the last is empty, with the total', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrierUser)
    for (let i = 0; i < 3; i++) await makeListing(carrierUser, { truck, rate: 2 + i / 10 })
    const res = await client
      .post('/api/listings/search')
      .json({
        pickupAddress: 'Chicago, IL',
        deliveryAddress: 'Detroit, MI',
        numberOfPallets: 1,
        pickupDate: day(1),
        page: 2,
        perPage: 3,
      })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(200)
    assert.deepEqual(res.body(), [])
    assert.equal(res.header('x-total-count'), '3')
    assert.isUndefined(res.header('x-next-page'))
  })

  test('bad paging is a 422 on the field, with a clear message', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const page = 'Page must be a whole number from 1 to 1000'
    const perPage = 'Per page must be a whole number from 1 to 100'
    for (const [field, value, message] of [
      ['page', 0, page],
      ['page', 1.5, page],
      ['page', 'two', page],
      ['page', 1001, page],
      ['perPage', 0, perPage],
      ['perPage', 101, perPage],
      ['perPage', 2.5, perPage],
      ['perPage', 'all', perPage],
    ] as const) {
      const res = await client
        .post('/api/listings/search')
        .json({
          pickupAddress: 'Chicago, IL',
          deliveryAddress: 'Detroit, MI',
          numberOfPallets: 1,
          pickupDate: day(1),
          [field]: value,
        })
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(
        res.body().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [field, message],
        `${field} = ${value}`
      )
    }
  })

  test('the summaries follow trucks and deliveries', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const van = await makeTruck(carrierUser, { truckType: 'dry_van' })
    const listing = await makeListing(carrierUser, { truck: van, maxPallets: 10 })
    const reefer = await makeTruck(carrierUser, { truckType: 'refrigerated' })
    // Picked up yesterday, due in three business days.
    const booking = await makeBooking(shipper, listing, {
      status: 'in_transit',
      pallets: 1,
      pickupDate: onTheRoad().pickupDate,
    })
    const statuses = await app.container.make(BookingStatusService)
    const profile = async () => {
      const res = await client
        .post('/api/listings/search')
        .json({
          pickupAddress: 'Chicago, IL',
          deliveryAddress: 'Detroit, MI',
          numberOfPallets: 1,
          pickupDate: day(1),
        })
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(200)
      return res.body()[0].carrierProfile
    }
    assert.deepInclude(await profile(), {
      equipmentTypes: ['dry_van', 'refrigerated'],
      completedLoads: 0,
      onTimeRate: null,
    })
    await uploadProofOfDelivery(booking.id, carrierUser.id)
    await statuses.change(booking.id, 'delivered', { userId: carrierUser.id, role: 'carrier' })
    await reefer.delete()
    const after = await profile()
    assert.deepInclude(after, { equipmentTypes: ['dry_van'], completedLoads: 1 })
    // Delivered now, due in three business days: on time.
    assert.equal(after.onTimeRate, 1)
    const details = await client.get(`/api/listings/${listing.id}/carrier-profile`).loginAs(shipper)
    assert.equal(details.body().trucks, 1)
  })
})

test.group('POST /api/listings/search: the answer cache', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    searchCache.configure(60_000)
    return () => searchCache.configure(0)
  })

  test('the same question is answered again until something search reads changes', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(carrierUser, { truckType: 'dry_van' })
    const listing = await makeListing(carrierUser, { truck, maxPallets: 10 })
    const search = async () => {
      const res = await client
        .post('/api/listings/search')
        .json({
          pickupAddress: 'Chicago, IL',
          deliveryAddress: 'Detroit, MI',
          numberOfPallets: 4,
          pickupDate: day(2),
        })
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(200)
      return res.body() as { id: number; available_capacity: number; carrierProfile: any }[]
    }
    assert.deepEqual(
      (await search()).map((r) => r.id),
      [listing.id]
    )
    // A column no trigger watches, written behind search's back: the cached answer stands.
    await db.from('carriers').where('user_id', carrierUser.id).update({ equipment_types: 'x' })
    assert.deepEqual((await search())[0].carrierProfile.equipmentTypes, ['dry_van'])
    await db
      .from('carriers')
      .where('user_id', carrierUser.id)
      .update({ equipment_types: 'dry_van' })

    // Every write search reads moves the version, whoever makes it (here raw SQL, as another
    // process would): capacity taken, a truck changed, the listing archived, approval revoked.
    await makeBooking(shipper, listing, { pallets: 3 })
    assert.equal((await search())[0].available_capacity, 7)
    await Truck.query().where('id', truck.id).update({ truck_type: 'flatbed' })
    assert.deepEqual((await search())[0].carrierProfile.equipmentTypes, ['flatbed'])
    await db.from('listings').where('id', listing.id).update({ status: 'expired' })
    assert.deepEqual(await search(), [])
    await db.from('listings').where('id', listing.id).update({ status: 'active' })
    assert.lengthOf(await search(), 1)
    await db.from('users').where('id', carrierUser.id).update({ is_approved: false })
    assert.deepEqual(await search(), [])
  })

  test('an answer ends after SEARCH_CACHE_MS', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    await makeListing(carrierUser)
    searchCache.configure(50)
    const body = {
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI',
      numberOfPallets: 1,
      pickupDate: day(2),
    }
    const first = await client
      .post('/api/listings/search')
      .json(body)
      .loginAs(shipper)
      .withCsrfToken()
    await db
      .from('carriers')
      .where('user_id', carrierUser.id)
      .update({ equipment_types: 'flatbed' })
    await new Promise((resolve) => setTimeout(resolve, 80))
    const later = await client
      .post('/api/listings/search')
      .json(body)
      .loginAs(shipper)
      .withCsrfToken()
    assert.deepEqual(first.body()[0].carrierProfile.equipmentTypes, ['dry_van'])
    assert.deepEqual(later.body()[0].carrierProfile.equipmentTypes, ['flatbed'])
  })
})
