import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { AccountChangeNoticeMail } from '#accounts/services/account_notice_service'
import { carrierOf } from '#tests/factories'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { makeCarrier } from '#payments/tests/payout_fixtures'

const REPLACE = '/api/carrier/payout-account/replace'
const HOLD = '/api/carrier/payout-hold'

test.group('Replacing the payout account: bad input and who may', (group) => {
  eachTestInTransaction(group)
  let fake: ReturnType<typeof mail.fake>
  group.each.setup(() => {
    fake = mail.fake()
    return () => {
      fake.mails.clear()
      mail.restore()
    }
  })

  const noticesSent = () => fake.mails.sent((m) => m instanceof AccountChangeNoticeMail).length

  test('a missing, empty or non-text password is a 422 and changes nothing', async ({
    client,
    assert,
  }) => {
    const { user, accountId } = await makeCarrier()
    for (const body of [{}, { currentPassword: '' }, { currentPassword: 42 }, []]) {
      const res = await client.post(REPLACE).json(body).loginAs(user).withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(
        res.body().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [['currentPassword', 'Current password is required']],
        JSON.stringify(body)
      )
    }
    assert.equal((await carrierOf(user)).stripeAccountId, accountId)
    assert.lengthOf(await db.from('payout_holds'), 0)
    assert.equal(noticesSent(), 0)
    const hold = await client.get(HOLD).loginAs(user)
    hold.assertStatus(200)
    assert.deepEqual(hold.body(), { hold: null })
  })

  test('shippers, admins and carriers not approved are refused; anonymous is a 401', async ({
    client,
    assert,
  }) => {
    const body = { currentPassword: 'secret123' }
    const anonymous = await client.post(REPLACE).json(body).withCsrfToken()
    anonymous.assertStatus(401)
    const anonymousHold = await client.get(HOLD)
    anonymousHold.assertStatus(401)

    const pending = await makeUser('carrier', { isApproved: false, approvalStatus: 'pending' })
    const shipper = await makeUser('shipper')
    const admin = await makeUser('admin', { twoFactor: false })
    for (const user of [pending, shipper, admin]) {
      const res = await client.post(REPLACE).json(body).loginAs(user).withCsrfToken()
      assert.equal(res.status(), 403, user.role)
      const hold = await client.get(HOLD).loginAs(user)
      assert.equal(hold.status(), 403, user.role)
    }
    assert.lengthOf(await db.from('payout_holds'), 0)
    assert.equal(noticesSent(), 0)
  })

  test('no CSRF token is a 403 and changes nothing', async ({ client, assert }) => {
    const { user, accountId } = await makeCarrier()
    const res = await client.post(REPLACE).json({ currentPassword: 'secret123' }).loginAs(user)
    res.assertStatus(403)
    assert.equal((await carrierOf(user)).stripeAccountId, accountId)
    assert.lengthOf(await db.from('payout_holds'), 0)
  })

  test('the hold a replacement starts is the one GET /api/carrier/payout-hold answers', async ({
    client,
    assert,
  }) => {
    const { user } = await makeCarrier()
    // A moment with milliseconds: the stored hold (whole seconds on SQLite) and the answer agree.
    const clock = new FixedClock(DateTime.fromISO('2026-03-02T15:04:05.678Z'))
    app.container.swap(Clock, () => clock)
    try {
      const res = await client
        .post(REPLACE)
        .json({ currentPassword: 'secret123' })
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(200)
      const hold = await client.get(HOLD).loginAs(user)
      hold.assertStatus(200)
      assert.equal(hold.body().hold.kind, 'payout_account')
      // Exactly: the hold ends on a whole second, never before the time the carrier was told.
      assert.equal(Date.parse(hold.body().hold.endsAt), Date.parse(res.body().payoutsHeldUntil))
      assert.equal(Date.parse(res.body().payoutsHeldUntil), Date.parse('2026-03-05T15:04:06Z'))
      assert.equal(hold.body().hold.noticeSentTo, (await User.findOrFail(user.id)).email)
    } finally {
      app.container.restore(Clock)
    }
  })
})
