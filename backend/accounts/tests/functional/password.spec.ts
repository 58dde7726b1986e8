import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { AccountChangeNoticeMail } from '#accounts/services/account_notice_service'
import { Clock, FixedClock } from '#core/clock'
import {
  Browserless,
  baseUrl,
  makeUser,
  startServer,
  eachTestInTransaction,
  resetDatabase,
} from '#tests/helpers'

const CHANGE = '/api/account/password'

async function signedIn(email: string, password = 'secret123', url = baseUrl()) {
  const browser = new Browserless(url)
  const res = await browser.request('POST', '/api/login', { username: email, password })
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`)
  return browser
}

/** Any fixed moment: the mail tells it in the business's time. */
const CHANGED_AT = DateTime.fromISO('2026-02-04T14:30:00Z')

test.group('PUT /api/account/password', (group) => {
  eachTestInTransaction(group)
  let fake: ReturnType<typeof mail.fake>
  group.each.setup(() => {
    fake = mail.fake()
    app.container.swap(Clock, () => new FixedClock(CHANGED_AT))
    return () => {
      fake.mails.clear()
      mail.restore()
      app.container.restore(Clock)
    }
  })

  test('a password set before the 12-character rule still signs in and can be changed', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'old@shipper.test', password: 'abc123' })
    const browser = await signedIn('old@shipper.test', 'abc123')
    const res = await browser.request('PUT', CHANGE, {
      currentPassword: 'abc123',
      newPassword: 'a much longer one',
    })
    assert.equal(res.status, 204)
    await signedIn('old@shipper.test', 'a much longer one')
  })

  test('the account’s address is told when, and what to do if it was not its owner', async ({
    assert,
  }) => {
    await makeUser('carrier', { email: 'mail@haulers.test', isApproved: true })
    const browser = await signedIn('mail@haulers.test')
    const res = await browser.request('PUT', CHANGE, {
      currentPassword: 'secret123',
      newPassword: 'n3w-long-secret',
    })
    assert.equal(res.status, 204)
    const sent = fake.mails.sent((m) => m instanceof AccountChangeNoticeMail)
    assert.lengthOf(sent, 1)
    fake.mails.assertSent(AccountChangeNoticeMail, ({ message }) => {
      message.assertTo('mail@haulers.test')
      message.assertSubject('Your PalletLine password was changed')
      message.assertTextIncludes(
        'The password of your PalletLine account was changed on Feb 4, 2026, 9:30 AM EST.'
      )
      message.assertTextIncludes('Every other device signed in to your account was signed out.')
      message.assertTextIncludes('If you did not, someone else may be using your account')
      return true
    })
    // A password change holds no payouts (docs/decisions/0098 lists what does).
    assert.lengthOf(await db.from('payout_holds'), 0)
  })

  test('changes the password: the new one signs in, the old one no longer does', async ({
    assert,
  }) => {
    await makeUser('carrier', { email: 'pat@haulers.test', isApproved: false })
    const browser = await signedIn('pat@haulers.test')
    const res = await browser.request('PUT', CHANGE, {
      currentPassword: 'secret123',
      newPassword: 'n3w-long-secret',
    })
    assert.equal(res.status, 204)
    const me = await browser.request('GET', '/api/user')
    assert.equal(me.status, 200)

    const old = new Browserless(baseUrl())
    const refused = await old.request('POST', '/api/login', {
      username: 'pat@haulers.test',
      password: 'secret123',
    })
    assert.equal(refused.status, 401)
    await signedIn('pat@haulers.test', 'n3w-long-secret')
  })

  test('a wrong current password, or a short or common new one, is a 422 and changes nothing', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'sam@shipper.test' })
    const browser = await signedIn('sam@shipper.test')
    for (const [body, field, message] of [
      [
        { currentPassword: 'wrong-one', newPassword: 'n3w-long-secret' },
        'currentPassword',
        'Current password is incorrect',
      ],
      [
        { currentPassword: 'secret123', newPassword: 'n3w-secret1' },
        'newPassword',
        'Password must be at least 12 characters',
      ],
      [
        { currentPassword: 'secret123', newPassword: 'PasswordPassword' },
        'newPassword',
        'This password is too common: choose one that is harder to guess',
      ],
      [{ currentPassword: 'secret123' }, 'newPassword', 'Password must be at least 12 characters'],
      [
        { currentPassword: 'secret123', newPassword: 'x'.repeat(201) },
        'newPassword',
        'Password must be at most 200 characters',
      ],
      [{ newPassword: 'n3w-long-secret' }, 'currentPassword', 'Current password is required'],
    ] as const) {
      const res = await browser.request('PUT', CHANGE, body)
      assert.equal(res.status, 422)
      assert.deepInclude(
        res.body.errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [field, message]
      )
    }
    await signedIn('sam@shipper.test')
    assert.lengthOf(fake.mails.sent(), 0)
  })

  test('guessing the current password here is throttled like signing in', async ({ assert }) => {
    await makeUser('shipper', { email: 'guess@shipper.test' })
    const browser = await signedIn('guess@shipper.test')
    const statuses: number[] = []
    for (let i = 0; i < 7; i++) {
      const res = await browser.request('PUT', CHANGE, {
        currentPassword: `guess-${i}`,
        newPassword: 'n3w-long-secret',
      })
      statuses.push(res.status)
    }
    assert.deepEqual(statuses.slice(0, 5), [422, 422, 422, 422, 422])
    assert.deepEqual(statuses.slice(5), [429, 429])
  })

  test('signed out is a 401; without the CSRF token a 403', async ({ assert }) => {
    const anonymous = new Browserless(baseUrl())
    const out = await anonymous.request('PUT', CHANGE, {
      currentPassword: 'secret123',
      newPassword: 'n3w-long-secret',
    })
    assert.equal(out.status, 401)

    await makeUser('shipper', { email: 'csrf@shipper.test' })
    const browser = await signedIn('csrf@shipper.test')
    const forged = await browser.request(
      'PUT',
      CHANGE,
      { currentPassword: 'secret123', newPassword: 'n3w-long-secret' },
      { csrf: false }
    )
    assert.equal(forged.status, 403)
  })

  test('a password change ends every other session of the user, not the current one', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'two@devices.test' })
    const bystander = await makeUser('shipper', { email: 'by@stander.test' })
    const laptop = await signedIn('two@devices.test')
    const phone = await signedIn('two@devices.test')
    const other = await signedIn(bystander.email)
    const res = await laptop.request('PUT', CHANGE, {
      currentPassword: 'secret123',
      newPassword: 'n3w-long-secret',
    })
    assert.equal(res.status, 204)
    assert.equal((await laptop.request('GET', '/api/user')).status, 200)
    const stale = await phone.request('GET', '/api/user')
    assert.equal(stale.status, 401)
    assert.equal((await other.request('GET', '/api/user')).status, 200)
  })
})

test.group('PUT /api/account/password (database session store)', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(90_000)

  test('other sessions end and their captured cookies cannot be replayed', async ({ assert }) => {
    await makeUser('carrier', { email: 'stolen@cookie.test', isApproved: true })
    const server = await startServer(Number(process.env.PORT) + 101, {
      SESSION_DRIVER: 'database',
    })
    try {
      const owner = await signedIn('stolen@cookie.test', 'secret123', server.url)
      const thief = await signedIn('stolen@cookie.test', 'secret123', server.url)
      const captured = new Map(thief.cookies)
      const [{ count }] = await db.from('sessions').whereNotNull('user_id').count('* as count')
      assert.equal(Number(count), 2)

      const res = await owner.request('PUT', CHANGE, {
        currentPassword: 'secret123',
        newPassword: 'n3w-long-secret',
      })
      assert.equal(res.status, 204)
      assert.equal((await owner.request('GET', '/api/user')).status, 200)
      const replay = new Browserless(server.url)
      replay.cookies = captured
      assert.equal((await replay.request('GET', '/api/user')).status, 401)
      const left = await db.from('sessions').whereNotNull('user_id').select('id')
      assert.lengthOf(left, 1)
    } finally {
      await server.stop()
    }
  })
})
