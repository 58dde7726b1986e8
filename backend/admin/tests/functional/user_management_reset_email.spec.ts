/*
 * An admin forces a password reset (docs/decisions/0216) and changes a user's sign-in email
 * (docs/decisions/0217): reasons, the audit log, the mails, the two-person rule on admin
 * accounts, each bad input and every role refused.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { AccountChangeNoticeMail } from '#accounts/services/account_notice_service'
import { EMAIL_IN_USE, SAME_EMAIL } from '#accounts/services/account_change_service'
import {
  EmailChangeConfirmationMail,
  EmailChangeRequestedMail,
} from '#accounts/services/email_change_mail'
import { PasswordResetMail } from '#accounts/services/password_reset_mail'
import TokenService from '#accounts/services/token_service'
import { verifyChain } from '#core/hash_chain'
import { ADMIN_AUDIT_CHAIN } from '#admin/chains'
import { Browserless, baseUrl, eachTestInTransaction, makeUser } from '#tests/helpers'

const REASON = 'Account recovery, identity confirmed on ticket 5120'
const NEW_PASSWORD = 'violet-harbor-tractor-42'

type Fake = ReturnType<typeof mail.fake>

function linkIn(fake: Fake, kind: typeof PasswordResetMail | typeof EmailChangeConfirmationMail) {
  const sent = fake.mails.sent((m) => m instanceof kind)
  if (sent.length === 0) throw new Error(`no ${kind.name}`)
  const text = String(sent[sent.length - 1].message.toJSON().message.text)
  return /(?:reset-password\?token=|confirm-email#token=)([\w-]+)/.exec(text)![1]
}

const post = (client: any, who: User, path: string, body: object) =>
  client.post(path).json(body).loginAs(who).withCsrfToken()

test.group('POST /api/admin/users/:userId/force-password-reset', (group) => {
  eachTestInTransaction(group)
  let fake: Fake
  group.each.setup(() => {
    fake = mail.fake()
    return () => mail.restore()
  })

  test('the password stops working, sessions and tokens end, a link is mailed with the reason', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: true })
    const browser = new Browserless(baseUrl())
    assert.equal((await browser.signIn(carrier.email)).status, 200)
    const tokens = await app.container.make(TokenService)
    const issued = await tokens.create(carrier.id, 'integration', 30)

    const res = await post(client, admin, `/api/admin/users/${carrier.id}/force-password-reset`, {
      reason: REASON,
    })
    res.assertStatus(200)
    assert.include(res.body(), { action: 'force-password-reset', status: 'done', count: null })

    assert.equal((await browser.request('GET', '/api/carrier/bookings')).status, 401)
    ;(await client.get('/api/user').header('authorization', `Bearer ${issued.token}`)).assertStatus(
      401
    )
    assert.equal((await new Browserless(baseUrl()).signIn(carrier.email)).status, 401)

    const [sent] = fake.mails.sent((m) => m instanceof PasswordResetMail)
    sent.message.assertTo(carrier.email)
    sent.message.assertSubject('Your PalletLine password was reset by an administrator')
    sent.message.assertTextIncludes(`Reason: ${REASON}`)
    const row = await db.from('password_resets').where('user_id', carrier.id).first()
    assert.equal(Number(row.admin_user_id), admin.id)
    const audit = await db.from('admin_audit_log').where('id', res.body().auditId).first()
    assert.include(audit, {
      action: 'force-password-reset',
      reason: REASON,
      target_user_id: carrier.id,
    })
    assert.isTrue((await verifyChain(db.connection(), ADMIN_AUDIT_CHAIN)).ok)

    const token = linkIn(fake, PasswordResetMail)
    ;(
      await client
        .post('/api/password/reset')
        .json({ token, password: NEW_PASSWORD })
        .withCsrfToken()
    ).assertStatus(200)
    assert.equal((await new Browserless(baseUrl()).signIn(carrier.email, NEW_PASSWORD)).status, 200)
  })

  test('on an admin account it waits for a second admin', async ({ client, assert }) => {
    const alice = await makeUser('admin')
    const bob = await makeUser('admin')
    const carol = await makeUser('admin')
    const asked = await post(client, alice, `/api/admin/users/${bob.id}/force-password-reset`, {
      reason: REASON,
    })
    asked.assertStatus(202)
    assert.include(asked.body(), { action: 'force-password-reset', payload: null })
    assert.isTrue(await (await User.findOrFail(bob.id)).verifyPassword('secret123'))
    assert.lengthOf(fake.mails.sent(), 0)
    const done = await post(client, carol, `/api/admin/user-actions/${asked.body().id}/confirm`, {})
    done.assertStatus(200)
    assert.isFalse(await (await User.findOrFail(bob.id)).verifyPassword('secret123'))
    fake.mails.assertSent(PasswordResetMail, ({ message }) => message.hasTo(bob.email))
    const audit = await db.from('admin_audit_log').where('id', done.body().auditId).first()
    assert.include(audit, { admin_user_id: alice.id, confirmed_by: carol.id })
  })
})

test.group('POST /api/admin/users/:userId/email', (group) => {
  eachTestInTransaction(group)
  let fake: Fake
  group.each.setup(() => {
    fake = mail.fake()
    return () => mail.restore()
  })

  test('the new address confirms by link, the old is told; a carrier’s payouts are held', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const res = await post(client, admin, `/api/admin/users/${carrier.id}/email`, {
      email: 'Dispatch@Haulers.test',
      reason: REASON,
    })
    res.assertStatus(200)
    assert.include(res.body(), { action: 'change-email', status: 'done' })
    assert.equal(res.body().user.email, 'cora@haulers.test')
    assert.equal((await User.findOrFail(carrier.id)).email, 'cora@haulers.test')
    assert.lengthOf(await db.from('payout_holds'), 0)
    const audit = await db.from('admin_audit_log').where('id', res.body().auditId).first()
    assert.include(audit.detail, 'dispatch@haulers.test')

    fake.mails.assertSent(EmailChangeConfirmationMail, ({ message }) =>
      message.hasTo('dispatch@haulers.test')
    )
    const [told] = fake.mails.sent((m) => m instanceof EmailChangeRequestedMail)
    told.message.assertTo('cora@haulers.test')
    told.message.assertTextIncludes('a PalletLine administrator asked')
    told.message.assertTextIncludes(`Reason: ${REASON}`)
    // The user sees it waiting in Settings, as their own request would.
    const waiting = await client.get('/api/account/email').loginAs(carrier)
    assert.equal(waiting.body().pending.email, 'dispatch@haulers.test')
    // So does the admin, on the user's page, until the link is followed.
    const page = await client.get(`/api/admin/users/${carrier.id}`).loginAs(admin)
    page.assertStatus(200)
    assert.equal(page.body().pendingEmailChange.email, 'dispatch@haulers.test')
    assert.isString(page.body().pendingEmailChange.expiresAt)

    const token = linkIn(fake, EmailChangeConfirmationMail)
    const confirmed = await client
      .post('/api/account/email/confirm')
      .json({ token })
      .withCsrfToken()
    confirmed.assertStatus(200)
    const after = await User.findOrFail(carrier.id)
    assert.equal(after.email, 'dispatch@haulers.test')
    assert.equal(after.username, 'dispatch@haulers.test')
    const done = await client.get(`/api/admin/users/${carrier.id}`).loginAs(admin)
    assert.isNull(done.body().pendingEmailChange)
    const holds = await db.from('payout_holds')
    assert.lengthOf(holds, 1)
    assert.equal(holds[0].kind, 'email')
    fake.mails.assertSent(AccountChangeNoticeMail, ({ message }) =>
      message.hasTo('cora@haulers.test')
    )
  })

  test('bad input is a 422 naming the field; 404 unknown user; only admins', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper', { email: 'sam@shippers.test' })
    const carrier = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const path = `/api/admin/users/${shipper.id}/email`
    const cases: [object, string, string | null][] = [
      [{ reason: REASON }, 'email', 'Invalid email address'],
      [{ email: 'not-an-address', reason: REASON }, 'email', 'Invalid email address'],
      [{ email: 42, reason: REASON }, 'email', 'Invalid email address'],
      [{ email: `${'x'.repeat(250)}@a.test`, reason: REASON }, 'email', 'Invalid email address'],
      [{ email: 'Cora@Haulers.test', reason: REASON }, 'email', EMAIL_IN_USE],
      [{ email: 'sam@shippers.test', reason: REASON }, 'email', SAME_EMAIL],
      [{ email: 'new@shippers.test' }, 'reason', 'Give the reason for this action'],
      [{ email: 'new@shippers.test', reason: 'short' }, 'reason', null],
      [{ email: 'new@shippers.test', reason: 'x'.repeat(501) }, 'reason', null],
    ]
    for (const [body, field, message] of cases) {
      const res = await post(client, admin, path, body)
      res.assertStatus(422)
      const error = res.body().errors.find((e: any) => e.field === field)
      assert.exists(error, JSON.stringify(body))
      if (message) assert.equal(error.message, message, JSON.stringify(body))
    }
    assert.lengthOf(await db.from('email_changes'), 0)
    assert.lengthOf(await db.from('admin_audit_log'), 0)
    const valid = { email: 'new@shippers.test', reason: REASON }
    ;(await post(client, admin, '/api/admin/users/999999/email', valid)).assertStatus(404)
    for (const who of [shipper, carrier]) {
      ;(await post(client, who, path, valid)).assertStatus(403)
    }
    ;(await client.post(path).json(valid).withCsrfToken()).assertStatus(401)
    assert.lengthOf(fake.mails.sent(), 0)
  })

  test('on an admin account it waits for a second admin, who finds the address taken meanwhile', async ({
    client,
    assert,
  }) => {
    const alice = await makeUser('admin')
    const bob = await makeUser('admin')
    const carol = await makeUser('admin')
    const asked = await post(client, alice, `/api/admin/users/${bob.id}/email`, {
      email: 'bob.new@palletline.test',
      reason: REASON,
    })
    asked.assertStatus(202)
    assert.deepEqual(asked.body().payload, { email: 'bob.new@palletline.test' })
    assert.lengthOf(await db.from('email_changes'), 0)
    const listed = await client.get('/api/admin/user-actions').loginAs(carol)
    assert.deepEqual(listed.body()[0].payload, { email: 'bob.new@palletline.test' })

    await makeUser('shipper', { email: 'bob.new@palletline.test' })
    const taken = await post(
      client,
      carol,
      `/api/admin/user-actions/${asked.body().id}/confirm`,
      {}
    )
    taken.assertStatus(409)
    assert.equal(taken.body().message, EMAIL_IN_USE)
    const row = await db.from('admin_user_action_requests').where('id', asked.body().id).first()
    assert.equal(row.status, 'refused')

    const again = await post(client, alice, `/api/admin/users/${bob.id}/email`, {
      email: 'bob.other@palletline.test',
      reason: REASON,
    })
    const done = await post(client, carol, `/api/admin/user-actions/${again.body().id}/confirm`, {})
    done.assertStatus(200)
    fake.mails.assertSent(EmailChangeConfirmationMail, ({ message }) =>
      message.hasTo('bob.other@palletline.test')
    )
    const audit = await db.from('admin_audit_log').where('id', done.body().auditId).first()
    assert.include(audit, {
      admin_user_id: alice.id,
      confirmed_by: carol.id,
      action: 'change-email',
    })
  })
})
