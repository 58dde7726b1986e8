import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { AccountChangeNoticeMail } from '#accounts/services/account_notice_service'
import { makeUser, eachTestInTransaction } from '#tests/helpers'

const EMAIL = '/api/account/email'

test.group('PUT /api/account/email: bad input and who may call it', (group) => {
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

  test('each bad field is a 422 with its message and changes nothing', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const good = { email: 'dispatch@haulers.test', currentPassword: 'secret123' }
    for (const [patch, field, message] of [
      [{ email: undefined }, 'email', 'Invalid email address'],
      [{ email: '' }, 'email', 'Invalid email address'],
      [{ email: 42 }, 'email', 'Invalid email address'],
      [{ email: 'dispatch@' }, 'email', 'Invalid email address'],
      [{ email: `${'x'.repeat(250)}@haulers.test` }, 'email', 'Invalid email address'],
      [{ currentPassword: undefined }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: '' }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: 12345 }, 'currentPassword', 'Current password is required'],
    ] as const) {
      const res = await client
        .put(EMAIL)
        .json({ ...good, ...patch })
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(
        res.body().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [[field, message]],
        JSON.stringify(patch)
      )
    }
    const after = await User.findOrFail(user.id)
    assert.equal(after.email, 'cora@haulers.test')
    assert.equal(after.username, 'cora@haulers.test')
    assert.equal(noticesSent(), 0)
    assert.lengthOf(await db.from('payout_holds'), 0)
  })

  test('an email that is another account’s username is taken', async ({ client, assert }) => {
    const other = await makeUser('shipper', { email: 'sam@shipper.test' })
    other.username = 'dispatch@haulers.test'
    await other.save()
    const user = await makeUser('shipper', { email: 'pat@shipper.test' })
    const res = await client
      .put(EMAIL)
      .json({ email: 'Dispatch@Haulers.test', currentPassword: 'secret123' })
      .loginAs(user)
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors[0], {
      field: 'email',
      message: 'An account with this email already exists',
      rule: res.body().errors[0].rule,
    })
    assert.equal((await User.findOrFail(user.id)).email, 'pat@shipper.test')
    assert.equal(noticesSent(), 0)
  })

  test('a username distinct from the email stays; the notice goes to the old address', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('shipper', { email: 'pat@shipper.test' })
    user.username = 'pat-the-shipper'
    await user.save()
    const res = await client
      .put(EMAIL)
      .json({ email: 'pat@newco.test', currentPassword: 'secret123' })
      .loginAs(user)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().email, 'pat@newco.test')
    assert.equal(res.body().username, 'pat-the-shipper')
    assert.equal(noticesSent(), 1)
    fake.mails.assertSent(AccountChangeNoticeMail, ({ message }) => {
      message.assertTo('pat@shipper.test')
      return true
    })
    assert.lengthOf(await db.from('payout_holds'), 0)
  })

  test('anonymous is a 401; no CSRF token a 403; a bearer token cannot change the email', async ({
    client,
    assert,
  }) => {
    const body = { email: 'new@haulers.test', currentPassword: 'secret123' }
    const anonymous = await client.put(EMAIL).json(body).withCsrfToken()
    anonymous.assertStatus(401)
    const user = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const noCsrf = await client.put(EMAIL).json(body).loginAs(user)
    noCsrf.assertStatus(403)
    const token = await User.accessTokens.create(user, ['*'], { expiresIn: '1 day' })
    const bearer = await client
      .put(EMAIL)
      .json(body)
      .header('authorization', `Bearer ${token.value!.release()}`)
      .withCsrfToken()
    bearer.assertStatus(401)
    assert.equal((await User.findOrFail(user.id)).email, 'cora@haulers.test')
    assert.equal(noticesSent(), 0)
    assert.lengthOf(await db.from('payout_holds'), 0)
  })
})
