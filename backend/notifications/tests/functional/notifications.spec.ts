import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import emitter from '@adonisjs/core/services/emitter'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import NotificationService from '#notifications/services/notification_service'
import { mailQueue } from '#core/mail_queue'
import { NotificationNowMail } from '#notifications/services/notification_mails'
import { unsubscribeToken } from '#notifications/services/unsubscribe_tokens'
import { NOTIFICATION_KINDS } from '#notifications/notification_rules'
import type User from '#accounts/models/user'

const NOW = DateTime.fromISO('2030-05-06T14:00:00.000Z')
const clock = new FixedClock(NOW)

async function service() {
  return app.container.make(NotificationService)
}

async function notifyMany(user: User, n: number) {
  const notifications = await service()
  for (let i = 1; i <= n; i++) {
    clock.advance({ seconds: 1 })
    await notifications.notify(user.id, {
      kind: 'booking',
      title: `Booking TRT-00${i} is in transit`,
      body: `Booking TRT-00${i} is in transit.`,
      link: '/shipper#bookings',
    })
  }
}

const fieldsOf = (res: any): string[] =>
  (res.body().errors ?? []).map((e: { field: string }) => e.field)

async function count(table: string) {
  const row = await db.from(table).count('* as n').first()
  return Number(row?.n ?? 0)
}

test.group('Notification centre: the list, read marks and preferences', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    clock.set(NOW)
    app.container.swap(Clock, () => clock)
    const fake = mail.fake()
    return async () => {
      await mailQueue.idle()
      fake.mails.clear()
      mail.restore()
      app.container.restore(Clock)
    }
  })

  test('a user reads its notifications newest first, a page at a time, with the unread count', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const other = await makeUser('shipper')
    const empty = await client.get('/api/notifications').loginAs(shipper)
    empty.assertStatus(200)
    assert.deepEqual(empty.body(), {
      data: [],
      meta: { total: 0, perPage: 20, currentPage: 1, lastPage: 1 },
      unread: 0,
    })
    await notifyMany(shipper, 3)
    await notifyMany(other, 1)

    const page = await client.get('/api/notifications?perPage=2').loginAs(shipper)
    page.assertStatus(200)
    assert.equal(page.body().unread, 3)
    assert.deepEqual(page.body().meta, { total: 3, perPage: 2, currentPage: 1, lastPage: 2 })
    assert.deepEqual(
      page.body().data.map((n: any) => n.title),
      ['Booking TRT-003 is in transit', 'Booking TRT-002 is in transit']
    )
    const first = page.body().data[0]
    assert.equal(first.kind, 'booking')
    assert.equal(first.link, '/shipper#bookings')
    assert.isNull(first.readAt)
    assert.equal(first.createdAt, NOW.plus({ seconds: 3 }).toUTC().toISO())
    const second = await client.get('/api/notifications?perPage=2&page=2').loginAs(shipper)
    assert.deepEqual(
      second.body().data.map((n: any) => n.title),
      ['Booking TRT-001 is in transit']
    )

    // Marking one read: the count falls, and the unread filter leaves it out.
    const read = await client
      .post(`/api/notifications/${first.id}/read`)
      .loginAs(shipper)
      .withCsrfToken()
    read.assertStatus(200)
    assert.equal(read.body().unread, 2)
    const readAt = clock.now().toUTC().toISO()
    assert.equal(read.body().readAt, readAt)
    clock.advance({ minutes: 1 })
    const again = await client
      .post(`/api/notifications/${first.id}/read`)
      .loginAs(shipper)
      .withCsrfToken()
    // Read once: marking it again keeps when it was read.
    assert.equal(again.body().readAt, readAt)
    const unread = await client.get('/api/notifications?unread=true').loginAs(shipper)
    assert.equal(unread.body().meta.total, 2)
    assert.notInclude(
      unread.body().data.map((n: any) => n.id),
      first.id
    )

    const all = await client.post('/api/notifications/read-all').loginAs(shipper).withCsrfToken()
    all.assertStatus(200)
    assert.deepEqual(all.body(), { marked: 2, unread: 0 })
    // The other user's stay unread.
    const theirs = await client.get('/api/notifications').loginAs(other)
    assert.equal(theirs.body().unread, 1)
  })

  test('another user’s notification is a 404 as a missing one, and changes nothing', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const admin = await makeUser('admin')
    await notifyMany(shipper, 1)
    const [mine] = (await client.get('/api/notifications').loginAs(shipper)).body().data
    for (const stranger of [carrier, admin, await makeUser('shipper')]) {
      const res = await client
        .post(`/api/notifications/${mine.id}/read`)
        .loginAs(stranger)
        .withCsrfToken()
      res.assertStatus(404)
      assert.equal(res.body().message, 'Notification not found')
    }
    const missing = await client
      .post(`/api/notifications/${mine.id + 1000}/read`)
      .loginAs(shipper)
      .withCsrfToken()
    missing.assertStatus(404)
    const anonymous = await client.post(`/api/notifications/${mine.id}/read`).withCsrfToken()
    anonymous.assertStatus(401)
    assert.equal((await client.get('/api/notifications')).status(), 401)
    const after = await db.from('notifications').where('id', mine.id).first()
    assert.isNull(after.read_at)
  })

  test('bad paging is a 422 naming the field', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    for (const [qs, field] of [
      ['perPage=0', 'perPage'],
      ['perPage=51', 'perPage'],
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['unread=maybe', 'unread'],
    ]) {
      const res = await client.get(`/api/notifications?${qs}`).loginAs(shipper)
      res.assertStatus(422)
      assert.deepEqual(fieldsOf(res), [field], qs)
    }
  })

  test('preferences: every kind in the app by default; a change sticks; bad input names the field and changes nothing', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const initial = await client.get('/api/notification-preferences').loginAs(carrier)
    initial.assertStatus(200)
    assert.deepEqual(
      initial.body().preferences.map((p: any) => p.kind),
      [...NOTIFICATION_KINDS]
    )
    assert.isTrue(initial.body().preferences.every((p: any) => p.channel === 'in_app' && !p.push))

    const put = await client
      .put('/api/notification-preferences')
      .json({
        preferences: [
          { kind: 'payout', channel: 'email_immediate' },
          { kind: 'offer', channel: 'email_digest', push: true },
          { kind: 'alert', channel: 'off' },
        ],
      })
      .loginAs(carrier)
      .withCsrfToken()
    put.assertStatus(200)
    const byKind = new Map(put.body().preferences.map((p: any) => [p.kind, p]))
    assert.equal((byKind.get('payout') as any).channel, 'email_immediate')
    assert.equal((byKind.get('offer') as any).channel, 'email_digest')
    assert.isTrue((byKind.get('offer') as any).push)
    assert.equal((byKind.get('alert') as any).channel, 'off')
    assert.equal((byKind.get('booking') as any).channel, 'in_app')

    const before = await count('notification_preferences')
    const cases: [unknown, string][] = [
      [{ preferences: [{ kind: 'weather', channel: 'in_app' }] }, 'preferences.0.kind'],
      [{ preferences: [{ kind: 'booking', channel: 'pigeon' }] }, 'preferences.0.channel'],
      [
        {
          preferences: [
            { kind: 'booking', channel: 'off' },
            { kind: 'booking', channel: 'in_app' },
          ],
        },
        'preferences',
      ],
      [{ preferences: [] }, 'preferences'],
      [{}, 'preferences'],
    ]
    for (const [body, field] of cases) {
      const res = await client
        .put('/api/notification-preferences')
        .json(body as object)
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(422)
      assert.include(fieldsOf(res), field, JSON.stringify(body))
    }
    assert.equal(await count('notification_preferences'), before)
    const after = await client.get('/api/notification-preferences').loginAs(carrier)
    assert.deepEqual(after.body(), put.body())
  })

  test('an "off" kind is not kept; an "email_immediate" kind is mailed after, with one-click unsubscribe', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const carrier = await makeUser('carrier', { isApproved: true })
    const notifications = await service()
    await notifications.setPreferences(carrier.id, [
      { kind: 'alert', channel: 'off' },
      { kind: 'payout', channel: 'email_immediate' },
    ])
    const dropped = await notifications.notify(carrier.id, {
      kind: 'alert',
      title: 'A load matches your lane',
      body: 'Chicago to Detroit',
      link: '/carrier#freight-board',
    })
    assert.isNull(dropped)
    const kept = await notifications.notify(carrier.id, {
      kind: 'payout',
      title: 'Payout for TRT-007 released from escrow',
      body: 'The payout for TRT-007 is released from escrow.',
      link: 'https://evil.example/phish',
    })
    assert.isNotNull(kept)
    // A link is always a path inside the app.
    assert.equal(kept!.link, '/notifications')
    // Stored and announced first; the mail goes out after.
    assert.lengthOf(mails.sent(), 0)
    await mailQueue.idle()
    assert.lengthOf(mails.sent(), 1)
    const token = unsubscribeToken(carrier.id, 'payout')
    mails.assertSent(NotificationNowMail, ({ message }) => {
      message.assertTo(carrier.email)
      message.assertSubject('Payout for TRT-007 released from escrow')
      const header = String((message.toJSON().message.headers as any)['List-Unsubscribe'])
      assert.match(header, new RegExp(`^<https?://[^>]+/api/notifications/unsubscribe/${token}>$`))
      message.assertHeader('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
      return true
    })
    const row = await db.from('notifications').where('id', kept!.id).first()
    assert.isNotNull(row.mailed_at)
    const list = await client.get('/api/notifications').loginAs(carrier)
    assert.deepEqual(
      list.body().data.map((n: any) => n.kind),
      ['payout']
    )
  })

  test('an alert its saved lane mailed already is kept, and not mailed again, even with immediate mail', async ({
    assert,
  }) => {
    const { mails } = mail.fake()
    const carrier = await makeUser('carrier', { isApproved: true })
    const notifications = await service()
    await notifications.setPreferences(carrier.id, [{ kind: 'alert', channel: 'email_immediate' }])
    const told = await notifications.notify(carrier.id, {
      kind: 'alert',
      title: 'New Dry Van load Chicago, IL → Detroit, MI',
      body: 'New Dry Van load Chicago, IL → Detroit, MI',
      link: '/carrier#saved-lanes',
      mailedElsewhere: true,
    })
    assert.isNotNull(told)
    await mailQueue.idle()
    assert.lengthOf(mails.sent(), 0)
    // Marked mailed, so the digest does not send it either.
    const row = await db.from('notifications').where('id', told!.id).first()
    assert.isNotNull(row.mailed_at)
  })

  test('the unsubscribe link turns that kind’s mail off without a session; a tampered one is a 404 that changes nothing', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    const notifications = await service()
    await notifications.setPreferences(carrier.id, [
      { kind: 'payout', channel: 'email_immediate' },
      { kind: 'offer', channel: 'email_digest' },
    ])
    await notifications.setPreferences(other.id, [{ kind: 'payout', channel: 'email_digest' }])
    const token = unsubscribeToken(carrier.id, 'payout')
    const signature = token.split('.')[2]
    const flipped = signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
    for (const bad of [
      `${carrier.id}.payout.${flipped}`,
      `${other.id}.payout.${signature}`,
      `${carrier.id}.offer.${signature}`,
      `${carrier.id}.payout`,
      'garbage',
    ]) {
      const res = await client
        .post(`/api/notifications/unsubscribe/${encodeURIComponent(bad)}`)
        .form({ 'List-Unsubscribe': 'One-Click' })
      res.assertStatus(404)
      assert.equal(res.body().message, 'Unsubscribe link not valid')
    }
    assert.equal(await notifications.channelOf(carrier.id, 'payout'), 'email_immediate')
    assert.equal(await notifications.channelOf(other.id, 'payout'), 'email_digest')

    // What a mail provider does: a bare POST, no cookie, no CSRF token.
    const res = await client
      .post(`/api/notifications/unsubscribe/${token}`)
      .form({ 'List-Unsubscribe': 'One-Click' })
    res.assertStatus(200)
    assert.deepEqual(res.body(), { kind: 'payout', channel: 'in_app' })
    assert.equal(await notifications.channelOf(carrier.id, 'payout'), 'in_app')
    // Only that kind.
    assert.equal(await notifications.channelOf(carrier.id, 'offer'), 'email_digest')
    // An "off" kind stays off.
    await notifications.setPreferences(carrier.id, [{ kind: 'payout', channel: 'off' }])
    await client.post(`/api/notifications/unsubscribe/${token}`)
    assert.equal(await notifications.channelOf(carrier.id, 'payout'), 'off')
  })

  test('an alert is told once per subject, however often it matches', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const event = {
      recipients: [{ userId: carrier.id }],
      kind: 'saved_lane',
      subjectId: 42,
      title: 'New load on your lane Chicago → Detroit',
      link: '/carrier#freight-board',
    }
    await emitter.emit('alert:matched', event)
    await emitter.emit('alert:matched', event)
    await emitter.emit('alert:matched', { ...event, subjectId: 43 })
    const list = await client.get('/api/notifications').loginAs(carrier)
    assert.equal(list.body().meta.total, 2)
    assert.deepEqual(
      list.body().data.map((n: any) => [n.kind, n.title, n.link]),
      [
        ['alert', event.title, event.link],
        ['alert', event.title, event.link],
      ]
    )
  })

  test('one posting’s alert to many owners is stored in one batch, each by its own preferences', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const notifications = await service()
    const inApp = await makeUser('carrier', { isApproved: true })
    const off = await makeUser('carrier', { isApproved: true })
    const immediate = await makeUser('carrier', { isApproved: true })
    const mailedByLane = await makeUser('carrier', { isApproved: true })
    const toldBefore = await makeUser('carrier', { isApproved: true })
    await notifications.setPreferences(off.id, [{ kind: 'alert', channel: 'off' }])
    for (const user of [immediate, mailedByLane]) {
      await notifications.setPreferences(user.id, [{ kind: 'alert', channel: 'email_immediate' }])
    }
    const event = {
      kind: 'saved_lane',
      subjectId: 77,
      title: 'New VAN load Chicago, IL → Detroit, MI',
      link: '/carrier#freight-board',
    }
    await emitter.emit('alert:matched', { ...event, recipients: [{ userId: toldBefore.id }] })
    await mailQueue.idle()
    const live: number[] = []
    const transmit = (await import('@adonisjs/transmit/services/main')).default
    const stop = transmit.on('broadcast', ({ channel, payload }) => {
      if ((payload as any)?.kind === 'notification') live.push(Number(channel.split('/')[1]))
    })
    try {
      await emitter.emit('alert:matched', {
        ...event,
        recipients: [
          { userId: inApp.id },
          { userId: off.id },
          { userId: immediate.id },
          { userId: mailedByLane.id, mailed: true },
          { userId: toldBefore.id },
          { userId: inApp.id },
        ],
      })
    } finally {
      stop()
    }
    // Kept once for each whose kind is on and who was not told of the load before.
    const rows = await db.from('notifications').where('dedupe_key', 'alert:saved_lane:77')
    assert.sameMembers(
      rows.map((r) => Number(r.user_id)),
      [toldBefore.id, inApp.id, immediate.id, mailedByLane.id]
    )
    assert.sameMembers(live, [inApp.id, immediate.id, mailedByLane.id])
    // Mailed after, only to the one whose lane did not mail it already.
    await mailQueue.idle()
    const sent = mails.sent().filter((m) => m instanceof NotificationNowMail)
    assert.lengthOf(sent, 1)
    mails.assertSent(NotificationNowMail, ({ message }) => {
      message.assertTo(immediate.email)
      return true
    })
    const mailedRows = await db.from('notifications').where('dedupe_key', 'alert:saved_lane:77')
    const byUser = new Map(mailedRows.map((r) => [Number(r.user_id), r]))
    assert.isNotNull(byUser.get(immediate.id).mailed_at)
    assert.isNotNull(byUser.get(mailedByLane.id).mailed_at)
    assert.isNull(byUser.get(inApp.id).mailed_at)
    const list = await client.get('/api/notifications').loginAs(inApp)
    assert.deepEqual(
      list.body().data.map((n: any) => [n.kind, n.title, n.link, n.readAt]),
      [['alert', event.title, event.link, null]]
    )
  })
})
