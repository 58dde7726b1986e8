import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import User from '#accounts/models/user'
import { AccountChangeNoticeMail } from '#accounts/services/account_notice_service'
import {
  EmailChangeConfirmationMail,
  EmailChangeRequestedMail,
} from '#accounts/services/email_change_mail'
import { Clock, FixedClock } from '#core/clock'
import { makeUser, eachTestInTransaction } from '#tests/helpers'

const EMAIL = '/api/account/email'
const CONFIRM = '/api/account/email/confirm'
const RESEND = '/api/account/email/resend'
const PENDING = '/api/account/email/pending'

/** Any fixed moment: the link's life is measured from it on the injected clock. */
const ASKED_AT = DateTime.fromISO('2026-02-04T14:30:00Z')

type Fake = ReturnType<typeof mail.fake>

/** The token of the newest confirmation link mailed to `to`. */
function tokenMailedTo(fake: Fake, to: string): string {
  const sent = fake.mails.sent(
    (m) => m instanceof EmailChangeConfirmationMail && m.message.hasTo(to)
  )
  if (sent.length === 0) throw new Error(`no confirmation mail to ${to}`)
  const text = String(sent[sent.length - 1].message.toJSON().message.text)
  return /\/confirm-email#token=([\w-]+)/.exec(text)![1]
}

function setup(group: Parameters<typeof eachTestInTransaction>[0]) {
  eachTestInTransaction(group)
  const state: { fake: Fake; clock: FixedClock } = {} as any
  group.each.setup(() => {
    state.fake = mail.fake()
    state.clock = new FixedClock(ASKED_AT)
    app.container.swap(Clock, () => state.clock)
    return () => {
      state.fake.mails.clear()
      mail.restore()
      app.container.restore(Clock)
    }
  })
  return state
}

test.group('PUT /api/account/email: a link to the new address, nothing changed yet', (group) => {
  const state = setup(group)

  test('the change waits; the link goes to the NEW address, a notice to the old, the token is stored hashed', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const res = await client
      .put(EMAIL)
      .json({ email: 'Dispatch@Haulers.test', currentPassword: 'secret123' })
      .loginAs(user)
      .withCsrfToken()
    res.assertStatus(202)
    const expected = {
      email: 'cora@haulers.test',
      pending: {
        email: 'dispatch@haulers.test',
        sentAt: ASKED_AT.toUTC().toISO(),
        expiresAt: ASKED_AT.plus({ hours: 24 }).toUTC().toISO(),
      },
    }
    assert.deepEqual(res.body(), expected)
    const read = await client.get(EMAIL).loginAs(user)
    read.assertStatus(200)
    assert.deepEqual(read.body(), expected)

    // Nothing changed: same email, same username, no payout hold, no change notice.
    const after = await User.findOrFail(user.id)
    assert.equal(after.email, 'cora@haulers.test')
    assert.equal(after.username, 'cora@haulers.test')
    assert.lengthOf(await db.from('payout_holds'), 0)
    assert.lengthOf(
      state.fake.mails.sent((m) => m instanceof AccountChangeNoticeMail),
      0
    )

    state.fake.mails.assertSent(EmailChangeConfirmationMail, ({ message }) => {
      message.assertTo('dispatch@haulers.test')
      message.assertSubject('Confirm your new PalletLine sign-in email')
      message.assertTextIncludes('Feb 5, 2026, 9:30 AM EST')
      message.assertTextIncludes('If you did not ask for this, ignore this mail')
      return true
    })
    state.fake.mails.assertSent(EmailChangeRequestedMail, ({ message }) => {
      message.assertTo('cora@haulers.test')
      message.assertSubject('A new sign-in email was requested for your PalletLine account')
      message.assertTextIncludes('dispatch@haulers.test')
      message.assertTextIncludes('Feb 4, 2026, 9:30 AM EST')
      message.assertTextIncludes('change your password')
      return true
    })
    assert.lengthOf(state.fake.mails.sent(), 2)

    const token = tokenMailedTo(state.fake, 'dispatch@haulers.test')
    const rows = await db.from('email_changes').where('user_id', user.id)
    assert.lengthOf(rows, 1)
    assert.notInclude(JSON.stringify(rows), token)
    assert.equal(rows[0].token_hash, createHash('sha256').update(token).digest('hex'))
  })

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
      [{ email: 'Cora@Haulers.test' }, 'email', 'This is already your email address'],
      [{ currentPassword: undefined }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: '' }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: 12345 }, 'currentPassword', 'Current password is required'],
      [{ currentPassword: 'not-my-password' }, 'currentPassword', 'Current password is incorrect'],
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
    assert.equal((await User.findOrFail(user.id)).email, 'cora@haulers.test')
    assert.lengthOf(state.fake.mails.sent(), 0)
    assert.lengthOf(await db.from('email_changes'), 0)
    assert.lengthOf(await db.from('payout_holds'), 0)
  })

  test('an email that is another account’s email or username is taken', async ({
    client,
    assert,
  }) => {
    const other = await makeUser('shipper', { email: 'sam@shipper.test' })
    other.username = 'dispatch@haulers.test'
    await other.save()
    const user = await makeUser('shipper', { email: 'pat@shipper.test' })
    for (const email of ['Dispatch@Haulers.test', 'sam@shipper.test']) {
      const res = await client
        .put(EMAIL)
        .json({ email, currentPassword: 'secret123' })
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(res.body().errors, [
        { field: 'email', message: 'An account with this email already exists', rule: 'unique' },
      ])
    }
    assert.lengthOf(state.fake.mails.sent(), 0)
    assert.lengthOf(await db.from('email_changes'), 0)
  })

  test('anonymous is a 401; no CSRF token a 403; a bearer token can do none of it', async ({
    client,
    assert,
  }) => {
    const body = { email: 'new@haulers.test', currentPassword: 'secret123' }
    const user = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const token = await User.accessTokens.create(user, ['*'], { expiresIn: '1 day' })
    const bearer = `Bearer ${token.value!.release()}`
    const calls = {
      anonymous: [
        client.get(EMAIL),
        client.put(EMAIL).json(body).withCsrfToken(),
        client.post(RESEND).withCsrfToken(),
        client.delete(PENDING).withCsrfToken(),
      ],
      noCsrf: [
        client.put(EMAIL).json(body).loginAs(user),
        client.post(RESEND).loginAs(user),
        client.delete(PENDING).loginAs(user),
      ],
      bearer: [
        client.get(EMAIL).header('authorization', bearer),
        client.put(EMAIL).json(body).header('authorization', bearer).withCsrfToken(),
        client.post(RESEND).header('authorization', bearer).withCsrfToken(),
        client.delete(PENDING).header('authorization', bearer).withCsrfToken(),
      ],
    }
    const statuses: Record<string, number[]> = {}
    for (const [who, requests] of Object.entries(calls)) {
      statuses[who] = []
      for (const request of requests) statuses[who].push((await request).status())
    }
    assert.deepEqual(statuses, {
      anonymous: [401, 401, 401, 401],
      noCsrf: [403, 403, 403],
      bearer: [401, 401, 401, 401],
    })
    assert.equal((await User.findOrFail(user.id)).email, 'cora@haulers.test')
    assert.lengthOf(state.fake.mails.sent(), 0)
    assert.lengthOf(await db.from('email_changes'), 0)
  })
})

test.group('POST /api/account/email/confirm: the link applies the change once', (group) => {
  const state = setup(group)

  async function ask(client: any, user: User, email: string) {
    const res = await client
      .put(EMAIL)
      .json({ email, currentPassword: 'secret123' })
      .loginAs(user)
      .withCsrfToken()
    res.assertStatus(202)
    return tokenMailedTo(state.fake, email)
  }

  test('following the link changes the email and username, tells the old address, holds a carrier’s payouts; only once', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const token = await ask(client, user, 'dispatch@haulers.test')
    state.clock.advance({ hours: 23, minutes: 59 })

    // Anyone holding the link: the browser that opens it need not be signed in.
    const res = await client.post(CONFIRM).json({ token }).withCsrfToken()
    res.assertStatus(200)
    assert.deepEqual(res.body(), { email: 'dispatch@haulers.test' })
    const after = await User.findOrFail(user.id)
    assert.equal(after.email, 'dispatch@haulers.test')
    assert.equal(after.username, 'dispatch@haulers.test')

    state.fake.mails.assertSent(AccountChangeNoticeMail, ({ message }) => {
      message.assertTo('cora@haulers.test')
      message.assertSubject('Your PalletLine email address was changed')
      message.assertTextIncludes('payouts to your company are held until Feb 8, 2026, 9:29 AM EST')
      return true
    })
    const holds = await db.from('payout_holds')
    assert.lengthOf(holds, 1)
    assert.equal(holds[0].kind, 'email')
    assert.equal(holds[0].notice_sent_to, 'cora@haulers.test')

    const again = await client.post(CONFIRM).json({ token }).withCsrfToken()
    again.assertStatus(409)
    assert.equal(again.body().message, 'This link has expired, was replaced or was already used')
    assert.lengthOf(await db.from('payout_holds'), 1)
    assert.lengthOf(
      state.fake.mails.sent((m) => m instanceof AccountChangeNoticeMail),
      1
    )
    assert.deepEqual((await client.get(EMAIL).loginAs(after)).body(), {
      email: 'dispatch@haulers.test',
      pending: null,
    })

    // The old address no longer signs in; the new one does.
    const oldLogin = await client
      .post('/api/login')
      .json({ username: 'cora@haulers.test', password: 'secret123' })
      .withCsrfToken()
    oldLogin.assertStatus(401)
    const newLogin = await client
      .post('/api/login')
      .json({ username: 'dispatch@haulers.test', password: 'secret123' })
      .withCsrfToken()
    newLogin.assertStatus(200)
  })

  test('a username distinct from the email stays; a shipper gets the notice and no hold', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('shipper', { email: 'pat@shipper.test' })
    user.username = 'pat-the-shipper'
    await user.save()
    const token = await ask(client, user, 'pat@newco.test')
    ;(await client.post(CONFIRM).json({ token }).withCsrfToken()).assertStatus(200)
    const after = await User.findOrFail(user.id)
    assert.equal(after.email, 'pat@newco.test')
    assert.equal(after.username, 'pat-the-shipper')
    state.fake.mails.assertSent(AccountChangeNoticeMail, ({ message }) => {
      message.assertTo('pat@shipper.test')
      return true
    })
    assert.lengthOf(await db.from('payout_holds'), 0)
  })

  test('an address taken meanwhile is a 409 and changes nothing', async ({ client, assert }) => {
    const user = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const token = await ask(client, user, 'dispatch@haulers.test')
    await makeUser('shipper', { email: 'dispatch@haulers.test' })
    const res = await client.post(CONFIRM).json({ token }).withCsrfToken()
    res.assertStatus(409)
    assert.equal(res.body().message, 'An account with this email already exists')
    assert.equal((await User.findOrFail(user.id)).email, 'cora@haulers.test')
    assert.lengthOf(await db.from('payout_holds'), 0)
    assert.lengthOf(
      state.fake.mails.sent((m) => m instanceof AccountChangeNoticeMail),
      0
    )
  })

  test('an expired, replaced or cancelled link is a 409; an unknown one a 404', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const spent = 'This link has expired, was replaced or was already used'

    const expired = await ask(client, user, 'one@haulers.test')
    state.clock.advance({ hours: 24 })
    const late = await client.post(CONFIRM).json({ token: expired }).withCsrfToken()
    late.assertStatus(409)
    assert.equal(late.body().message, spent)
    assert.deepEqual((await client.get(EMAIL).loginAs(user)).body().pending, null)

    const replaced = await ask(client, user, 'two@haulers.test')
    const current = await ask(client, user, 'three@haulers.test')
    const stale = await client.post(CONFIRM).json({ token: replaced }).withCsrfToken()
    stale.assertStatus(409)
    assert.equal(stale.body().message, spent)
    assert.equal((await client.get(EMAIL).loginAs(user)).body().pending.email, 'three@haulers.test')

    const cancelled = await client.delete(PENDING).loginAs(user).withCsrfToken()
    cancelled.assertStatus(200)
    assert.deepEqual(cancelled.body(), { email: 'cora@haulers.test', pending: null })
    ;(await client.post(CONFIRM).json({ token: current }).withCsrfToken()).assertStatus(409)
    // Cancelling when nothing waits is not an error.
    ;(await client.delete(PENDING).loginAs(user).withCsrfToken()).assertStatus(200)

    const unknown = await client
      .post(CONFIRM)
      .json({ token: 'x'.repeat(32) })
      .withCsrfToken()
    unknown.assertStatus(404)
    assert.equal(unknown.body().message, 'This confirmation link is not valid')
    assert.equal((await User.findOrFail(user.id)).email, 'cora@haulers.test')
    assert.lengthOf(await db.from('payout_holds'), 0)
  })

  test('a bad token is a 422 naming the field; without a CSRF token a 403', async ({
    client,
    assert,
  }) => {
    for (const [body, message] of [
      [{}, 'The confirmation token is missing'],
      [{ token: '' }, 'The confirmation token is missing'],
      [{ token: 42 }, 'This confirmation link is not valid'],
      [{ token: 'x'.repeat(201) }, 'This confirmation link is not valid'],
    ] as const) {
      const res = await client.post(CONFIRM).json(body).withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(
        res.body().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [['token', message]],
        JSON.stringify(body)
      )
    }
    const user = await makeUser('shipper', { email: 'pat@shipper.test' })
    const token = await ask(client, user, 'pat@newco.test')
    ;(await client.post(CONFIRM).json({ token }).loginAs(user)).assertStatus(403)
    assert.equal((await User.findOrFail(user.id)).email, 'pat@shipper.test')
  })

  test('resend mails a new link and the earlier one stops working; with nothing pending a 409', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('shipper', { email: 'pat@shipper.test' })
    const none = await client.post(RESEND).loginAs(user).withCsrfToken()
    none.assertStatus(409)
    assert.equal(none.body().message, 'No email change is waiting for confirmation')

    const first = await ask(client, user, 'pat@newco.test')
    state.clock.advance({ hours: 20 })
    const res = await client.post(RESEND).loginAs(user).withCsrfToken()
    res.assertStatus(202)
    assert.deepEqual(res.body(), {
      email: 'pat@shipper.test',
      pending: {
        email: 'pat@newco.test',
        sentAt: ASKED_AT.plus({ hours: 20 }).toUTC().toISO(),
        expiresAt: ASKED_AT.plus({ hours: 44 }).toUTC().toISO(),
      },
    })
    assert.lengthOf(
      state.fake.mails.sent((m) => m instanceof EmailChangeConfirmationMail),
      2
    )
    const second = tokenMailedTo(state.fake, 'pat@newco.test')
    assert.notEqual(second, first)
    ;(await client.post(CONFIRM).json({ token: first }).withCsrfToken()).assertStatus(409)

    state.clock.advance({ hours: 23 }) // past the first link's day, within the new one's
    ;(await client.post(CONFIRM).json({ token: second }).withCsrfToken()).assertStatus(200)
    assert.equal((await User.findOrFail(user.id)).email, 'pat@newco.test')
  })
})
