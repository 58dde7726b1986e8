/*
 * Password reset by link (docs/decisions/0216): "Forgot password?" answers the same for any
 * address and mails a one-time link to an account's address; the link sets a new password once,
 * ends every session, clears a sign-in lock and tells the account's address.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { DateTime } from 'luxon'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#accounts/models/user'
import { AccountChangeNoticeMail } from '#accounts/services/account_notice_service'
import LoginThrottle, { LOGIN_LIMITS } from '#accounts/services/login_throttle'
import { PasswordResetMail } from '#accounts/services/password_reset_mail'
import {
  PASSWORD_SET,
  RESET_LINK_NOT_VALID,
  RESET_LINK_SPENT,
  RESET_REQUESTED,
  hashResetToken,
  passwordResetsSettled,
} from '#accounts/services/password_reset_service'
import { PASSWORD_TOO_COMMON, PASSWORD_TOO_SHORT } from '#accounts/validators/password_rules'
import { PASSWORD_FORGOT_LIMITS } from '#accounts/routes'
import { Clock, FixedClock } from '#core/clock'
import { Browserless, baseUrl, eachTestInTransaction, makeUser } from '#tests/helpers'

const FORGOT = '/api/password/forgot'
const RESET = '/api/password/reset'
const NEW_PASSWORD = 'violet-harbor-tractor-42'
const ASKED_AT = DateTime.fromISO('2026-02-04T14:30:00Z')

type Fake = ReturnType<typeof mail.fake>

/** The token of the newest reset link mailed to `to`. */
export function resetTokenMailedTo(fake: Fake, to: string): string {
  const sent = fake.mails.sent((m) => m instanceof PasswordResetMail && m.message.hasTo(to))
  if (sent.length === 0) throw new Error(`no password reset mail to ${to}`)
  const text = String(sent[sent.length - 1].message.toJSON().message.text)
  return /\/reset-password\?token=([\w-]+)/.exec(text)![1]
}

function setup(group: Parameters<typeof eachTestInTransaction>[0]) {
  eachTestInTransaction(group)
  const state: { fake: Fake; clock: FixedClock } = {} as any
  group.each.setup(() => {
    state.fake = mail.fake()
    state.clock = new FixedClock(ASKED_AT)
    app.container.swap(Clock, () => state.clock)
    return async () => {
      await passwordResetsSettled()
      state.fake.mails.clear()
      mail.restore()
      app.container.restore(Clock)
    }
  })
  return state
}

async function forgot(client: any, email: unknown) {
  const res = await client.post(FORGOT).json({ email }).withCsrfToken()
  await passwordResetsSettled()
  return res
}

test.group('POST /api/password/forgot', (group) => {
  const state = setup(group)

  test('the link goes to the app, never to the host the request named (a forged Host)', async ({
    client,
    assert,
  }) => {
    await makeUser('shipper', { email: 'hana@shipper.test' })
    const res = await client
      .post(FORGOT)
      .header('host', 'evil.example')
      .header('x-forwarded-host', 'evil.example')
      .json({ email: 'hana@shipper.test' })
      .withCsrfToken()
    await passwordResetsSettled()
    res.assertStatus(202)
    const sent = state.fake.mails.sent((m) => m instanceof PasswordResetMail)
    assert.lengthOf(sent, 1)
    const message = sent[0].message.toJSON().message
    assert.notInclude(`${message.text} ${message.html}`, 'evil.example')
    assert.match(String(message.text), /https?:\/\/[^\s/]+\/reset-password\?token=/)
  })

  test('the same 202 for any address; a link only to an account’s, stored hashed', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const known = await forgot(client, 'Cora@Haulers.test')
    const unknown = await forgot(client, 'nobody@haulers.test')
    known.assertStatus(202)
    unknown.assertStatus(202)
    assert.deepEqual(known.body(), { message: RESET_REQUESTED })
    assert.deepEqual(unknown.body(), known.body())

    const sent = state.fake.mails.sent((m) => m instanceof PasswordResetMail)
    assert.lengthOf(sent, 1)
    sent[0].message.assertTo('cora@haulers.test')
    sent[0].message.assertSubject('Set a new PalletLine password')
    const token = resetTokenMailedTo(state.fake, 'cora@haulers.test')
    const rows = await db.from('password_resets')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].user_id, user.id)
    assert.equal(rows[0].token_hash, hashResetToken(token))
    assert.notInclude(JSON.stringify(rows), token)
    assert.isNull(rows[0].admin_user_id)
  })

  test('a new request replaces the earlier link', async ({ client, assert }) => {
    await makeUser('shipper', { email: 'sam@shippers.test' })
    await forgot(client, 'sam@shippers.test')
    const first = resetTokenMailedTo(state.fake, 'sam@shippers.test')
    await forgot(client, 'sam@shippers.test')
    const second = resetTokenMailedTo(state.fake, 'sam@shippers.test')
    assert.notEqual(first, second)
    const old = await client
      .post(RESET)
      .json({ token: first, password: NEW_PASSWORD })
      .withCsrfToken()
    old.assertStatus(422)
    assert.deepEqual(old.body().errors, [
      { field: 'token', message: RESET_LINK_SPENT, rule: 'unspent' },
    ])
    ;(
      await client.post(RESET).json({ token: second, password: NEW_PASSWORD }).withCsrfToken()
    ).assertStatus(200)
  })

  test('bad input is a 422 naming email', async ({ client, assert }) => {
    for (const body of [{}, { email: '' }, { email: 'not-an-address' }, { email: 42 }]) {
      const res = await client.post(FORGOT).json(body).withCsrfToken()
      res.assertStatus(422)
      assert.equal(res.body().errors[0].field, 'email', JSON.stringify(body))
    }
    assert.lengthOf(state.fake.mails.sent(), 0)
  })

  test('throttled per address and per IP address', async ({ client, assert }) => {
    await makeUser('shipper', { email: 'sam@shippers.test' })
    for (let i = 0; i < PASSWORD_FORGOT_LIMITS.address.requests; i++) {
      ;(await forgot(client, 'sam@shippers.test')).assertStatus(202)
    }
    const limited = await forgot(client, 'SAM@shippers.test')
    limited.assertStatus(429)
    assert.exists(limited.header('retry-after'))
    // Unknown addresses are counted alike: a 429 tells nothing about who has an account.
    for (let i = 0; i < PASSWORD_FORGOT_LIMITS.address.requests; i++) {
      ;(await forgot(client, 'ghost@shippers.test')).assertStatus(202)
    }
    ;(await forgot(client, 'ghost@shippers.test')).assertStatus(429)

    await limiter.clear()
    for (let i = 0; i < PASSWORD_FORGOT_LIMITS.ip.requests; i++) {
      ;(await forgot(client, `walker${i}@shippers.test`)).assertStatus(202)
    }
    ;(await forgot(client, 'walker-last@shippers.test')).assertStatus(429)
    await limiter.clear()
  })
})

test.group('POST /api/password/reset', (group) => {
  const state = setup(group)

  test('sets the password once, ends every session, clears the lock, tells the address', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const browser = new Browserless(baseUrl())
    assert.equal((await browser.signIn(user.email)).status, 200)
    assert.equal((await browser.request('GET', '/api/account/email')).status, 200)
    // Locked by failed sign-ins from elsewhere (decision 0211).
    const throttle = await app.container.make(LoginThrottle)
    for (let i = 0; i < LOGIN_LIMITS.account.requests; i++) {
      await assert.rejects(() =>
        throttle.attempt({ username: user.email, ip: `203.0.113.${i}`, knownDevice: false }, () =>
          Promise.reject(new authErrors.E_INVALID_CREDENTIALS('bad'))
        )
      )
    }
    assert.isNotNull((await User.findOrFail(user.id)).lockedUntil)

    await forgot(client, user.email)
    const token = resetTokenMailedTo(state.fake, user.email)
    const res = await client.post(RESET).json({ token, password: NEW_PASSWORD }).withCsrfToken()
    res.assertStatus(200)
    assert.deepEqual(res.body(), { message: PASSWORD_SET })

    assert.equal((await browser.request('GET', '/api/account/email')).status, 401)
    assert.isNull((await User.findOrFail(user.id)).lockedUntil)
    const fresh = new Browserless(baseUrl())
    assert.equal((await fresh.signIn(user.email)).status, 401)
    assert.equal((await fresh.signIn(user.email, NEW_PASSWORD)).status, 200)
    const notices = state.fake.mails.sent((m) => m instanceof AccountChangeNoticeMail)
    assert.lengthOf(notices, 1)
    notices[0].message.assertTo(user.email)
    notices[0].message.assertSubject('Your PalletLine password was reset')
    notices[0].message.assertTextIncludes('Every device signed in to your account was signed out.')
    // No payout hold for a password (decision 0098 lists what holds).
    assert.lengthOf(await db.from('payout_holds'), 0)

    const again = await client
      .post(RESET)
      .json({ token, password: 'another-long-phrase-77' })
      .withCsrfToken()
    again.assertStatus(422)
    assert.equal(again.body().errors[0].message, RESET_LINK_SPENT)
  })

  test('an expired link is refused', async ({ client, assert }) => {
    await makeUser('shipper', { email: 'sam@shippers.test' })
    await forgot(client, 'sam@shippers.test')
    const token = resetTokenMailedTo(state.fake, 'sam@shippers.test')
    state.clock = new FixedClock(ASKED_AT.plus({ minutes: 60 }))
    const res = await client.post(RESET).json({ token, password: NEW_PASSWORD }).withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors, [
      { field: 'token', message: RESET_LINK_SPENT, rule: 'unspent' },
    ])
  })

  test('bad input is a 422 naming the field; nothing changes', async ({ client, assert }) => {
    const user = await makeUser('shipper', { email: 'sam@shippers.test' })
    await forgot(client, 'sam@shippers.test')
    const token = resetTokenMailedTo(state.fake, 'sam@shippers.test')
    const cases: [Record<string, unknown>, string, string][] = [
      [{ password: NEW_PASSWORD }, 'token', RESET_LINK_NOT_VALID],
      [{ token: '', password: NEW_PASSWORD }, 'token', RESET_LINK_NOT_VALID],
      [{ token: 42, password: NEW_PASSWORD }, 'token', RESET_LINK_NOT_VALID],
      [{ token: 'x'.repeat(201), password: NEW_PASSWORD }, 'token', RESET_LINK_NOT_VALID],
      [{ token: 'no-such-token', password: NEW_PASSWORD }, 'token', RESET_LINK_NOT_VALID],
      [{ token }, 'password', PASSWORD_TOO_SHORT],
      [{ token, password: 'short' }, 'password', PASSWORD_TOO_SHORT],
      [{ token, password: 42 }, 'password', PASSWORD_TOO_SHORT],
      [{ token, password: 'x'.repeat(201) }, 'password', 'Password must be at most 200 characters'],
      [{ token, password: 'PASSWORD1234' }, 'password', PASSWORD_TOO_COMMON],
    ]
    for (const [body, field, message] of cases) {
      const res = await client.post(RESET).json(body).withCsrfToken()
      res.assertStatus(422)
      const error = res.body().errors.find((e: any) => e.field === field)
      assert.equal(error?.message, message, JSON.stringify(body))
    }
    // The link still works: a refused attempt did not spend it.
    ;(
      await client.post(RESET).json({ token, password: NEW_PASSWORD }).withCsrfToken()
    ).assertStatus(200)
    assert.isTrue(await (await User.findOrFail(user.id)).verifyPassword(NEW_PASSWORD))
  })
})
