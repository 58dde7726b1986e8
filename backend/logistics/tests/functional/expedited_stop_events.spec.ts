/*
 * The driver's steps at an expedited job's stops from the phone (docs/decisions/0263): the
 * booking's steps (decision 0243) with the job as the subject. The whole trip (picked up when
 * loaded, the too-soon delivery refused, delivered with the signed POD the shipper downloads and
 * the charge released once by the payout split, decision 0188), every bad input, the impossible
 * orders and statuses, who may record, the idempotent repeats and races, and the live notice.
 */
import { randomUUID } from 'node:crypto'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import type User from '#accounts/models/user'
import { Clock, FixedClock } from '#core/clock'
import { splitPayout, toCents } from '#core/money'
import ExpeditedJob from '#logistics/models/expedited_job'
import { makeMember } from '#accounts/tests/companies'
import { baseUrl, makeUser, resetDatabase, signInSessions } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { openStream, until } from '#tests/live_stream'
import { PHOTO_JPEG, SIGNATURE_DATA_URL } from '#tms/tests/stop_event_fixtures'
import { asCaller, expCarrier, expeditedForm, payJob } from '../expedited_helpers.js'
import { pdfText } from '#tests/pdf_text'

/** 10:00 in New York on Monday 2026-03-02. */
const NOW = DateTime.fromISO('2026-03-02T15:00:00Z')
const clock = new FixedClock(NOW)

let keys = 0
const nextKey = () => `xstep-${Date.now()}-${++keys}`

const step = (
  client: ApiClient,
  user: User,
  id: number,
  body: Record<string, unknown>,
  key: string | null = nextKey()
) => {
  const request = client.post(`/api/expedited-jobs/${id}/stop-events`).json(body)
  if (key !== null) request.header('Idempotency-Key', key)
  return request.loginAs(user).withCsrfToken()
}

const photo = (client: ApiClient, user: User, id: number, bytes = PHOTO_JPEG, name = 'a.jpg') =>
  client
    .post(`/api/expedited-jobs/${id}/stop-photos`)
    .file('photo', bytes, { filename: name })
    .loginAs(user)
    .withCsrfToken()

const countEvents = async (jobId: number) =>
  Number(
    (await db.from('expedited_stop_events').where('expedited_job_id', jobId).count('* as n'))[0].n
  )

/** The ledger's lines of one expedited job, summed by transaction key and account. */
async function ledgerOf(jobId: number) {
  const rows = await db
    .from('ledger_entries')
    .where('txn', 'like', `expedited-${jobId}-%`)
    .select('txn', 'account', 'amount_cents')
  const sums: Record<string, number> = {}
  for (const row of rows) {
    const key = `${row.txn} ${row.account.replace(/:\d+$/, '')}`
    sums[key] = (sums[key] ?? 0) + Number(row.amount_cents)
  }
  return sums
}

/**
 * A paid Chicago to Detroit van job accepted by an EXP carrier (its owner), with the carrier's
 * driver member assigned to it.
 */
async function world(client: ApiClient) {
  const shipper = await makeUser('shipper')
  const owner = await expCarrier()
  const created = await client
    .post('/api/expedited-jobs')
    .json(expeditedForm({ slaHours: 24 }))
    .loginAs(shipper)
    .withCsrfToken()
  created.assertStatus(201)
  const id = created.body().job.id as number
  const paid = await payJob(asCaller(client, shipper), id)
  if (paid.status !== 200) throw new Error(`payment ${paid.status}`)
  ;(
    await client.post(`/api/expedited-jobs/${id}/accept`).loginAs(owner).withCsrfToken()
  ).assertStatus(200)
  const driver = await makeMember(owner, 'driver')
  await db.from('expedited_jobs').where('id', id).update({ driver_user_id: driver.id })
  return { shipper, owner, driver, job: await ExpeditedJob.findOrFail(id) }
}

const statusOf = async (id: number) => (await ExpeditedJob.findOrFail(id)).status

function setup(group: any) {
  group.each.setup(async () => {
    await resetDatabase()
    clock.set(NOW)
    app.container.swap(Clock, () => clock)
    drive.fake('fs')
    return () => {
      app.container.restore(Clock)
      drive.restore('fs')
    }
  })
}

test.group('Expedited driver steps (decision 0263)', (group) => {
  setup(group)

  test('the whole trip: picked up when loaded, too soon refused, delivered with the signed POD and the charge released', async ({
    client,
    assert,
  }) => {
    const { shipper, owner, driver, job } = await world(client)
    const carrier = await carrierOf(owner)

    const arrived = await step(client, driver, job.id, {
      type: 'arrived_pickup',
      at: '2026-03-02T09:58:00-05:00',
      lat: 41.886,
      lng: -87.618,
      accuracyM: 9.6,
    })
    arrived.assertStatus(201)
    assert.equal(arrived.body().recordedAt, '2026-03-02T15:00:00.000Z')
    assert.equal(arrived.body().reportedAt, '2026-03-02T09:58:00-05:00')
    assert.deepEqual(arrived.body().position, { lat: 41.886, lng: -87.618, accuracyM: 10 })
    assert.equal(await statusOf(job.id), 'ACCEPTED')
    const early = await client.get('/api/carrier/expedited-jobs').loginAs(owner)
    assert.deepInclude(early.body()[0], {
      podAvailable: false,
      lastStep: {
        type: 'arrived_pickup',
        label: 'Arrived at pickup',
        recordedAt: '2026-03-02T15:00:00.000Z',
      },
    })

    clock.advance({ minutes: 30 })
    const picture = await photo(client, driver, job.id)
    picture.assertStatus(201)
    assert.include(picture.body(), { mimeType: 'image/jpeg', width: 32, height: 24 })
    const loaded = await step(client, driver, job.id, {
      type: 'loaded',
      pieces: 4,
      sealNumber: 'SL-4410',
      photoIds: [picture.body().id],
    })
    loaded.assertStatus(201)
    assert.equal(loaded.body().photoCount, 1)
    const picked = await ExpeditedJob.findOrFail(job.id)
    assert.equal(picked.status, 'PICKED_UP')
    assert.equal(picked.pickedUpAt!.toUTC().toISO(), '2026-03-02T15:30:00.000Z')

    clock.advance({ minutes: 5 })
    ;(await step(client, driver, job.id, { type: 'departed_pickup' })).assertStatus(201)
    assert.equal(await statusOf(job.id), 'PICKED_UP')
    ;(await step(client, driver, job.id, { type: 'arrived_delivery' })).assertStatus(201)
    const damage = await photo(client, driver, job.id)
    ;(
      await step(client, driver, job.id, {
        type: 'exception',
        exception: { kind: 'shortage', note: 'One carton short of the count' },
        photoIds: [damage.body().id],
      })
    ).assertStatus(201)

    // 283 miles cannot be driven in 5 minutes (decision 0166): nothing is recorded.
    const signed = {
      type: 'delivered',
      consigneeName: 'Rita Receiver',
      signature: SIGNATURE_DATA_URL,
    }
    const tooSoon = await step(client, driver, job.id, signed)
    tooSoon.assertStatus(409)
    assert.match(tooSoon.body().message, /^Too soon to deliver/)
    assert.equal(await statusOf(job.id), 'PICKED_UP')
    ;(await client.get(`/api/expedited-jobs/${job.id}/pod`).loginAs(shipper)).assertStatus(404)

    clock.advance({ hours: 5 })
    const delivered = await step(client, driver, job.id, signed)
    delivered.assertStatus(201)
    assert.equal(delivered.body().consigneeName, 'Rita Receiver')
    assert.equal(await statusOf(job.id), 'DELIVERED')

    // The payout flow of decision 0188: the charge released once by the split.
    const cents = toCents(job.price)
    const split = splitPayout(cents)
    const ledger = await ledgerOf(job.id)
    assert.equal(ledger[`expedited-${job.id}-release carrier_payable`], -split.payoutCents)
    assert.equal(ledger[`expedited-${job.id}-release platform_revenue`], -split.platformCents)
    const payment = await db.from('expedited_payments').where('expedited_job_id', job.id).first()
    assert.equal(payment.payout_status, 'released')

    const list = await client.get(`/api/expedited-jobs/${job.id}/stop-events`).loginAs(driver)
    list.assertStatus(200)
    assert.equal(list.body().reference, `EXP-${String(job.id).padStart(3, '0')}`)
    assert.equal(list.body().status, 'DELIVERED')
    assert.isNull(list.body().next)
    assert.isTrue(list.body().podAvailable)
    assert.deepEqual(
      list.body().events.map((e: { type: string }) => e.type),
      ['arrived_pickup', 'loaded', 'departed_pickup', 'arrived_delivery', 'exception', 'delivered']
    )

    // The shipper downloads the signed POD; it names no carrier (decision 0157).
    const pod = await client.get(`/api/expedited-jobs/${job.id}/pod`).loginAs(shipper)
    pod.assertStatus(200)
    assert.equal(pod.header('content-type'), 'application/pdf')
    const bytes = Buffer.from(pod.body() as ArrayBuffer)
    assert.equal(bytes.subarray(0, 5).toString('latin1'), '%PDF-')
    const text = pdfText(bytes)
    assert.include(text, 'Expedited job')
    assert.include(text, 'Rita Receiver')
    assert.include(text, 'Pieces: 4')
    assert.include(text, 'SHORTAGE: One carton short of the count')
    assert.notInclude(text, carrier.companyName)
    ;(await client.get(`/api/expedited-jobs/${job.id}/pod`).loginAs(driver)).assertStatus(200)

    // The shipper's job card tells the driver's latest step and that the POD is there.
    const seen = await client.get('/api/shipper/expedited-jobs').loginAs(shipper)
    assert.deepInclude(seen.body()[0], {
      status: 'DELIVERED',
      podAvailable: true,
      lastStep: { type: 'delivered', label: 'Delivered', recordedAt: '2026-03-02T20:35:00.000Z' },
    })

    // Nothing after the delivery.
    const after = await step(client, driver, job.id, { type: 'arrived_delivery' })
    after.assertStatus(409)
    assert.equal(await countEvents(job.id), 6)
  }).timeout(60_000)

  test('each bad input is a 422 naming the field, and nothing is recorded', async ({
    client,
    assert,
  }) => {
    const { driver, job } = await world(client)
    const bad = async (body: Record<string, unknown>, field: string, key?: string | null) => {
      const res = await step(client, driver, job.id, body, key)
      res.assertStatus(422)
      assert.include(
        res.body().errors.map((e: { field: string }) => e.field),
        field,
        JSON.stringify(res.body())
      )
    }
    await bad({ type: 'arrived_pickup' }, 'Idempotency-Key', null)
    await bad({}, 'type')
    await bad({ type: 'teleported' }, 'type')
    await bad({ type: 'arrived_pickup', pieces: 3 }, 'pieces')
    await bad({ type: 'arrived_pickup', lat: 41.8 }, 'lng')
    await bad({ type: 'arrived_pickup', lat: 141.8, lng: 10 }, 'lat')
    await bad({ type: 'arrived_pickup', at: 'yesterday-ish' }, 'at')
    await bad({ type: 'loaded' }, 'pieces')
    await bad({ type: 'loaded', pieces: 2.5 }, 'pieces')
    await bad({ type: 'delivered', signature: SIGNATURE_DATA_URL }, 'consigneeName')
    await bad({ type: 'delivered', consigneeName: 'Rita' }, 'signature')
    await bad(
      { type: 'delivered', consigneeName: 'Rita', signature: 'data:image/png;base64,AAAA' },
      'signature'
    )
    await bad({ type: 'exception' }, 'exception')
    await bad({ type: 'exception', exception: { kind: 'lost', note: 'gone' } }, 'exception.kind')
    await bad({ type: 'arrived_pickup', photoIds: [999999] }, 'photoIds')
    // Not a photo: a PDF, and bytes that are no image at all.
    const pdf = await photo(client, driver, job.id, Buffer.from('%PDF-1.4\n%%EOF\n'), 'x.pdf')
    assert.oneOf(pdf.status(), [415, 422])
    const junk = await photo(client, driver, job.id, Buffer.from('hello there'), 'x.jpg')
    assert.oneOf(junk.status(), [415, 422])
    assert.equal(await countEvents(job.id), 0)
    assert.equal(await statusOf(job.id), 'ACCEPTED')
  })

  test('another job’s photo is refused on this one', async ({ client, assert }) => {
    const first = await world(client)
    const second = await world(client)
    const theirs = await photo(client, second.driver, second.job.id)
    theirs.assertStatus(201)
    const res = await step(client, first.driver, first.job.id, {
      type: 'arrived_pickup',
      photoIds: [theirs.body().id],
    })
    res.assertStatus(422)
    assert.equal(res.body().errors[0].field, 'photoIds')
    assert.equal(await countEvents(first.job.id), 0)
  })

  test('impossible orders and statuses are a 409 naming the next step', async ({
    client,
    assert,
  }) => {
    const { owner, driver, job } = await world(client)
    const early = await step(client, driver, job.id, { type: 'loaded', pieces: 2 })
    early.assertStatus(409)
    assert.equal(
      early.body().message,
      '"Loaded" is out of order: the next step is "Arrived at pickup"'
    )
    const delivery = await step(client, driver, job.id, {
      type: 'delivered',
      consigneeName: 'Rita Receiver',
      signature: SIGNATURE_DATA_URL,
    })
    delivery.assertStatus(409)
    const exception = await step(client, driver, job.id, {
      type: 'exception',
      exception: { kind: 'damage', note: 'Crushed corner' },
    })
    exception.assertStatus(409)
    assert.match(exception.body().message, /record "Arrived at delivery" first/)
    ;(await step(client, driver, job.id, { type: 'arrived_pickup' })).assertStatus(201)
    const twice = await step(client, driver, job.id, { type: 'arrived_pickup' })
    twice.assertStatus(409)
    assert.match(twice.body().message, /already recorded: the next step is "Loaded"/)
    assert.equal(await countEvents(job.id), 1)
    assert.equal(await statusOf(job.id), 'ACCEPTED')

    // A cancelled job takes no step (the shipper cancelled before the pickup).
    await db.from('expedited_jobs').where('id', job.id).update({ status: 'CANCELLED' })
    const cancelled = await step(client, owner, job.id, { type: 'loaded', pieces: 2 })
    cancelled.assertStatus(409)
    assert.equal(cancelled.body().message, 'The job is cancelled: "Loaded" cannot be recorded')
    assert.equal(await countEvents(job.id), 1)
  })

  test('a job picked up with the button still takes the steps, and its pickup time stays', async ({
    client,
    assert,
  }) => {
    const { owner, job } = await world(client)
    ;(
      await client.post(`/api/expedited-jobs/${job.id}/pickup`).loginAs(owner).withCsrfToken()
    ).assertStatus(200)
    clock.advance({ minutes: 10 })
    ;(await step(client, owner, job.id, { type: 'arrived_pickup' })).assertStatus(201)
    ;(await step(client, owner, job.id, { type: 'loaded', pieces: 1 })).assertStatus(201)
    const stored = await ExpeditedJob.findOrFail(job.id)
    assert.equal(stored.status, 'PICKED_UP')
    assert.equal(stored.pickedUpAt!.toUTC().toISO(), NOW.toUTC().toISO())
  })

  test('who may record: the assigned driver, the owner and a dispatcher; others 403 or 404', async ({
    client,
    assert,
  }) => {
    const { shipper, owner, driver, job } = await world(client)
    const dispatcher = await makeMember(owner, 'dispatcher')
    const accounts = await makeMember(owner, 'accounts')
    const otherDriver = await makeMember(owner, 'driver')
    const stranger = await expCarrier()
    const strangerDriver = await makeMember(stranger, 'driver')
    const admin = await makeUser('admin')

    ;(await step(client, shipper, job.id, { type: 'arrived_pickup' })).assertStatus(403)
    ;(await step(client, admin, job.id, { type: 'arrived_pickup' })).assertStatus(403)
    ;(await step(client, accounts, job.id, { type: 'arrived_pickup' })).assertStatus(403)
    for (const outsider of [stranger, strangerDriver, otherDriver]) {
      const res = await step(client, outsider, job.id, { type: 'arrived_pickup' })
      res.assertStatus(404)
      assert.equal(res.body().message, 'Expedited job not found')
      ;(await photo(client, outsider, job.id)).assertStatus(404)
      ;(
        await client.get(`/api/expedited-jobs/${job.id}/stop-events`).loginAs(outsider)
      ).assertStatus(404)
      ;(await client.get(`/api/expedited-jobs/${job.id}/pod`).loginAs(outsider)).assertStatus(404)
    }
    ;(await photo(client, shipper, job.id)).assertStatus(403)
    ;(await client.get(`/api/expedited-jobs/${job.id}/stop-events`).loginAs(shipper)).assertStatus(
      403
    )
    ;(await client.get(`/api/expedited-jobs/${job.id}/stop-events`)).assertStatus(401)
    ;(await client.get(`/api/expedited-jobs/${job.id}/pod`)).assertStatus(401)
    const otherShipper = await makeUser('shipper')
    ;(await client.get(`/api/expedited-jobs/${job.id}/pod`).loginAs(otherShipper)).assertStatus(404)
    ;(await step(client, driver, 999999, { type: 'arrived_pickup' })).assertStatus(404)
    assert.equal(await countEvents(job.id), 0)

    ;(await step(client, driver, job.id, { type: 'arrived_pickup' })).assertStatus(201)
    ;(await step(client, dispatcher, job.id, { type: 'loaded', pieces: 3 })).assertStatus(201)
    ;(await step(client, owner, job.id, { type: 'departed_pickup' })).assertStatus(201)
    assert.equal(await countEvents(job.id), 3)
  })

  test('a job no carrier accepted is nobody’s to drive', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await expCarrier()
    const created = await client
      .post('/api/expedited-jobs')
      .json(expeditedForm())
      .loginAs(shipper)
      .withCsrfToken()
    const id = created.body().job.id
    ;(await step(client, carrierUser, id, { type: 'arrived_pickup' })).assertStatus(404)
    assert.equal(await countEvents(id), 0)
  })

  test('the same Idempotency-Key twice records the step once and answers it again', async ({
    client,
    assert,
  }) => {
    const { driver, job } = await world(client)
    const key = nextKey()
    const first = await step(client, driver, job.id, { type: 'arrived_pickup' }, key)
    first.assertStatus(201)
    const second = await step(client, driver, job.id, { type: 'arrived_pickup' }, key)
    assert.oneOf(second.status(), [200, 201])
    assert.equal(second.header('idempotent-replayed'), 'true')
    assert.equal(second.body().id, first.body().id)
    assert.equal(await countEvents(job.id), 1)
  })
})

test.group('Expedited driver steps: races and the live notice', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    drive.fake('fs')
    return () => drive.restore('fs')
  })
  group.each.timeout(30_000)

  async function race(client: ApiClient, keyOf: (i: number) => string, n: number) {
    const { owner, job } = await world(client)
    const sessions = await signInSessions(
      Array.from({ length: n }, () => owner),
      [baseUrl()]
    )
    for (const session of sessions) await session.request('GET', '/api/user')
    const answers = await Promise.all(
      sessions.map((session, i) =>
        session.request(
          'POST',
          `/api/expedited-jobs/${job.id}/stop-events`,
          { type: 'arrived_pickup' },
          { headers: { 'idempotency-key': keyOf(i) } }
        )
      )
    )
    return { job, statuses: answers.map((a) => a.status) }
  }

  test('the same key concurrently records the step once', async ({ client, assert }) => {
    const key = nextKey()
    const { job, statuses } = await race(client, () => key, 3)
    assert.include(statuses, 201)
    for (const status of statuses) assert.oneOf(status, [200, 201, 409])
    assert.equal(await countEvents(job.id), 1)
  })

  test('different keys for the same step concurrently: one recorded, the rest 409', async ({
    client,
    assert,
  }) => {
    const { job, statuses } = await race(client, () => nextKey(), 4)
    assert.deepEqual(statuses.sort(), [201, 409, 409, 409])
    assert.equal(await countEvents(job.id), 1)
  })

  test('the shipper hears each step on the job’s channel', async ({ client, assert }) => {
    const { shipper: shipperUser, driver, job } = await world(client)
    const [shipper] = await signInSessions([shipperUser], [baseUrl()])
    const uid = randomUUID()
    const stream = openStream(uid, shipper.cookieHeader())
    await stream.ready
    try {
      const channel = `expedited/shipper/${shipperUser.id}`
      const sub = await shipper.request('POST', '/__transmit/subscribe', { uid, channel })
      assert.equal(sub.status, 204, sub.text)
      ;(await step(client, driver, job.id, { type: 'arrived_pickup' })).assertStatus(201)
      ;(await step(client, driver, job.id, { type: 'loaded', pieces: 2 })).assertStatus(201)
      await until(() => stream.messages.length >= 2)
      assert.deepEqual(
        stream.messages.map((m) => m.payload),
        [
          { type: 'stop_event', id: job.id },
          { type: 'picked_up', id: job.id },
        ]
      )
    } finally {
      stream.close()
    }
  })
})
