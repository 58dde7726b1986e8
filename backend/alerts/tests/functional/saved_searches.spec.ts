import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import mail from '@adonisjs/mail/services/main'
import transmit from '@adonisjs/transmit/services/main'
import type { ApiClient } from '@japa/api-client'
import { businessDayFromToday, eachTestInTransaction, makeUser } from '#tests/helpers'
import { carrierOf, makeTruck } from '#tests/factories'
import { makeMember } from '#accounts/tests/companies'
import { userChannel } from '#core/live_notices'
import type User from '#accounts/models/user'
import { AlertMatchedMail, SEARCH_ALERT_PATH } from '#alerts/services/alert_delivery'
import { MAX_WINDOW_DAYS } from '#alerts/lane_rules'
import { mailQueue } from '#core/mail_queue'

const search = (overrides: Record<string, unknown> = {}) => ({
  origin: { kind: 'radius', near: 'Chicago, IL', radius_miles: 50 },
  destination: { kind: 'state', state: 'MI' },
  equipment: 'VAN',
  pallets: 6,
  date_from: businessDayFromToday(0),
  date_to: businessDayFromToday(14),
  ...overrides,
})

const create = (client: ApiClient, as: User, body: unknown) =>
  client.post('/api/saved-searches').json(body).loginAs(as).withCsrfToken()

const fields = (res: any): string[] =>
  (res.body().errors ?? []).map((e: { field: string }) => e.field).sort()

const count = async (table = 'saved_searches') =>
  Number((await db.from(table).count('* as n').first())?.n ?? 0)

/** A carrier publishes capacity Chicago to Detroit through the API. */
async function publish(client: ApiClient, carrier: User, more: Record<string, unknown> = {}) {
  const truck = await makeTruck(carrier)
  return client
    .post('/api/listings')
    .json({
      truckId: truck.id,
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI 48201',
      ratePerMilePerPallet: 2.5,
      maxPallets: 8,
      availableDate: businessDayFromToday(3),
      ...more,
    })
    .loginAs(carrier)
    .withCsrfToken()
}

test.group('Saved searches: a shipper company keeps its capacity searches', (group) => {
  eachTestInTransaction(group)

  test('create, list, change and delete', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const made = await create(client, shipper, search())
    made.assertStatus(201)
    assert.deepInclude(made.body(), {
      equipment: 'VAN',
      pallets: 6,
      date_from: businessDayFromToday(0),
      date_to: businessDayFromToday(14),
      email: true,
      alerts: 0,
    })
    assert.match(made.body().origin.label, /^Within 50 mi of Chicago, IL/)
    const list = await client.get('/api/saved-searches').loginAs(shipper)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().searches.map((s: any) => s.id),
      [made.body().id]
    )
    const changed = await client
      .patch(`/api/saved-searches/${made.body().id}`)
      .json({ pallets: 2, email: false, date_to: businessDayFromToday(20) })
      .loginAs(shipper)
      .withCsrfToken()
    changed.assertStatus(200)
    assert.deepInclude(changed.body(), {
      pallets: 2,
      email: false,
      date_to: businessDayFromToday(20),
    })
    // Its places change too (a side sent replaces that side), and a bad one is named and
    // changes nothing.
    const moved = await client
      .patch(`/api/saved-searches/${made.body().id}`)
      .json({ origin: { kind: 'state', state: 'wi' }, destination: { kind: 'zip3', zip3: '482' } })
      .loginAs(shipper)
      .withCsrfToken()
    moved.assertStatus(200)
    assert.equal(moved.body().origin.label, 'WI')
    assert.isNull(moved.body().origin.near)
    assert.equal(moved.body().destination.label, 'ZIP 482xx')
    const refused = await client
      .patch(`/api/saved-searches/${made.body().id}`)
      .json({ origin: { kind: 'radius', near: '60601', radius_miles: 900 } })
      .loginAs(shipper)
      .withCsrfToken()
    refused.assertStatus(422)
    assert.deepEqual(
      refused.body().errors.map((e: any) => e.field),
      ['origin.radius_miles']
    )
    const kept = await db.from('saved_searches').where('id', made.body().id).first()
    assert.equal(kept.origin_state, 'WI')
    const gone = await client
      .delete(`/api/saved-searches/${made.body().id}`)
      .loginAs(shipper)
      .withCsrfToken()
    gone.assertStatus(204)
    assert.equal(await count(), 0)
  })

  test('bad input is a 422 naming each field, and saves nothing', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const cases: [unknown, string[]][] = [
      [{}, ['date_from', 'date_to', 'destination', 'origin', 'pallets']],
      [search({ pallets: 0 }), ['pallets']],
      [search({ pallets: 101 }), ['pallets']],
      [search({ date_from: '2026-02-30' }), ['date_from']],
      [
        search({ date_to: businessDayFromToday(-1), date_from: businessDayFromToday(-3) }),
        ['date_to'],
      ],
      [
        search({ date_to: businessDayFromToday(1), date_from: businessDayFromToday(2) }),
        ['date_to'],
      ],
      [search({ date_to: businessDayFromToday(MAX_WINDOW_DAYS + 1) }), ['date_to']],
      [
        search({ origin: { kind: 'radius', near: 'Nowhere Land', radius_miles: 50 } }),
        ['origin.near'],
      ],
      [search({ destination: { kind: 'zip3', zip3: '4820' } }), ['destination.zip3']],
      [search({ equipment: 'BARGE' }), ['equipment']],
    ]
    for (const [body, expected] of cases) {
      const res = await create(client, shipper, body)
      assert.equal(res.status(), 422, JSON.stringify(body))
      assert.deepEqual(fields(res), expected, JSON.stringify(body))
    }
    assert.equal(await count(), 0)
  })

  test('who may: shippers and their planners; carriers, admins, accounts members 403; another company 404', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const other = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const admin = await makeUser('admin', { twoFactor: false })
    for (const who of [carrier, admin]) {
      assert.equal((await client.get('/api/saved-searches').loginAs(who)).status(), 403)
      assert.equal((await create(client, who, search())).status(), 403)
    }
    ;(await client.get('/api/saved-searches')).assertStatus(401)
    const planner = await makeMember(shipper, 'planner')
    const accounts = await makeMember(shipper, 'accounts')
    const made = await create(client, planner, search())
    made.assertStatus(201)
    assert.equal((await create(client, accounts, search())).status(), 403)
    const id = made.body().id
    const foreign = await client
      .patch(`/api/saved-searches/${id}`)
      .json({ pallets: 1 })
      .loginAs(other)
      .withCsrfToken()
    foreign.assertStatus(404)
    assert.equal(foreign.body().message, 'Saved search not found')
    const foreignDelete = await client
      .delete(`/api/saved-searches/${id}`)
      .loginAs(other)
      .withCsrfToken()
    foreignDelete.assertStatus(404)
    const mine = await client.get('/api/saved-searches').loginAs(shipper)
    assert.deepEqual(
      mine.body().searches.map((s: any) => [s.id, s.pallets]),
      [[id, 6]]
    )
  })
})

test.group('Saved searches: published capacity alerts the matching searches once', (group) => {
  eachTestInTransaction(group)

  test('a listing alerts the matching searches, names its carrier only anonymously', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const events = emitter.fake(['alert:matched'])
    const heard: { channel: string; payload: any }[] = []
    const stop = transmit.on('broadcast', ({ channel, payload }) => {
      if ((payload as any)?.kind === 'alert') heard.push({ channel, payload })
    })
    try {
      const a = await makeUser('shipper')
      const b = await makeUser('shipper')
      const carrier = await makeUser('carrier', { isApproved: true })
      const company = (await carrierOf(carrier)).companyName
      const hit = (await create(client, a, search())).body().id
      const misses = [
        search({ pallets: 9 }),
        search({ equipment: 'REEFER' }),
        search({ destination: { kind: 'state', state: 'OH' } }),
        search({ date_from: businessDayFromToday(5), date_to: businessDayFromToday(9) }),
        search({ origin: { kind: 'zip3', zip3: '100' } }),
      ]
      for (const body of misses) (await create(client, b, body)).assertStatus(201)

      const published = await publish(client, carrier)
      published.assertStatus(201)
      const listingId = published.body().id
      const alerts = await db.from('saved_search_alerts').where('listing_id', listingId)
      assert.deepEqual(
        alerts.map((r) => Number(r.saved_search_id)),
        [hit]
      )
      assert.deepEqual(heard, [
        {
          channel: userChannel(a.id),
          payload: { kind: 'alert', id: listingId, change: 'saved_search' },
        },
      ])
      await mailQueue.idle()
      const sent = mails.sent().filter((m) => m instanceof AlertMatchedMail)
      assert.lengthOf(sent, 1)
      const subject = (sent[0] as any).subject as string
      assert.match(
        subject,
        /^Verified carrier #\d{4} has 8 pallets Chicago, IL → Detroit, MI from /
      )
      const text = (sent[0] as AlertMatchedMail).lines().join('\n')
      assert.notInclude(text, company)
      events.assertEmittedCount('alert:matched', 1)
      events.assertEmitted(
        'alert:matched',
        ({ data }) =>
          JSON.stringify(data.recipients) === JSON.stringify([{ userId: a.id, mailed: true }]) &&
          data.kind === 'saved_search' &&
          data.subjectId === listingId &&
          data.link === SEARCH_ALERT_PATH &&
          !data.title.includes(company)
      )
      // Matching it again alerts nobody twice.
      const { default: AlertMatcher } = await import('#alerts/services/alert_matcher')
      const app = (await import('@adonisjs/core/services/app')).default
      assert.equal(await (await app.container.make(AlertMatcher)).matchListing(listingId), 0)
      assert.equal(await count('saved_search_alerts'), 1)
    } finally {
      stop()
      emitter.restore()
      mail.restore()
    }
  })
})
