import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { roadMiles } from '#core/geo'
import { costModelCents, palletShare } from '#plugins/rate_quoting/drivers/lane_model_math'
import FreightListing from '#freight_board/models/freight_listing'
import FreightListingAudit from '#freight_board/models/freight_listing_audit'
import { businessDayFromToday, inProcessZone, makeUser, resetDatabase } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'
import { LOAD_DEFAULTS } from '#core/load_rules'

const CHICAGO = { latitude: 41.8858, longitude: -87.6181 }
const DETROIT = { latitude: 42.3478, longitude: -83.0603 }

// The form's moments: a pickup three business days ahead (never in the past, at any hour).
const PICKUP_DAY = businessDayFromToday(3)
const PICKUP = `${PICKUP_DAY}T14:00:00.000Z`
const DELIVERY = `${businessDayFromToday(4)}T22:00:00.000Z`
const dayOffset = (day: string, days: number) =>
  DateTime.fromISO(day, { zone: 'utc' }).plus({ days }).toISODate()!

const form = (over: Record<string, unknown> = {}) => ({
  origin: { postal: '60601' },
  destination: { postal: '48201' },
  equipment: 'VAN',
  mode: 'TL',
  pallets: 4,
  weight_lbs: 4000,
  dims: { l: 48, w: 40, h: 60 },
  pickup_earliest: PICKUP,
  delivery_latest: DELIVERY,
  notes: 'Dock 4',
  price: 950,
  ...over,
})

/** Claimed loads Chicago 606xx to Detroit 482xx at the given prices per pallet-mile. */
async function laneHistory(pricesPerPalletMile: number[]) {
  const shipper = await makeUser('shipper')
  for (const p of pricesPerPalletMile) {
    await makeFreightListing(shipper, {
      status: 'CLAIMED',
      pallets: 1,
      distanceMiles: 100,
      price: p * 100,
      claimedAt: DateTime.now(),
    })
  }
}

async function fuelRow(day: string, fscPct: number, dieselPrice: number) {
  await db
    .table('fuel_indices')
    .insert({ index_date: day, fsc_pct: fscPct, diesel_price: dieselPrice })
}

test.group('POST /api/freight-listings/recommend', (group) => {
  group.each.setup(() => resetDatabase())

  test('the spec’s validation messages', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const cases: [Record<string, unknown>, string, string][] = [
      [{ origin: { postal: '606' } }, 'origin.postal', 'Origin ZIP is required'],
      [{ origin: {} }, 'origin.postal', 'Origin ZIP is required'],
      [{ destination: { postal: '' } }, 'destination.postal', 'Destination ZIP is required'],
      [{ pallets: 0 }, 'pallets', 'Pallets must be at least 1'],
      [{ weight_lbs: 0 }, 'weight_lbs', 'Weight must be at least 1 lb'],
      [{ price: -1 }, 'price', 'Price cannot be negative'],
      [{ origin: { postal: '00000' } }, 'origin.postal', 'Origin ZIP not found'],
      [{ destination: { postal: '99999' } }, 'destination.postal', 'Destination ZIP not found'],
      [
        { delivery_latest: DateTime.fromISO(PICKUP).minus({ hours: 4 }).toUTC().toISO() },
        'delivery_latest',
        'Delivery must be after pickup',
      ],
    ]
    for (const [over, field, message] of cases) {
      const res = await client
        .post('/api/freight-listings/recommend')
        .json(form(over))
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(
        res.body().errors.map((e: any) => ({ field: e.field, message: e.message })),
        { field, message },
        JSON.stringify(res.body())
      )
    }
  })

  test('carriers, admins and pending carriers 403, anonymous 401', async ({ client, assert }) => {
    for (const user of [await makeUser('carrier', { isApproved: true }), await makeUser('admin')]) {
      const res = await client
        .post('/api/freight-listings/recommend')
        .json(form())
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(403)
    }
    const pending = await client
      .post('/api/freight-listings/recommend')
      .json(form())
      .loginAs(await makeUser('carrier', { isApproved: false }))
      .withCsrfToken()
    pending.assertStatus(403)
    assert.equal(pending.body().message, 'You do not have access to this resource')
    const anonymous = await client
      .post('/api/freight-listings/recommend')
      .json(form())
      .withCsrfToken()
    anonymous.assertStatus(401)
  })

  test('lane history: the middle half of 8 same-zip3 loads per pallet-mile', async ({
    client,
    assert,
  }) => {
    await laneHistory([2.0, 2.2, 2.4, 2.6, 2.8, 3.0, 3.2, 3.4])
    const res = await client
      .post('/api/freight-listings/recommend')
      .json(form())
      .loginAs(await makeUser('shipper'))
      .withCsrfToken()
    res.assertStatus(200)
    const distance = roadMiles(CHICAGO, DETROIT)
    const body = res.body()
    assert.closeTo(body.distance_miles, distance, 1)
    // p25 2.35, p50 2.70, p75 3.05 per pallet-mile of 1-pallet loads, restated for this load's
    // 4 pallets on the cost model's pallet curve (decision 0176), x 4 pallets x the distance
    const restated = palletShare(4) / 4 / palletShare(1)
    const palletMiles = 4 * body.distance_miles
    const dollars = (p: number) => Math.round(p * restated * palletMiles * 100) / 100
    assert.equal(body.low, dollars(2.35))
    assert.equal(body.mid, dollars(2.7))
    assert.equal(body.high, dollars(3.05))
    assert.equal(body.per_pallet_mile, Math.round(2.7 * restated * 100) / 100)
    assert.equal(body.pallets, 4)
    assert.equal(body.equipment, 'VAN')
    assert.equal(body.mode, 'TL')
    assert.equal(body.sample_size, 8)
    assert.equal(body.confidence, 'high')
    assert.equal(body.basis.method, 'lane_history')
    assert.equal(body.basis.scope, 'zip3')
    // TL at 50 mph, under 11 hours: no break
    assert.equal(body.eta_hours, Math.round((body.distance_miles / 50) * 10) / 10)
    assert.equal(
      await FreightListingAudit.query()
        .count('* as n')
        .first()
        .then((r: any) => Number(r.$extras.n)),
      0
    )
  })

  test('thin history: the cost model with the fuel row in force on the pickup date', async ({
    client,
    assert,
  }) => {
    await laneHistory([2.0, 2.2, 2.4])
    // The week before the pickup is in force on it; the week after is not yet.
    await fuelRow(dayOffset(PICKUP_DAY, -7), 40, 3.6)
    await fuelRow(dayOffset(PICKUP_DAY, 7), 45, 3.9)
    const res = await client
      .post('/api/freight-listings/recommend')
      .json(form({ mode: 'LTL' }))
      .loginAs(await makeUser('shipper'))
      .withCsrfToken()
    res.assertStatus(200)
    const body = res.body()
    const mid = costModelCents({
      distanceMiles: body.distance_miles,
      equipment: 'VAN',
      mode: 'LTL',
      pallets: 4,
      weightLbs: 4000,
      fscPct: 40,
    })
    assert.equal(body.mid, mid / 100)
    assert.equal(body.low, Math.round(mid * 0.85) / 100)
    assert.equal(body.high, Math.round(mid * 1.15) / 100)
    assert.deepEqual(body.basis.method, 'cost_model')
    assert.equal(body.basis.fuel_index_date, dayOffset(PICKUP_DAY, -7))
    assert.equal(body.confidence, 'low')
    assert.equal(body.sample_size, 0)
    // LTL at 45 mph plus a day at terminals
    assert.equal(body.eta_hours, Math.round((body.distance_miles / 45 + 24) * 10) / 10)
  })
})

test.group('POST /api/freight-listings', (group) => {
  group.each.setup(() => resetDatabase())

  test('posts an OPEN, UNFUNDED load with the recommendation beside the price', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const res = await client
      .post('/api/freight-listings')
      .json(form({ origin: { postal: '60601' }, pallets: undefined, dims: undefined }))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    const load = await FreightListing.findOrFail(res.body().id)
    assert.equal(load.shipperId, shipper.id)
    assert.equal(load.status, 'OPEN')
    assert.equal(load.paymentStatus, 'UNFUNDED')
    assert.equal(load.priceCents, 95000)
    assert.equal(load.originCity, 'Chicago')
    assert.equal(load.originState, 'IL')
    assert.equal(load.destCity, 'Detroit')
    assert.equal(load.pallets, 1)
    assert.deepEqual(load.dims, { l: 48, w: 40, h: 60 })
    assert.isNotNull(load.recommendedMid)
    assert.isAbove(load.distanceMiles!, 200)
    assert.equal(load.expiresAt!.toMillis(), Date.parse(DELIVERY))
    const audits = await FreightListingAudit.query().where('listingId', load.id).orderBy('id')
    assert.deepEqual(
      audits.map((a) => [a.action, a.actorRole, a.actorUserId]),
      [
        ['posted', 'shipper', shipper.id],
        ['recommended', 'shipper', shipper.id],
      ]
    )
  })

  test('the shipper’s card repeats the recommendation’s basis: per pallet-mile, method, sample (issue 31 item 9)', async ({
    client,
    assert,
  }) => {
    await laneHistory([2, 2.2, 2.4, 2.6, 2.8, 3, 3.2, 3.4, 3.6, 3.8, 4, 4.2, 4.4, 4.6])
    const shipper = await makeUser('shipper')
    const estimate = await client
      .post('/api/freight-listings/recommend')
      .json(form({ pallets: 6 }))
      .loginAs(shipper)
      .withCsrfToken()
    estimate.assertStatus(200)
    const posted = await client
      .post('/api/freight-listings')
      .json(form({ pallets: 6 }))
      .loginAs(shipper)
      .withCsrfToken()
    posted.assertStatus(201)

    const mine = await client.get('/api/shipper/freight-listings').loginAs(shipper)
    mine.assertStatus(200)
    const e = estimate.body()
    assert.equal(e.basis.method, 'lane_history')
    assert.deepEqual(mine.body()[0].recommended, {
      low: e.low,
      mid: e.mid,
      high: e.high,
      per_pallet_mile: e.per_pallet_mile,
      basis: { method: 'lane_history', scope: e.basis.scope, sample_size: e.sample_size },
    })

    // Another lane with no history: the cost model, no sample.
    await client
      .post('/api/freight-listings')
      .json(form({ destination: { postal: '53202' }, pallets: 20 }))
      .loginAs(shipper)
      .withCsrfToken()
    const both = await client.get('/api/shipper/freight-listings').loginAs(shipper)
    const costModel = both.body()[0].recommended
    assert.deepEqual(costModel.basis, { method: 'cost_model', scope: null, sample_size: 0 })
    assert.isAbove(costModel.per_pallet_mile, 0)
  })

  test('the price is stored once, in cents, and answered under the name it was sent (decision 0202)', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const res = await client
      .post('/api/freight-listings')
      .json(form({ price: 1234.56 }))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    const row = await db.from('freight_listings').where('id', res.body().id).firstOrFail()
    assert.equal(Number(row.price_cents), 123456)
    assert.notProperty(row, 'target_price')
    const posted = await FreightListingAudit.query()
      .where('listingId', res.body().id)
      .where('action', 'posted')
      .firstOrFail()
    assert.deepEqual(posted.meta, { price: 1234.56 })

    const mine = await client.get('/api/shipper/freight-listings').loginAs(shipper)
    mine.assertStatus(200)
    assert.equal(mine.body()[0].price, 1234.56)
  })

  test('defaults: VAN, TL, 1000 lb; expiry a day after pickup, else a week', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const now = DateTime.now().startOf('second')
    app.container.swap(Clock, () => new FixedClock(now))
    try {
      const res = await client
        .post('/api/freight-listings')
        .json({ origin: { postal: '60601' }, destination: { postal: '48201' }, price: 500 })
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(201)
      const load = await FreightListing.findOrFail(res.body().id)
      assert.equal(load.equipment, 'VAN')
      assert.equal(load.mode, 'TL')
      assert.equal(load.weightLbs, 1000)
      assert.equal(load.expiresAt!.toMillis(), now.plus({ days: 7 }).toMillis())
      const withPickup = await client
        .post('/api/freight-listings')
        .json({ ...form({ delivery_latest: null }), price: 500 })
        .loginAs(shipper)
        .withCsrfToken()
      const second = await FreightListing.findOrFail(withPickup.body().id)
      assert.equal(second.expiresAt!.toMillis(), Date.parse(PICKUP) + 24 * 3600_000)
    } finally {
      app.container.restore(Clock)
    }
  })

  test('an empty number is the default load’s, one dimension at a time (decision 0201)', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const res = await client
      .post('/api/freight-listings')
      .json(form({ pallets: null, weight_lbs: null, dims: { l: 40, w: null } }))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    const load = await FreightListing.findOrFail(res.body().id)
    assert.equal(load.pallets, LOAD_DEFAULTS.pallets)
    assert.equal(load.weightLbs, LOAD_DEFAULTS.weightLbs)
    assert.deepEqual(load.dims, { l: 40, w: LOAD_DEFAULTS.dims.w, h: LOAD_DEFAULTS.dims.h })
    const estimate = await client
      .post('/api/freight-listings/recommend')
      .json(form({ dims: { h: 0 } }))
      .loginAs(shipper)
      .withCsrfToken()
    estimate.assertStatus(422)
    assert.deepEqual(
      estimate.body().errors.map((e: { field: string }) => e.field),
      ['dims.h']
    )
  })

  test('pickup, delivery and expiry keep their moments in any process time zone', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    await inProcessZone('Pacific/Kiritimati', async () => {
      const res = await client
        .post('/api/freight-listings')
        .json(form())
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(201)
      const load = await FreightListing.findOrFail(res.body().id)
      assert.deepEqual(
        [load.pickupEarliest!.toMillis(), load.deliveryLatest!.toMillis()],
        [Date.parse(PICKUP), Date.parse(DELIVERY)]
      )
      assert.equal(load.expiresAt!.toMillis(), Date.parse(DELIVERY))
    })
  })

  test('a pickup before now is refused on its field, on the estimate and on publishing, and nothing is posted', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    // 10:30 in New York; the shipper's picker has minute precision.
    const now = DateTime.fromISO('2026-03-10T14:30:20.000Z')
    app.container.swap(Clock, () => new FixedClock(now))
    try {
      const past = 'Pickup date cannot be in the past'
      const cases: [Record<string, unknown>, string, string][] = [
        // The newcomer's load: a datetime-local value from years ago.
        [{ pickup_earliest: '2020-01-01T08:00', delivery_latest: null }, 'pickup_earliest', past],
        [{ pickup_earliest: '2026-03-10T14:29:00.000Z' }, 'pickup_earliest', past],
        // Earlier today in New York is the past too, however it is written.
        [{ pickup_earliest: '2026-03-10T08:00' }, 'pickup_earliest', past],
        [
          { pickup_earliest: null, delivery_latest: '2026-03-10T14:00:00.000Z' },
          'delivery_latest',
          'Delivery date cannot be in the past',
        ],
      ]
      for (const [over, field, message] of cases) {
        for (const url of ['/api/freight-listings/recommend', '/api/freight-listings']) {
          const res = await client.post(url).json(form(over)).loginAs(shipper).withCsrfToken()
          res.assertStatus(422)
          assert.deepInclude(
            res.body().errors,
            { field, message, rule: 'notInPast' },
            `${url} ${JSON.stringify(over)}: ${JSON.stringify(res.body())}`
          )
        }
      }
      assert.equal(Number((await FreightListing.query().count('* as n'))[0].$extras.n), 0)
      assert.equal(Number((await FreightListingAudit.query().count('* as n'))[0].$extras.n), 0)

      // The current minute, and any moment after it, publish; the load is on the board.
      for (const pickup of ['2026-03-10T14:30:00.000Z', '2026-03-10T14:31:00.000Z']) {
        const res = await client
          .post('/api/freight-listings')
          .json(form({ pickup_earliest: pickup, delivery_latest: null }))
          .loginAs(shipper)
          .withCsrfToken()
        res.assertStatus(201)
        const load = await FreightListing.findOrFail(res.body().id)
        assert.isAbove(load.expiresAt!.toMillis(), now.toMillis())
      }
    } finally {
      app.container.restore(Clock)
    }
  })

  test('a pickup without an offset is a New York time, not the process zone’s', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    app.container.swap(Clock, () => new FixedClock(DateTime.fromISO('2026-03-10T14:30:00.000Z')))
    try {
      // Read in the process's zone (Kiritimati, UTC+14), noon on the 10th would be 22:00 UTC
      // on the 9th: the past. In New York (EDT, UTC-4) it is 16:00 UTC, ahead of now.
      await inProcessZone('Pacific/Kiritimati', async () => {
        const res = await client
          .post('/api/freight-listings')
          .json(form({ pickup_earliest: '2026-03-10T12:00', delivery_latest: null }))
          .loginAs(shipper)
          .withCsrfToken()
        res.assertStatus(201)
        const load = await FreightListing.findOrFail(res.body().id)
        assert.equal(load.pickupEarliest!.toMillis(), Date.parse('2026-03-10T16:00:00.000Z'))
      })
    } finally {
      app.container.restore(Clock)
    }
  })

  test('a price is required to publish', async ({ client, assert }) => {
    const res = await client
      .post('/api/freight-listings')
      .json(form({ price: null }))
      .loginAs(await makeUser('shipper'))
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors[0], {
      field: 'price',
      message: 'Price is required to publish',
      rule: 'required',
    })
  })

  test('an Idempotency-Key retry returns the first load', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const send = () =>
      client
        .post('/api/freight-listings')
        .header('Idempotency-Key', 'post-load-1')
        .json(form())
        .loginAs(shipper)
        .withCsrfToken()
    const first = await send()
    const second = await send()
    first.assertStatus(201)
    second.assertStatus(201)
    assert.equal(second.body().id, first.body().id)
    assert.equal(Number((await FreightListing.query().count('* as n'))[0].$extras.n), 1)
  })

  test('carriers, admins and pending carriers 403; anonymous 401', async ({ client }) => {
    for (const user of [
      await makeUser('carrier', { isApproved: true }),
      await makeUser('carrier', { isApproved: false }),
      await makeUser('admin'),
    ]) {
      const res = await client
        .post('/api/freight-listings')
        .json(form())
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(403)
    }
    const res = await client.post('/api/freight-listings').json(form()).withCsrfToken()
    res.assertStatus(401)
  })
})
