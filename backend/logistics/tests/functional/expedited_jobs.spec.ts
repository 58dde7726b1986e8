import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { splitPayout, toCents } from '#core/money'
import Carrier from '#fleet/models/carrier'
import ExpeditedJob from '#logistics/models/expedited_job'
import { liveEta } from '#logistics/expedited_sla'
import { slaJobOf } from '#logistics/services/expedited_presenter'
import db from '@adonisjs/lucid/services/db'
import { makeUser, resetDatabase } from '#tests/helpers'
import { recordExpeditedSteps } from '#tests/deliveries'
import { carrierOf } from '#tests/factories'
import type User from '#accounts/models/user'
import { asCaller, expCarrier, expeditedForm, payJob } from '../expedited_helpers.js'

const NOW = DateTime.fromISO('2026-03-02T15:00:00Z')
const GARY = { lat: 41.5934, lng: -87.3464 }

async function requestJob(client: any, shipper: User, over: Record<string, unknown> = {}) {
  const res = await client
    .post('/api/expedited-jobs')
    .json(expeditedForm(over))
    .loginAs(shipper)
    .withCsrfToken()
  res.assertStatus(201)
  const job = res.body().job as { id: number; price: number; deadlineAt: string }
  // Paid by card, so it is offered (docs/decisions/0188).
  const paid = await payJob(asCaller(client, shipper), job.id)
  if (paid.status !== 200) throw new Error(`payment ${paid.status}`)
  return job
}

function setup(group: any) {
  group.each.setup(async () => {
    await resetDatabase()
    app.container.swap(Clock, () => clock)
    clock.set(NOW)
    return () => app.container.restore(Clock)
  })
}
const clock = new FixedClock(NOW)

test.group('POST /api/expedited-jobs', (group) => {
  setup(group)

  test('the server prices it in EXP mode and offers it to matching carriers', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    await expCarrier()
    await expCarrier()
    await makeUser('carrier', { isApproved: true }) // no truck: not offered
    const res = await client
      .post('/api/expedited-jobs')
      .json(expeditedForm({ price: 1, status: 'DELIVERED' }))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    assert.equal(res.body().offeredTo, 2)
    const job = res.body().job
    assert.containsSubset(job, {
      status: 'PAYMENT_PENDING',
      paymentStatus: 'pending',
      vehicleType: 'VAN',
      slaHours: 12,
      origin: { postal: '60601', state: 'IL' },
      destination: { postal: '48201', state: 'MI' },
      deadlineAt: NOW.plus({ hours: 12 }).toUTC().toISO(),
      atRisk: false,
      slaMissed: false,
      carrierName: null,
    })
    const recommended = await client
      .post('/api/freight-listings/recommend')
      .json({
        origin: { postal: '60601' },
        destination: { postal: '48201' },
        equipment: 'VAN',
        mode: 'EXP',
        pallets: 4,
        weight_lbs: 4000,
      })
      .loginAs(shipper)
      .withCsrfToken()
    assert.equal(job.price, recommended.body().mid)
    assert.isAbove(job.price, 100)
    assert.equal(job.distanceMiles, recommended.body().distance_miles)
    const stored = await ExpeditedJob.findOrFail(job.id)
    assert.equal(stored.shipperId, shipper.id)
    assert.equal(stored.price, job.price)
  })

  test('carriers see their share of the price, never the shipper’s price (docs/decisions/0188)', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const van = await expCarrier()
    const job = await requestJob(client, shipper)
    assert.isAbove(job.price, 100)
    assert.isNull((job as any).carrierPay)
    const share = splitPayout(toCents(job.price)).payoutCents / 100
    const offered = (await client.get('/api/carrier/expedited-jobs/offers').loginAs(van)).body()
    assert.containsSubset(offered, [{ id: job.id, price: null, carrierPay: share }])
    const accepted = await client
      .post(`/api/expedited-jobs/${job.id}/accept`)
      .loginAs(van)
      .withCsrfToken()
    accepted.assertStatus(200)
    assert.containsSubset(accepted.body(), { price: null, carrierPay: share })
    assert.notInclude(JSON.stringify(accepted.body()), String(job.price))
    const mine = (await client.get('/api/carrier/expedited-jobs').loginAs(van)).body()
    assert.containsSubset(mine, [{ id: job.id, price: null, carrierPay: share }])
    const shippers = (await client.get('/api/shipper/expedited-jobs').loginAs(shipper)).body()
    assert.containsSubset(shippers, [{ id: job.id, price: job.price, carrierPay: null }])
  })

  test('bad input is a 422 naming the field, and nothing is stored', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const cases: [Record<string, unknown>, string, string][] = [
      [{ vehicleType: undefined }, 'vehicleType', 'Vehicle type is required'],
      [
        { vehicleType: 'BIKE' },
        'vehicleType',
        'Vehicle type must be one of SPRINTER, BOX, VAN, REEFER, FLATBED',
      ],
      [{ slaHours: 0 }, 'slaHours', 'SLA hours must be at least 1'],
      [{ slaHours: 2.5 }, 'slaHours', 'SLA hours must be a whole number of hours'],
      [{ slaHours: 500 }, 'slaHours', 'SLA hours cannot exceed 168'],
      [
        { slaHours: 3 },
        'slaHours',
        'The drive alone takes about 6 hours: allow at least 6 SLA hours',
      ],
      [{ origin: { postal: '606' } }, 'origin.postal', 'Origin ZIP is required'],
      [{ destination: { postal: '00000' } }, 'destination.postal', 'Destination ZIP not found'],
      [{ pallets: 0 }, 'pallets', 'Pallets must be at least 1'],
      [
        { vehicleType: 'SPRINTER', pallets: 5, weightLbs: 2000 },
        'pallets',
        'A sprinter carries at most 3 pallets',
      ],
      [
        { vehicleType: 'BOX', weightLbs: 12000 },
        'weightLbs',
        'A box truck carries at most 10000 lb',
      ],
      [{ weightLbs: 'heavy' }, 'weightLbs', 'Weight must be at least 1 lb'],
    ]
    for (const [over, field, message] of cases) {
      const res = await client
        .post('/api/expedited-jobs')
        .json(expeditedForm(over))
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(
        res.body().errors.map((e: any) => ({ field: e.field, message: e.message })),
        { field, message },
        JSON.stringify(res.body())
      )
    }
    assert.lengthOf(await ExpeditedJob.all(), 0)
  })

  test('only shippers request; anonymous is a 401', async ({ client, assert }) => {
    const carrier = await expCarrier()
    const res = await client
      .post('/api/expedited-jobs')
      .json(expeditedForm())
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(403)
    const anonymous = await client.post('/api/expedited-jobs').json(expeditedForm()).withCsrfToken()
    anonymous.assertStatus(401)
    assert.lengthOf(await ExpeditedJob.all(), 0)
  })
})

test.group('Expedited offers and acceptance', (group) => {
  setup(group)

  test('offered to carriers with EXP, a fitting truck and a base within 250 miles', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const van = await expCarrier()
    const flatbed = await expCarrier('flatbed')
    const far = await expCarrier()
    await Carrier.query().where('userId', far.id).update({ latitude: 32.7767, longitude: -96.797 })
    const noExp = await expCarrier()
    await Carrier.query()
      .where('userId', noExp.id)
      .update({ modeMask: JSON.stringify(['LTL', 'TL']) })
    const job = await requestJob(client, shipper)
    const sprinter = await requestJob(client, shipper, {
      vehicleType: 'SPRINTER',
      pallets: 2,
      weightLbs: 1500,
    })

    const offers = async (user: User) => {
      const res = await client.get('/api/carrier/expedited-jobs/offers').loginAs(user)
      res.assertStatus(200)
      return res.body().map((j: any) => j.id)
    }
    assert.sameMembers(await offers(van), [job.id, sprinter.id])
    assert.deepEqual(await offers(flatbed), [])
    assert.deepEqual(await offers(far), [])
    assert.deepEqual(await offers(noExp), [])

    const pending = await makeUser('carrier', { isApproved: false })
    const refused = await client.get('/api/carrier/expedited-jobs/offers').loginAs(pending)
    refused.assertStatus(403)
    const asShipper = await client.get('/api/carrier/expedited-jobs/offers').loginAs(shipper)
    asShipper.assertStatus(403)
  })

  test('one carrier accepts; a second accept is a 409; a carrier not offered it gets a 404', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const first = await expCarrier()
    const second = await expCarrier()
    const flatbed = await expCarrier('flatbed')
    const job = await requestJob(client, shipper)

    const notOffered = await client
      .post(`/api/expedited-jobs/${job.id}/accept`)
      .loginAs(flatbed)
      .withCsrfToken()
    notOffered.assertStatus(404)
    assert.equal(notOffered.body().message, 'Expedited job not found')

    const won = await client
      .post(`/api/expedited-jobs/${job.id}/accept`)
      .loginAs(first)
      .withCsrfToken()
    won.assertStatus(200)
    const firstCarrier = await carrierOf(first)
    assert.containsSubset(won.body(), {
      status: 'ACCEPTED',
      carrierName: firstCarrier.companyName,
      acceptedAt: NOW.toUTC().toISO(),
    })
    const lost = await client
      .post(`/api/expedited-jobs/${job.id}/accept`)
      .loginAs(second)
      .withCsrfToken()
    lost.assertStatus(409)
    assert.equal(lost.body().message, 'Job may have already been accepted')
    const stored = await ExpeditedJob.findOrFail(job.id)
    assert.equal(stored.carrierId, firstCarrier.id)

    const mine = await client.get('/api/carrier/expedited-jobs').loginAs(first)
    assert.deepEqual(
      mine.body().map((j: any) => j.id),
      [job.id]
    )
    const theirs = await client.get('/api/carrier/expedited-jobs').loginAs(second)
    assert.deepEqual(theirs.body(), [])
    const offers = await client.get('/api/carrier/expedited-jobs/offers').loginAs(second)
    assert.deepEqual(offers.body(), [], 'an accepted job is no longer offered')
  })

  test('a job past its deadline can no longer be accepted', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrier = await expCarrier()
    const job = await requestJob(client, shipper, { slaHours: 8 })
    clock.advance({ hours: 8, minutes: 1 })
    const res = await client
      .post(`/api/expedited-jobs/${job.id}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(409)
    assert.equal((await ExpeditedJob.findOrFail(job.id)).status, 'REQUESTED')
  })
})

test.group('Expedited driving: positions, pickup, delivery, cancel', (group) => {
  setup(group)

  async function accepted(client: any) {
    const shipper = await makeUser('shipper')
    const carrier = await expCarrier()
    const job = await requestJob(client, shipper)
    const res = await client
      .post(`/api/expedited-jobs/${job.id}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(200)
    return { shipper, carrier, job }
  }

  const post = (client: any, user: User, url: string, body: Record<string, unknown> = {}) =>
    client.post(url).json(body).loginAs(user).withCsrfToken()

  test('the ETA moves with the driver’s position (coordinates or a ZIP)', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, job } = await accepted(client)
    clock.advance({ minutes: 30 })
    const atGary = await post(client, carrier, `/api/expedited-jobs/${job.id}/position`, GARY)
    atGary.assertStatus(200)
    const stored = await ExpeditedJob.findOrFail(job.id)
    const expected = liveEta(
      slaJobOf(stored),
      { latitude: GARY.lat, longitude: GARY.lng },
      clock.now()
    )
    assert.equal(atGary.body().eta, expected.toUTC().toISO())
    assert.deepEqual(atGary.body().driverGeo, GARY)
    assert.equal(atGary.body().positionAt, clock.now().toUTC().toISO())

    const pickup = await post(client, carrier, `/api/expedited-jobs/${job.id}/pickup`)
    pickup.assertStatus(200)
    assert.equal(pickup.body().status, 'PICKED_UP')
    clock.advance({ hours: 2 })
    // Ann Arbor, MI: closer to Detroit, so the ETA comes earlier
    const nearer = await post(client, carrier, `/api/expedited-jobs/${job.id}/position`, {
      postal: '48104',
    })
    nearer.assertStatus(200)
    assert.isBelow(Date.parse(nearer.body().eta), Date.parse(atGary.body().eta))
    assert.isFalse(nearer.body().atRisk)

    const seen = await client.get('/api/shipper/expedited-jobs').loginAs(shipper)
    assert.equal(seen.body()[0].eta, nearer.body().eta)

    // At the dock in Detroit three hours later: five hours after the pickup.
    clock.advance({ hours: 3 })
    ;(await recordExpeditedSteps(client, carrier, job.id)).assertStatus(201)
    const delivered = await client.get('/api/carrier/expedited-jobs').loginAs(carrier)
    assert.containsSubset(delivered.body()[0], { status: 'DELIVERED', slaMissed: false })
    const after = await post(client, carrier, `/api/expedited-jobs/${job.id}/position`, GARY)
    after.assertStatus(409)
  })

  test('a delivery sooner after pickup than the distance can be driven is a 409', async ({
    client,
    assert,
  }) => {
    const { carrier, job } = await accepted(client)
    const picked = await post(client, carrier, `/api/expedited-jobs/${job.id}/pickup`)
    picked.assertStatus(200)
    const miles = picked.body().distanceMiles as number
    // At 70 mph (65 plus the allowance), door to door, to the second.
    const leastMs = Math.ceil((miles / 70) * 3_600) * 1_000
    assert.equal(
      picked.body().earliestDeliveryAt,
      clock.now().plus({ milliseconds: leastMs }).toUTC().toISO()
    )

    clock.advance({ minutes: 1 })
    // The driver's signed "Delivered" step is the delivery (docs/decisions/0264).
    const early = await recordExpeditedSteps(client, carrier, job.id)
    early.assertStatus(409)
    const least = Math.ceil(leastMs / 60_000)
    const hours = `${Math.floor(least / 60)} h ${String(least % 60).padStart(2, '0')} min`
    assert.deepEqual(early.body(), {
      message: `Too soon to deliver: ${Math.round(miles)} miles take at least ${hours} at 70 mph, and the job was picked up 1 min ago`,
    })
    const stored = await ExpeditedJob.findOrFail(job.id)
    assert.equal(stored.status, 'PICKED_UP')
    assert.isNull(stored.deliveredAt)

    clock.advance({ milliseconds: leastMs - 60_000 - 1_000 })
    ;(await recordExpeditedSteps(client, carrier, job.id)).assertStatus(409)
    clock.advance({ seconds: 1 })
    ;(await recordExpeditedSteps(client, carrier, job.id)).assertStatus(201)
    assert.equal((await ExpeditedJob.findOrFail(job.id)).status, 'DELIVERED')
  })

  test('delivered only by the signed POD step: the old button is a 409 naming the stops screen', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, job } = await accepted(client)
    ;(await post(client, carrier, `/api/expedited-jobs/${job.id}/pickup`)).assertStatus(200)
    clock.advance({ hours: 6 })
    const refused = await post(client, carrier, `/api/expedited-jobs/${job.id}/deliver`)
    refused.assertStatus(409)
    assert.deepEqual(refused.body(), {
      message: `A proof of delivery is missing: record "Delivered" with the consignee's signature on the driver's stops screen (/drive/expedited/${job.id}) before the job is delivered`,
    })
    const stored = await ExpeditedJob.findOrFail(job.id)
    assert.equal(stored.status, 'PICKED_UP')
    assert.isNull(stored.deliveredAt)
    const released = await db
      .from('ledger_entries')
      .where('txn', `expedited-${job.id}-release`)
      .count('* as n')
    assert.equal(Number(released[0].n), 0, 'no payout without the POD')

    // Through the steps: delivered with the POD, the charge released once.
    ;(await recordExpeditedSteps(client, carrier, job.id)).assertStatus(201)
    const delivered = await ExpeditedJob.findOrFail(job.id)
    assert.equal(delivered.status, 'DELIVERED')
    const again = await post(client, carrier, `/api/expedited-jobs/${job.id}/deliver`)
    again.assertStatus(409)
    assert.equal(again.body().message, 'A delivered job cannot be delivered')
    const lines = await db
      .from('ledger_entries')
      .where('txn', `expedited-${job.id}-release`)
      .sum('amount_cents as total')
      .count('* as n')
    assert.equal(Number(lines[0].n), 3, 'released once: escrow, platform, carrier')
    assert.equal(Number(lines[0].total), 0)
    const seen = await client.get('/api/shipper/expedited-jobs').loginAs(shipper)
    assert.containsSubset(seen.body()[0], { status: 'DELIVERED', podAvailable: true })
  })

  test('bad positions are 422 and change nothing', async ({ client, assert }) => {
    const { carrier, job } = await accepted(client)
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'Send the position as lat and lng, or a ZIP'],
      [{ lat: 41.5 }, 'Longitude is required with latitude'],
      [{ lat: 100, lng: -87 }, 'Latitude must be a number between -90 and 90'],
      [{ postal: '00000' }, 'ZIP not found'],
      [{ postal: 'abcde' }, 'ZIP not found'],
    ]
    for (const [body, message] of cases) {
      const res = await post(client, carrier, `/api/expedited-jobs/${job.id}/position`, body)
      res.assertStatus(422)
      assert.include(
        res.body().errors.map((e: any) => e.message),
        message,
        JSON.stringify(res.body())
      )
    }
    const stored = await ExpeditedJob.findOrFail(job.id)
    assert.isNull(stored.driverGeo)
    assert.isNull(stored.eta)
  })

  test('moves out of order are 409; other parties 404 or 403', async ({ client, assert }) => {
    const { shipper, carrier, job } = await accepted(client)
    const other = await expCarrier()
    const early = await post(client, carrier, `/api/expedited-jobs/${job.id}/deliver`)
    early.assertStatus(409)
    assert.equal(early.body().message, 'An accepted job cannot be delivered')
    for (const action of ['position', 'pickup', 'deliver']) {
      const res = await post(client, other, `/api/expedited-jobs/${job.id}/${action}`, GARY)
      res.assertStatus(404)
      const asShipper = await post(client, shipper, `/api/expedited-jobs/${job.id}/${action}`, GARY)
      asShipper.assertStatus(403)
    }
    const missing = await post(client, carrier, `/api/expedited-jobs/99999/pickup`)
    missing.assertStatus(404)
    assert.equal((await ExpeditedJob.findOrFail(job.id)).status, 'ACCEPTED')
  })

  test('a job that is not the carrier’s is a 404 like a missing one, whatever its state', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    // Offered every job below (EXP, a fitting truck, based in Chicago), carrying none of them.
    const offered = await expCarrier()
    const noTruck = await makeUser('carrier', { isApproved: true })
    const requested = await requestJob(client, shipper)
    const cancelled = await requestJob(client, shipper)
    const cancel = await post(client, shipper, `/api/expedited-jobs/${cancelled.id}/cancel`)
    cancel.assertStatus(200)
    const { job: assigned } = await accepted(client)

    const missing = await post(client, offered, `/api/expedited-jobs/99999/pickup`)
    missing.assertStatus(404)
    const before = await ExpeditedJob.query().orderBy('id')
    for (const job of [requested, cancelled, assigned]) {
      for (const carrier of [offered, noTruck]) {
        for (const action of ['position', 'pickup', 'deliver']) {
          const res = await post(client, carrier, `/api/expedited-jobs/${job.id}/${action}`, GARY)
          assert.equal(res.status(), 404, `${action} of job ${job.id}: ${res.text()}`)
          assert.deepEqual(res.body(), missing.body(), `${action} of job ${job.id}`)
        }
      }
    }
    const after = await ExpeditedJob.query().orderBy('id')
    assert.deepEqual(
      after.map((job) => job.serialize()),
      before.map((job) => job.serialize()),
      'a refused call changed a job'
    )
  })

  test('the shipper cancels before pickup, not after; another shipper gets a 404', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, job } = await accepted(client)
    const stranger = await makeUser('shipper')
    const refused = await post(client, stranger, `/api/expedited-jobs/${job.id}/cancel`)
    refused.assertStatus(404)
    const byCarrier = await post(client, carrier, `/api/expedited-jobs/${job.id}/cancel`)
    byCarrier.assertStatus(403)
    const second = await requestJob(client, shipper)
    const cancelled = await post(client, shipper, `/api/expedited-jobs/${second.id}/cancel`)
    cancelled.assertStatus(200)
    assert.equal(cancelled.body().status, 'CANCELLED')
    await post(client, carrier, `/api/expedited-jobs/${job.id}/pickup`)
    const late = await post(client, shipper, `/api/expedited-jobs/${job.id}/cancel`)
    late.assertStatus(409)
    assert.equal(late.body().message, 'A picked up job cannot be cancelled')
    const mine = await client.get('/api/shipper/expedited-jobs').loginAs(shipper)
    assert.deepEqual(
      mine.body().map((j: any) => [j.id, j.status]),
      [
        [second.id, 'CANCELLED'],
        [job.id, 'PICKED_UP'],
      ]
    )
    const strangers = await client.get('/api/shipper/expedited-jobs').loginAs(stranger)
    assert.deepEqual(strangers.body(), [])
  })
})
