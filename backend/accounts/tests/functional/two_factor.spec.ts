import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import encryption from '@adonisjs/core/services/encryption'
import { DateTime } from 'luxon'
import User from '#accounts/models/user'
import { codeForStep, stepAt } from '#accounts/services/totp'
import {
  Browserless,
  TEST_TOTP_SECRET,
  baseUrl,
  eachTestInTransaction,
  enrolTwoFactor,
  makeUser,
} from '#tests/helpers'
import { fixClock, restoreClock } from '#payments/tests/payout_fixtures'

const NOW = DateTime.fromISO('2026-03-04T15:00:10Z')
const codeAt = (at: DateTime, secret = TEST_TOTP_SECRET) =>
  codeForStep(secret, stepAt(at.toMillis()))

async function signedIn(email: string) {
  const browser = new Browserless(baseUrl())
  const res = await browser.request('POST', '/api/login', {
    username: email,
    password: 'secret123',
  })
  return { browser, res }
}

test.group('Two-factor sign-in: enrolment in Settings', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    fixClock(NOW)
    return () => restoreClock()
  })

  test('setup shows a secret and its QR code; the first code turns it on with ten recovery codes', async ({
    assert,
  }) => {
    const user = await makeUser('shipper', { email: 'enrol@example.test' })
    const { browser } = await signedIn('enrol@example.test')

    const before = await browser.request('GET', '/api/account/two-factor')
    assert.deepEqual(before.body, {
      enabled: false,
      enabledAt: null,
      recoveryCodesLeft: 0,
      required: false,
    })

    const setup = await browser.request('POST', '/api/account/two-factor/setup')
    assert.equal(setup.status, 200, setup.text)
    assert.match(setup.body.secret, /^[A-Z2-7]{32}$/)
    assert.equal(
      setup.body.otpauthUrl,
      `otpauth://totp/PalletLine:enrol%40example.test?secret=${setup.body.secret}&period=30&digits=6&algorithm=SHA1&issuer=PalletLine`
    )
    const svg = Buffer.from(setup.body.qrCode.split(',')[1], 'base64').toString()
    assert.match(svg, /^<svg /)

    // Stored encrypted, not on until confirmed.
    await user.refresh()
    assert.isNotNull(user.twoFactorSecret)
    assert.notInclude(user.twoFactorSecret!, setup.body.secret)
    assert.isNull(user.twoFactorEnabledAt)

    const wrong = await browser.request('POST', '/api/account/two-factor/confirm', {
      code: '000000',
    })
    assert.equal(wrong.status, 422)
    assert.deepEqual(wrong.body.errors, [
      { field: 'code', message: 'Invalid authentication code', rule: 'code' },
    ])

    const confirmed = await browser.request('POST', '/api/account/two-factor/confirm', {
      code: codeAt(NOW, setup.body.secret),
    })
    assert.equal(confirmed.status, 200, confirmed.text)
    const codes: string[] = confirmed.body.recoveryCodes
    assert.lengthOf(codes, 10)
    assert.lengthOf(new Set(codes), 10)
    for (const code of codes) assert.match(code, /^[0-9A-Z]{5}-[0-9A-Z]{5}$/)

    const rows = await db.from('two_factor_recovery_codes').where('user_id', user.id)
    assert.lengthOf(rows, 10)
    for (const row of rows) {
      assert.notInclude(codes, row.code_hash)
      assert.match(row.code_hash, /^[0-9a-f]{64}$/)
    }

    const after = await browser.request('GET', '/api/account/two-factor')
    assert.isTrue(after.body.enabled)
    assert.equal(after.body.recoveryCodesLeft, 10)
    assert.equal(after.body.enabledAt, NOW.toUTC().toISO())
    assert.isTrue((await browser.request('GET', '/api/user')).body.twoFactorEnabled)

    const again = await browser.request('POST', '/api/account/two-factor/setup')
    assert.equal(again.status, 409)
    assert.equal(again.body.message, 'Two-factor authentication is already on')
  })

  test('confirming before setup is a 409; a code is required', async ({ assert }) => {
    await makeUser('carrier', { email: 'early@example.test' })
    const { browser } = await signedIn('early@example.test')
    const early = await browser.request('POST', '/api/account/two-factor/confirm', {
      code: '123456',
    })
    assert.equal(early.status, 409)
    assert.equal(early.body.message, 'Start two-factor setup first')
    const missing = await browser.request('POST', '/api/account/two-factor/confirm', {})
    assert.equal(missing.status, 422)
    assert.equal(missing.body.errors[0].field, 'code')
  })

  test('the Settings endpoints need a browser session', async ({ client }) => {
    const res = await client.get('/api/account/two-factor')
    res.assertStatus(401)
    const setup = await client.post('/api/account/two-factor/setup').withCsrfToken()
    setup.assertStatus(401)
  })

  test('new recovery codes need a current code; the old ones stop working', async ({ assert }) => {
    const user = await enrolTwoFactor(await makeUser('shipper', { email: 'regen@example.test' }))
    const clock = fixClock(NOW)
    const { browser, res } = await signedIn('regen@example.test')
    assert.equal(res.status, 202)
    const login = await browser.request('POST', '/api/login/two-factor', { code: codeAt(NOW) })
    assert.equal(login.status, 200)

    const wrong = await browser.request('POST', '/api/account/two-factor/recovery-codes', {
      code: '111111',
    })
    assert.equal(wrong.status, 422)
    const first = await browser.request('POST', '/api/account/two-factor/recovery-codes', {
      code: codeAt(NOW.plus({ seconds: 30 })),
    })
    assert.equal(first.status, 200, first.text)
    // An older step than the last one accepted is refused (a code is never accepted twice).
    const older = await browser.request('POST', '/api/account/two-factor/recovery-codes', {
      code: codeAt(NOW),
    })
    assert.equal(older.status, 422)

    clock.advance({ seconds: 30 })
    const second = await browser.request('POST', '/api/account/two-factor/recovery-codes', {
      code: codeAt(NOW.plus({ seconds: 60 })),
    })
    assert.equal(second.status, 200, second.text)
    assert.notDeepEqual(second.body.recoveryCodes, first.body.recoveryCodes)

    const other = new Browserless(baseUrl())
    await other.request('POST', '/api/login', { username: user.email, password: 'secret123' })
    const stale = await other.request('POST', '/api/login/two-factor', {
      recoveryCode: first.body.recoveryCodes[0],
    })
    assert.equal(stale.status, 422)
    const fresh = await other.request('POST', '/api/login/two-factor', {
      recoveryCode: second.body.recoveryCodes[0],
    })
    assert.equal(fresh.status, 200)
    assert.equal(
      (await browser.request('GET', '/api/account/two-factor')).body.recoveryCodesLeft,
      9
    )
  })

  test('turning it off takes the password and a code; admins keep it on', async ({ assert }) => {
    const user = await enrolTwoFactor(await makeUser('carrier', { email: 'off@example.test' }))
    const { browser } = await signedIn('off@example.test')
    await browser.request('POST', '/api/login/two-factor', { code: codeAt(NOW) })

    const wrongPassword = await browser.request('POST', '/api/account/two-factor/disable', {
      password: 'nope-nope',
      code: codeAt(NOW.plus({ seconds: 30 })),
    })
    assert.equal(wrongPassword.status, 422)
    assert.equal(wrongPassword.body.errors[0].field, 'password')
    assert.equal(wrongPassword.body.errors[0].message, 'Current password is incorrect')

    const wrongCode = await browser.request('POST', '/api/account/two-factor/disable', {
      password: 'secret123',
      code: '999999',
    })
    assert.equal(wrongCode.status, 422)
    assert.equal(wrongCode.body.errors[0].field, 'code')

    const off = await browser.request('POST', '/api/account/two-factor/disable', {
      password: 'secret123',
      code: codeAt(NOW.plus({ seconds: 30 })),
    })
    assert.equal(off.status, 204)
    assert.lengthOf(await db.from('two_factor_recovery_codes').where('user_id', user.id), 0)
    await user.refresh()
    assert.isNull(user.twoFactorSecret)
    const again = await signedIn('off@example.test')
    assert.equal(again.res.status, 200)
    assert.isFalse(again.res.body.twoFactorEnabled)

    await makeUser('admin', { email: 'boss@example.test' })
    const admin = await signedIn('boss@example.test')
    await admin.browser.request('POST', '/api/login/two-factor', { code: codeAt(NOW) })
    const refused = await admin.browser.request('POST', '/api/account/two-factor/disable', {
      password: 'secret123',
      code: codeAt(NOW.plus({ seconds: 30 })),
    })
    assert.equal(refused.status, 403)
    assert.equal(refused.body.message, 'Admin accounts must keep two-factor authentication on')
  })
})

test.group('Two-factor sign-in: the code step', (group) => {
  eachTestInTransaction(group)
  let clock: ReturnType<typeof fixClock>
  group.each.setup(() => {
    clock = fixClock(NOW)
    return () => restoreClock()
  })

  test('a right password leaves the session pending: nothing but the code step works', async ({
    assert,
  }) => {
    const user = await enrolTwoFactor(await makeUser('shipper', { email: 'two@example.test' }))
    const { browser, res } = await signedIn('two@example.test')
    assert.equal(res.status, 202)
    assert.deepEqual(res.body, { twoFactorRequired: true })

    assert.equal((await browser.request('GET', '/api/user')).status, 401)
    assert.equal((await browser.request('GET', '/api/bookings')).status, 401)
    assert.equal((await browser.request('GET', '/api/account/two-factor')).status, 401)

    const signed = await browser.request('POST', '/api/login/two-factor', { code: codeAt(NOW) })
    assert.equal(signed.status, 200, signed.text)
    assert.equal(signed.body.id, user.id)
    assert.isTrue(signed.body.twoFactorEnabled)
    assert.equal((await browser.request('GET', '/api/user')).body.id, user.id)
  })

  test('a code from the step before or after is accepted (clock drift); older ones are not', async ({
    assert,
  }) => {
    await enrolTwoFactor(await makeUser('shipper', { email: 'drift@example.test' }))
    const late = await signedIn('drift@example.test')
    const ok = await late.browser.request('POST', '/api/login/two-factor', {
      code: codeAt(NOW.minus({ seconds: 30 })),
    })
    assert.equal(ok.status, 200)

    const stale = await signedIn('drift@example.test')
    const refused = await stale.browser.request('POST', '/api/login/two-factor', {
      code: codeAt(NOW.minus({ seconds: 60 })),
    })
    assert.equal(refused.status, 422)
  })

  test('a wrong code is a 422 and the session stays pending', async ({ assert }) => {
    await enrolTwoFactor(await makeUser('carrier', { email: 'wrong@example.test' }))
    const { browser } = await signedIn('wrong@example.test')
    const wrong = await browser.request('POST', '/api/login/two-factor', { code: '123456' })
    assert.equal(wrong.status, 422)
    assert.deepEqual(wrong.body.errors, [
      { field: 'code', message: 'Invalid authentication code', rule: 'code' },
    ])
    const garbage = await browser.request('POST', '/api/login/two-factor', { code: 'abc' })
    assert.equal(garbage.status, 422)
    assert.equal((await browser.request('GET', '/api/user')).status, 401)
    const right = await browser.request('POST', '/api/login/two-factor', { code: codeAt(NOW) })
    assert.equal(right.status, 200)
  })

  test('a code is accepted once: replaying it, even in another browser, fails', async ({
    assert,
  }) => {
    await enrolTwoFactor(await makeUser('shipper', { email: 'replay@example.test' }))
    const code = codeAt(NOW)
    const first = await signedIn('replay@example.test')
    assert.equal(
      (await first.browser.request('POST', '/api/login/two-factor', { code })).status,
      200
    )
    const thief = await signedIn('replay@example.test')
    const replayed = await thief.browser.request('POST', '/api/login/two-factor', { code })
    assert.equal(replayed.status, 422)
    assert.equal(replayed.body.errors[0].message, 'Invalid authentication code')

    clock.advance({ seconds: 30 })
    const next = await thief.browser.request('POST', '/api/login/two-factor', {
      code: codeAt(NOW.plus({ seconds: 30 })),
    })
    assert.equal(next.status, 200)
  })

  test('a recovery code signs in once', async ({ assert, client }) => {
    const user = await makeUser('shipper', { email: 'rescue@example.test' })
    const { browser } = await signedIn('rescue@example.test')
    const setup = await browser.request('POST', '/api/account/two-factor/setup')
    const { body } = await browser.request('POST', '/api/account/two-factor/confirm', {
      code: codeAt(NOW, setup.body.secret),
    })
    const recovery: string = body.recoveryCodes[3]

    const lost = await signedIn('rescue@example.test')
    assert.equal(lost.res.status, 202)
    const wrong = await lost.browser.request('POST', '/api/login/two-factor', {
      recoveryCode: 'AAAAA-BBBBB',
    })
    assert.equal(wrong.status, 422)
    assert.deepEqual(wrong.body.errors, [
      { field: 'recoveryCode', message: 'Invalid recovery code', rule: 'recoveryCode' },
    ])
    // Typed loosely: lower case, no dash.
    const used = await lost.browser.request('POST', '/api/login/two-factor', {
      recoveryCode: recovery.toLowerCase().replace('-', ' '),
    })
    assert.equal(used.status, 200, used.text)
    assert.equal(used.body.id, user.id)

    const again = await signedIn('rescue@example.test')
    const reused = await again.browser.request('POST', '/api/login/two-factor', {
      recoveryCode: recovery,
    })
    assert.equal(reused.status, 422)
    const status = await client.get('/api/account/two-factor').loginAs(user)
    assert.equal(status.body().recoveryCodesLeft, 9)
  })

  test('wrong codes are throttled like sign-ins, and a right password does not reset them', async ({
    assert,
  }) => {
    await enrolTwoFactor(await makeUser('shipper', { email: 'slow@example.test' }))
    const { browser } = await signedIn('slow@example.test')
    for (let i = 0; i < 5; i++) {
      const res = await browser.request('POST', '/api/login/two-factor', {
        code: String(100000 + i),
      })
      assert.equal(res.status, 422)
    }
    // The password again (right) does not clear the code failures.
    assert.equal(
      (
        await browser.request('POST', '/api/login', {
          username: 'slow@example.test',
          password: 'secret123',
        })
      ).status,
      202
    )
    const blocked = await browser.request('POST', '/api/login/two-factor', { code: codeAt(NOW) })
    assert.equal(blocked.status, 429)
    assert.isTrue(Number(blocked.headers.get('retry-after')) > 0)
    assert.equal((await browser.request('GET', '/api/user')).status, 401)
  })

  test('the code step without a right password first, or after 5 minutes, is a 401', async ({
    assert,
  }) => {
    await enrolTwoFactor(await makeUser('shipper', { email: 'first@example.test' }))
    const stranger = new Browserless(baseUrl())
    const none = await stranger.request('POST', '/api/login/two-factor', { code: codeAt(NOW) })
    assert.equal(none.status, 401)
    assert.equal(none.body.message, 'Sign in with your password first')

    const { browser } = await signedIn('first@example.test')
    clock.advance({ minutes: 5, seconds: 1 })
    const late = await browser.request('POST', '/api/login/two-factor', {
      code: codeAt(NOW.plus({ minutes: 5, seconds: 1 })),
    })
    assert.equal(late.status, 401)
    assert.equal(late.body.message, 'Sign in with your password first')
  })

  test('a user without two-factor signs in with the password alone', async ({ assert }) => {
    await makeUser('shipper', { email: 'plain@example.test' })
    const { res } = await signedIn('plain@example.test')
    assert.equal(res.status, 200)
    assert.isFalse(res.body.twoFactorEnabled)
  })
})

test.group('Two-factor sign-in is required for admins', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    fixClock(NOW)
    return () => restoreClock()
  })

  test('an admin without it signs in, but every admin API answers 403 until it is on', async ({
    assert,
  }) => {
    const admin = await makeUser('admin', { email: 'new-admin@example.test', twoFactor: false })
    const { browser, res } = await signedIn('new-admin@example.test')
    assert.equal(res.status, 200)
    assert.isFalse(res.body.twoFactorEnabled)

    const message =
      'Two-factor authentication is required for admin accounts: turn it on in Settings'
    for (const path of [
      '/api/admin/users/pending',
      '/api/admin/dashboard',
      '/api/account/tokens',
    ]) {
      const refused = await browser.request('GET', path)
      assert.equal(refused.status, 403, path)
      assert.equal(refused.body.message, message)
    }
    const status = await browser.request('GET', '/api/account/two-factor')
    assert.equal(status.status, 200)
    assert.isTrue(status.body.required)
    assert.equal((await browser.request('GET', '/api/user')).status, 200)

    const setup = await browser.request('POST', '/api/account/two-factor/setup')
    const on = await browser.request('POST', '/api/account/two-factor/confirm', {
      code: codeAt(NOW, setup.body.secret),
    })
    assert.equal(on.status, 200)
    assert.equal((await browser.request('GET', '/api/admin/users/pending')).status, 200)
    await admin.refresh()
    assert.isNotNull(admin.twoFactorEnabledAt)
  })

  test('an admin with it on must give the code; an operator token from ace stays valid', async ({
    assert,
    client,
  }) => {
    const admin = await makeUser('admin', { email: 'ops@example.test', twoFactor: false })
    // The operator's CLI token is issued on the server (node ace), not through a session.
    const token = await User.accessTokens.create(admin, ['*'], { name: 'cli' })
    const viaToken = await client
      .get('/api/admin/users/pending')
      .header('authorization', `Bearer ${token.value!.release()}`)
    viaToken.assertStatus(200)

    await enrolTwoFactor(admin)
    const { res } = await signedIn('ops@example.test')
    assert.equal(res.status, 202)
  })
})

test.group('Two-factor secrets across the encryption change (docs/decisions/0209)', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    fixClock(NOW)
    return () => restoreClock()
  })

  /** AdonisJS 6's format (the legacy driver): `value.iv.hmac`, no encrypter id. */
  const isLegacy = (stored: string) => stored.split('.').length === 3
  /** The modern driver's (AES-256-GCM): `id.v1:value.iv.tag`. */
  const isModern = (stored: string) => /^app\.v1:[^.]+\.[^.]+\.[^.]+$/.test(stored)

  test('a secret stored by the legacy driver still verifies at sign-in', async ({ assert }) => {
    const user = await makeUser('shipper', { email: 'legacy-2fa@example.test' })
    user.twoFactorSecret = encryption.use('legacy').encrypt(TEST_TOTP_SECRET)
    user.twoFactorEnabledAt = NOW
    await user.save()
    assert.isTrue(isLegacy(user.twoFactorSecret!), user.twoFactorSecret!)

    const { browser, res } = await signedIn('legacy-2fa@example.test')
    assert.equal(res.status, 202, res.text)
    const wrong = await browser.request('POST', '/api/login/two-factor', { code: '000000' })
    assert.equal(wrong.status, 422, wrong.text)
    const right = await browser.request('POST', '/api/login/two-factor', {
      code: codeAt(NOW),
    })
    assert.equal(right.status, 200, right.text)
    assert.equal((await browser.request('GET', '/api/user')).status, 200)
  })

  test('a new secret is stored with the modern driver', async ({ assert }) => {
    const user = await makeUser('shipper', { email: 'modern-2fa@example.test' })
    const { browser } = await signedIn('modern-2fa@example.test')
    const setup = await browser.request('POST', '/api/account/two-factor/setup')
    assert.equal(setup.status, 200, setup.text)
    await user.refresh()
    assert.isTrue(isModern(user.twoFactorSecret!), user.twoFactorSecret!)
    assert.isNull(encryption.use('legacy').decrypt(user.twoFactorSecret!))
    const confirmed = await browser.request('POST', '/api/account/two-factor/confirm', {
      code: codeAt(NOW, setup.body.secret),
    })
    assert.equal(confirmed.status, 200, confirmed.text)
  })
})
