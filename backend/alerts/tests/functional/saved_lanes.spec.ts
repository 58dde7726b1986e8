import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import mail from '@adonisjs/mail/services/main'
import transmit from '@adonisjs/transmit/services/main'
import type { ApiClient } from '@japa/api-client'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeMember } from '#accounts/tests/companies'
import { userChannel } from '#core/live_notices'
import type User from '#accounts/models/user'
import { AlertMatchedMail, LANE_ALERT_PATH } from '#alerts/services/alert_delivery'
import { MAX_SAVED_LANES, placeColumns, statePlace, zip3Place } from '#alerts/lane_rules'
import { mailQueue } from '#core/mail_queue'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import PaymentDeadlineService from '#payments/services/payment_deadline_service'

const lane = (overrides: Record<string, unknown> = {}) => ({
  origin: { kind: 'zip3', zip3: '606' },
  destination: { kind: 'state', state: 'MI' },
  equipment: 'VAN',
  mode: 'TL',
  min_rate_cents_per_mile: 200,
  ...overrides,
})

const create = (client: ApiClient, as: User, body: unknown) =>
  client.post('/api/saved-lanes').json(body).loginAs(as).withCsrfToken()

const fields = (res: any): string[] =>
  (res.body().errors ?? []).map((e: { field: string }) => e.field).sort()

const count = async (table = 'saved_lanes') =>
  Number((await db.from(table).count('* as n').first())?.n ?? 0)

/** Chicago 60601 to Detroit 48201 (about 283 road miles) at `price` dollars. */
const postLoad = (
  client: ApiClient,
  shipper: User,
  price = 700,
  more: Record<string, unknown> = {}
) =>
  client
    .post('/api/freight-listings')
    .json({ origin: { postal: '60601' }, destination: { postal: '48201' }, price, ...more })
    .loginAs(shipper)
    .withCsrfToken()

function recordAlerts() {
  const heard: { channel: string; payload: any }[] = []
  const stop = transmit.on('broadcast', ({ channel, payload }) => {
    if ((payload as any)?.kind === 'alert') heard.push({ channel, payload })
  })
  return { heard, stop }
}

test.group('Saved lanes: a carrier company keeps its lanes', (group) => {
  eachTestInTransaction(group)

  test('create, list, change and delete a lane of each place kind', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const made = await create(client, carrier, lane())
    made.assertStatus(201)
    assert.deepInclude(made.body(), {
      equipment: 'VAN',
      mode: 'TL',
      min_rate_cents_per_mile: 200,
      email: true,
      alerts: 0,
    })
    assert.equal(made.body().origin.label, 'ZIP 606xx')
    assert.equal(made.body().destination.label, 'MI')

    const radius = await create(client, carrier, {
      origin: { kind: 'radius', near: '60601', radius_miles: 75 },
      destination: { kind: 'radius', near: 'Detroit, MI', radius_miles: 50 },
      equipment: null,
    })
    radius.assertStatus(201)
    assert.isNull(radius.body().equipment)
    assert.isNull(radius.body().mode)
    assert.isNull(radius.body().min_rate_cents_per_mile)
    assert.match(radius.body().origin.label, /^Within 75 mi of Chicago, IL/)
    assert.equal(radius.body().destination.radius_miles, 50)

    const list = await client.get('/api/saved-lanes').loginAs(carrier)
    list.assertStatus(200)
    assert.equal(list.body().limit, MAX_SAVED_LANES)
    assert.deepEqual(
      list.body().lanes.map((l: any) => l.id),
      [radius.body().id, made.body().id]
    )

    const changed = await client
      .patch(`/api/saved-lanes/${made.body().id}`)
      .json({ email: false, origin: { kind: 'state', state: 'il' }, mode: null })
      .loginAs(carrier)
      .withCsrfToken()
    changed.assertStatus(200)
    assert.isFalse(changed.body().email)
    assert.equal(changed.body().origin.kind, 'state')
    assert.equal(changed.body().origin.state, 'IL')
    assert.isNull(changed.body().origin.zip3)
    assert.isNull(changed.body().mode)
    assert.equal(changed.body().destination.label, 'MI', 'a side not sent stays')

    const gone = await client
      .delete(`/api/saved-lanes/${made.body().id}`)
      .loginAs(carrier)
      .withCsrfToken()
    gone.assertStatus(204)
    assert.equal(await count(), 1)
  })

  test('bad input is a 422 naming each field, and saves nothing', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const cases: [unknown, string[]][] = [
      [{}, ['destination', 'origin']],
      [lane({ origin: { kind: 'zip' } }), ['origin.kind']],
      [lane({ origin: { kind: 'zip3', zip3: '60' } }), ['origin.zip3']],
      [lane({ origin: { kind: 'zip3' } }), ['origin.zip3']],
      [lane({ destination: { kind: 'state', state: 'ZZ' } }), ['destination.state']],
      [lane({ destination: { kind: 'state' } }), ['destination.state']],
      [lane({ origin: { kind: 'radius', near: '60601' } }), ['origin.radius_miles']],
      [
        lane({ origin: { kind: 'radius', near: '60601', radius_miles: 500 } }),
        ['origin.radius_miles'],
      ],
      [
        lane({ origin: { kind: 'radius', near: '60601', radius_miles: 9 } }),
        ['origin.radius_miles'],
      ],
      [lane({ origin: { kind: 'radius', near: '00000', radius_miles: 50 } }), ['origin.near']],
      [lane({ equipment: 'TRAIN' }), ['equipment']],
      [lane({ mode: 'AIR' }), ['mode']],
      [lane({ min_rate_cents_per_mile: -1 }), ['min_rate_cents_per_mile']],
      [lane({ min_rate_cents_per_mile: 1.5 }), ['min_rate_cents_per_mile']],
      [lane({ email: 'yes' }), ['email']],
      [
        lane({
          origin: { kind: 'zip3', zip3: 'abc' },
          destination: { kind: 'state', state: 'XX' },
        }),
        ['destination.state', 'origin.zip3'],
      ],
    ]
    for (const [body, expected] of cases) {
      const res = await create(client, carrier, body)
      assert.equal(res.status(), 422, JSON.stringify(body))
      assert.deepEqual(fields(res), expected, JSON.stringify(body))
    }
    assert.equal(await count(), 0)
    const made = await create(client, carrier, lane())
    const patch = await client
      .patch(`/api/saved-lanes/${made.body().id}`)
      .json({ destination: { kind: 'radius', near: 'Atlantis', radius_miles: 50 } })
      .loginAs(carrier)
      .withCsrfToken()
    patch.assertStatus(422)
    assert.deepEqual(fields(patch), ['destination.near'])
    const row = await db.from('saved_lanes').where('id', made.body().id).first()
    assert.equal(row.dest_state, 'MI')
  })

  test('who may: approved carriers and their board roles; shippers, admins, pending 403', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const pending = await makeUser('carrier', { isApproved: false })
    const shipper = await makeUser('shipper')
    const admin = await makeUser('admin', { twoFactor: false })
    for (const who of [shipper, pending, admin]) {
      const res = await client.get('/api/saved-lanes').loginAs(who)
      assert.equal(res.status(), 403, who.role)
      assert.equal((await create(client, who, lane())).status(), 403, who.role)
    }
    ;(await client.get('/api/saved-lanes')).assertStatus(401)

    const dispatcher = await makeMember(carrier, 'dispatcher')
    const driver = await makeMember(carrier, 'driver')
    const accounts = await makeMember(carrier, 'accounts')
    const byDispatcher = await create(client, dispatcher, lane())
    byDispatcher.assertStatus(201)
    // The member acts for the company: the owner sees the lane, and so does the dispatcher.
    const ownersList = await client.get('/api/saved-lanes').loginAs(carrier)
    assert.deepEqual(
      ownersList.body().lanes.map((l: any) => l.id),
      [byDispatcher.body().id]
    )
    for (const member of [driver, accounts]) {
      assert.equal((await client.get('/api/saved-lanes').loginAs(member)).status(), 403)
      assert.equal((await create(client, member, lane())).status(), 403)
      const del = await client
        .delete(`/api/saved-lanes/${byDispatcher.body().id}`)
        .loginAs(member)
        .withCsrfToken()
      assert.equal(del.status(), 403)
    }
    assert.equal(await count(), 1)
  })

  test("another company's lane is a 404 and stays as it was", async ({ client, assert }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const made = await create(client, owner, lane())
    const id = made.body().id
    const patch = await client
      .patch(`/api/saved-lanes/${id}`)
      .json({ email: false })
      .loginAs(other)
      .withCsrfToken()
    patch.assertStatus(404)
    assert.equal(patch.body().message, 'Saved lane not found')
    const del = await client.delete(`/api/saved-lanes/${id}`).loginAs(other).withCsrfToken()
    del.assertStatus(404)
    const missing = await client.delete('/api/saved-lanes/999999').loginAs(owner).withCsrfToken()
    missing.assertStatus(404)
    const asShipper = await client.delete(`/api/saved-lanes/${id}`).loginAs(shipper).withCsrfToken()
    asShipper.assertStatus(403)
    const row = await db.from('saved_lanes').where('id', id).first()
    assert.isTrue(Boolean(row.email))
  })

  test('a company keeps at most 50 lanes: the 51st is a 409', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const now = new Date().toISOString().slice(0, 19).replace('T', ' ')
    await db.table('saved_lanes').multiInsert(
      Array.from({ length: MAX_SAVED_LANES }, () => ({
        owner_user_id: carrier.id,
        ...placeColumns('origin', zip3Place('606')),
        ...placeColumns('dest', statePlace('MI')),
        equipment_key: 'ANY',
        email: true,
        created_at: now,
        updated_at: now,
      }))
    )
    const res = await create(client, carrier, lane())
    res.assertStatus(409)
    assert.equal(res.body().message, `A company keeps at most ${MAX_SAVED_LANES} saved lanes`)
    assert.equal(await count(), MAX_SAVED_LANES)
  })
})

test.group('Saved lanes: a posted load alerts the matching lanes once', (group) => {
  eachTestInTransaction(group)

  test('a post alerts each matching lane once (live, mail, event), and no other lane', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const events = emitter.fake(['alert:matched'])
    const recorder = recordAlerts()
    try {
      const shipper = await makeUser('shipper')
      const a = await makeUser('carrier', { isApproved: true })
      const b = await makeUser('carrier', { isApproved: true })
      const c = await makeUser('carrier', { isApproved: true })
      const matching = [
        (await create(client, a, lane())).body().id,
        (
          await create(client, b, {
            origin: { kind: 'radius', near: 'Milwaukee, WI', radius_miles: 100 },
            destination: { kind: 'zip3', zip3: '482' },
            email: false,
          })
        ).body().id,
        (
          await create(client, b, lane({ origin: { kind: 'state', state: 'IL' }, equipment: null }))
        ).body().id,
      ]
      const others = [
        lane({ origin: { kind: 'zip3', zip3: '607' } }),
        lane({ destination: { kind: 'state', state: 'OH' } }),
        lane({ equipment: 'REEFER' }),
        lane({ mode: 'LTL' }),
        lane({ min_rate_cents_per_mile: 300 }),
        lane({ origin: { kind: 'radius', near: 'Milwaukee, WI', radius_miles: 60 } }),
        lane({ origin: { kind: 'radius', near: 'Indianapolis, IN', radius_miles: 150 } }),
      ]
      for (const body of others) (await create(client, c, body)).assertStatus(201)

      const posted = await postLoad(client, shipper, 700)
      posted.assertStatus(201)
      const loadId = posted.body().id
      const alerts = await db
        .from('saved_lane_alerts')
        .where('load_id', loadId)
        .orderBy('saved_lane_id')
      assert.deepEqual(
        alerts.map((r) => Number(r.saved_lane_id)),
        [...matching].sort((x, y) => x - y)
      )
      assert.sameMembers(
        recorder.heard.map((h) => h.channel),
        [userChannel(a.id), userChannel(b.id)]
      )
      assert.deepEqual(recorder.heard[0].payload, {
        kind: 'alert',
        id: loadId,
        change: 'saved_lane',
      })
      // One mail per match with email on: a's lane and b's state lane (b's radius lane is off).
      await mailQueue.idle()
      const sent = mails.sent().filter((m) => m instanceof AlertMatchedMail)
      assert.lengthOf(sent, 2)
      assert.sameMembers(
        sent.map((m) => (m as any).to),
        [a.email, b.email]
      )
      assert.match(
        (sent[0] as any).subject,
        /^New VAN load Chicago, IL → Detroit, MI at \$2\.\d\d\/mi$/
      )
      // One event for the posting, naming both owners once (docs/decisions/0267).
      events.assertEmittedCount('alert:matched', 1)
      events.assertEmitted(
        'alert:matched',
        ({ data }) =>
          data.recipients.length === 2 &&
          data.recipients.some((r) => r.userId === a.id && r.mailed) &&
          data.recipients.some((r) => r.userId === b.id && r.mailed) &&
          data.kind === 'saved_lane' &&
          data.subjectId === loadId &&
          data.link === LANE_ALERT_PATH
      )

      // Matching the same load again (a retry) alerts nobody twice.
      const { default: AlertMatcher } = await import('#alerts/services/alert_matcher')
      const matcher = await app.container.make(AlertMatcher)
      assert.equal(await matcher.matchLoad(loadId), 0)
      assert.equal(await count('saved_lane_alerts'), 3)
      await mailQueue.idle()
      assert.lengthOf(
        mails.sent().filter((m) => m instanceof AlertMatchedMail),
        2
      )
      events.assertEmittedCount('alert:matched', 1)

      // The lanes' lists count their alerts.
      const list = await client.get('/api/saved-lanes').loginAs(a)
      assert.equal(list.body().lanes[0].alerts, 1)
    } finally {
      recorder.stop()
      emitter.restore()
      mail.restore()
    }
  })

  test('a load no lane matches alerts nobody; a cheaper load misses a minimum rate', async ({
    client,
    assert,
  }) => {
    mail.fake()
    const recorder = recordAlerts()
    try {
      const shipper = await makeUser('shipper')
      const carrier = await makeUser('carrier', { isApproved: true })
      await create(client, carrier, lane({ min_rate_cents_per_mile: 250 }))
      ;(await postLoad(client, shipper, 600)).assertStatus(201)
      assert.equal(await count('saved_lane_alerts'), 0)
      assert.deepEqual(recorder.heard, [])
      ;(await postLoad(client, shipper, 800)).assertStatus(201)
      assert.equal(await count('saved_lane_alerts'), 1)
    } finally {
      recorder.stop()
      mail.restore()
    }
  })
})

test.group('Saved lanes: a load back on the board, carriers that may not work', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => app.container.restore(Clock))

  test('a reopened load matches again: a lane saved since is told, one told before is not', async ({
    client,
    assert,
  }) => {
    mail.fake()
    const events = emitter.fake(['alert:matched'])
    try {
      const shipper = await makeUser('shipper')
      const first = await makeUser('carrier', { isApproved: true })
      const later = await makeUser('carrier', { isApproved: true })
      const claimer = await makeUser('carrier', { isApproved: true })
      const told = (await create(client, first, lane())).body().id
      const loadId = (await postLoad(client, shipper, 700)).body().id
      assert.equal(await count('saved_lane_alerts'), 1)

      // A carrier claims it, then its booking is cancelled (the payment deadline passed).
      const claimed = await client
        .post(`/api/freight-listings/${loadId}/claim`)
        .loginAs(claimer)
        .withCsrfToken()
      claimed.assertStatus(200)
      const saved = (await create(client, later, lane({ equipment: null }))).body().id
      app.container.swap(Clock, () => new FixedClock(DateTime.now().plus({ minutes: 31 })))
      const deadline = await app.container.make(PaymentDeadlineService)
      assert.deepEqual((await deadline.expireUnpaid()).cancelled, [claimed.body().booking_id])
      const load = await db.from('freight_listings').where('id', loadId).first()
      assert.equal(load.status, 'OPEN', 'the load is back on the board')

      const alerts = await db.from('saved_lane_alerts').where('load_id', loadId)
      assert.sameMembers(
        alerts.map((r) => Number(r.saved_lane_id)),
        [told, saved]
      )
      // The post told the first; the reopening only the lane saved since.
      events.assertEmittedCount('alert:matched', 2)
      events.assertEmitted(
        'alert:matched',
        ({ data }) =>
          data.subjectId === loadId &&
          data.recipients.length === 1 &&
          data.recipients[0].userId === later.id
      )

      // Reopened once more (a retry of the event): nobody is told twice.
      await emitter.emit('freight:changed', { type: 'reopened', id: loadId })
      assert.equal(await count('saved_lane_alerts'), 2)
      events.assertEmittedCount('alert:matched', 2)
    } finally {
      emitter.restore()
      mail.restore()
    }
  })

  test('lanes of suspended, pending and rejected carriers are skipped, and told once back', async ({
    client,
    assert,
  }) => {
    mail.fake()
    const recorder = recordAlerts()
    try {
      const shipper = await makeUser('shipper')
      const working = await makeUser('carrier', { isApproved: true })
      const suspended = await makeUser('carrier', { isApproved: true })
      const pending = await makeUser('carrier', { isApproved: true })
      const rejected = await makeUser('carrier', { isApproved: true })
      const ids = new Map<number, number>()
      for (const carrier of [working, suspended, pending, rejected]) {
        ids.set(carrier.id, (await create(client, carrier, lane())).body().id)
      }
      // Their standing changes after they saved their lanes.
      await suspended.merge({ isApproved: false, approvalStatus: 'suspended' }).save()
      await pending.merge({ isApproved: false, approvalStatus: 'pending' }).save()
      await rejected.merge({ isApproved: false, approvalStatus: 'rejected' }).save()

      const loadId = (await postLoad(client, shipper, 700)).body().id
      const alerts = await db.from('saved_lane_alerts').where('load_id', loadId)
      assert.deepEqual(
        alerts.map((r) => Number(r.saved_lane_id)),
        [ids.get(working.id)]
      )
      assert.deepEqual(
        recorder.heard.map((h) => h.channel),
        [userChannel(working.id)]
      )

      // Reinstated, it is told about the load when the load matches again (it was not before).
      await suspended.merge({ isApproved: true, approvalStatus: 'approved' }).save()
      await emitter.emit('freight:changed', { type: 'reopened', id: loadId })
      const after = await db.from('saved_lane_alerts').where('load_id', loadId)
      assert.sameMembers(
        after.map((r) => Number(r.saved_lane_id)),
        [ids.get(working.id), ids.get(suspended.id)]
      )
    } finally {
      recorder.stop()
      mail.restore()
    }
  })
})
