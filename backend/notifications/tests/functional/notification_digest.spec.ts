import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import NotificationService from '#notifications/services/notification_service'
import DigestService from '#notifications/services/digest_service'
import { mailQueue } from '#core/mail_queue'
import { NotificationDigestMail } from '#notifications/services/notification_mails'
import { unsubscribeToken } from '#notifications/services/unsubscribe_tokens'
import type { NotificationKind } from '#notifications/notification_rules'

/**
 * Business days are New York's (decision 0021). 2030-05-06 is a Monday: 23:30 in New York is
 * 03:30 UTC on the 7th, still Monday's business day; 00:30 New York on the 7th is Tuesday's.
 */
const ny = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' })
const clock = new FixedClock(ny('2030-05-06T09:00'))

test.group('Notification centre: the daily digest', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    app.container.swap(Clock, () => clock)
    const fake = mail.fake()
    return async () => {
      await mailQueue.idle()
      fake.mails.clear()
      mail.restore()
      app.container.restore(Clock)
    }
  })

  test('one mail per user with the unread digest-kind notifications of the business day that ended, once', async ({
    assert,
  }) => {
    const { mails } = mail.fake()
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const notifications = await app.container.make(NotificationService)
    await notifications.setPreferences(carrier.id, [
      { kind: 'offer', channel: 'email_digest' },
      { kind: 'payout', channel: 'email_digest' },
    ])
    await notifications.setPreferences(shipper.id, [{ kind: 'offer', channel: 'email_digest' }])
    const at = async (iso: string, userId: number, kind: NotificationKind, title: string) => {
      clock.set(ny(iso))
      return notifications.notify(userId, { kind, title, body: `${title}.`, link: '/carrier' })
    }
    // Monday, business time: two for the digest, one read, one of an in-app kind.
    await at('2030-05-06T09:00', carrier.id, 'offer', 'Offer countered on load #1')
    await at('2030-05-06T23:30', carrier.id, 'payout', 'Payout for TRT-001 released')
    const read = await at('2030-05-06T12:00', carrier.id, 'offer', 'Offer declined on load #2')
    await notifications.markRead(carrier.id, read!.id)
    await at('2030-05-06T13:00', carrier.id, 'booking', 'Booking TRT-001 is in transit')
    // Tuesday (already, in New York): tomorrow's digest.
    await at('2030-05-07T00:30', carrier.id, 'offer', 'Offer made on load #3')

    // The job runs in the night of Monday to Tuesday, New York time, before midnight: nothing.
    clock.set(ny('2030-05-06T23:59'))
    const digests = await app.container.make(DigestService)
    assert.deepEqual(await digests.run(), { users: 0, notifications: 0 })
    assert.lengthOf(mails.sent(), 0)

    // Tuesday 01:00 New York (05:00 UTC): Monday's digest goes out.
    clock.set(ny('2030-05-07T01:00'))
    assert.deepEqual(await digests.run(), { users: 1, notifications: 2 })
    assert.lengthOf(mails.sent(), 1)
    mails.assertSent(NotificationDigestMail, ({ message }) => {
      message.assertTo(carrier.email)
      message.assertSubject('Your PalletLine digest for 2030-05-06: 2 unread notifications')
      const text = String(message.toJSON().message.text)
      assert.include(text, 'Offer countered on load #1')
      assert.include(text, 'Payout for TRT-001 released')
      assert.notInclude(text, 'Offer declined on load #2')
      assert.notInclude(text, 'Booking TRT-001 is in transit')
      assert.notInclude(text, 'Offer made on load #3')
      assert.include(
        text,
        `/api/notifications/unsubscribe/${unsubscribeToken(carrier.id, 'offer')}`
      )
      assert.include(
        text,
        `/api/notifications/unsubscribe/${unsubscribeToken(carrier.id, 'payout')}`
      )
      message.assertHeader('List-Unsubscribe-Post', 'List-Unsubscribe=One-Click')
      assert.match(
        String((message.toJSON().message.headers as any)['List-Unsubscribe']),
        /^<https?:\/\/[^>]+\/api\/notifications\/unsubscribe\/[^>]+>$/
      )
      return true
    })
    const mailed = await db
      .from('notifications')
      .where('user_id', carrier.id)
      .whereNotNull('mailed_at')
      .select('title')
    assert.sameMembers(
      mailed.map((r) => r.title),
      ['Offer countered on load #1', 'Payout for TRT-001 released']
    )

    // A second run the same day, or another instance's: nothing again.
    clock.set(ny('2030-05-07T02:00'))
    assert.deepEqual(await digests.run(), { users: 0, notifications: 0 })
    assert.lengthOf(mails.sent(), 1)

    // Wednesday: Tuesday's one.
    clock.set(ny('2030-05-08T01:00'))
    assert.deepEqual(await digests.run(), { users: 1, notifications: 1 })
  })
})
