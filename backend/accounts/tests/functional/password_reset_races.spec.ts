/*
 * One password reset link redeemed several times at once, at the test server and a second
 * server process (docs/decisions/0216): exactly one request sets the password.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { PasswordResetMail } from '#accounts/services/password_reset_mail'
import PasswordResetService, { RESET_LINK_SPENT } from '#accounts/services/password_reset_service'
import { Browserless, baseUrl, makeUser, resetDatabase, startServer } from '#tests/helpers'

test.group('A password reset link redeemed at once, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 140)
    return () => second.stop()
  })

  test('four redemptions of one link at once: one sets its password, three are refused', async ({
    assert,
  }) => {
    const user = await makeUser('shipper', { email: 'race@shippers.test' })
    const { mails } = mail.fake()
    try {
      const resets = await app.container.make(PasswordResetService)
      await resets.issue(user.id, baseUrl(), null)
      const [sent] = mails.sent((m) => m instanceof PasswordResetMail)
      const text = String(sent.message.toJSON().message.text)
      const token = /\/reset-password\?token=([\w-]+)/.exec(text)![1]

      const passwords = [0, 1, 2, 3].map((i) => `racing-password-number-${i}`)
      const browsers = passwords.map(
        (_, i) => new Browserless(i % 2 === 0 ? baseUrl() : second.url)
      )
      // Each browser holds its CSRF cookie first, so the four requests leave together.
      for (const browser of browsers) await browser.request('GET', '/api/health')
      for (const browser of browsers) await browser.request('GET', '/api/user')
      const results = await Promise.all(
        browsers.map((browser, i) =>
          browser.request('POST', '/api/password/reset', { token, password: passwords[i] })
        )
      )
      const statuses = results.map((r) => r.status).sort()
      assert.deepEqual(statuses, [200, 422, 422, 422], JSON.stringify(results.map((r) => r.body)))
      for (const refused of results.filter((r) => r.status === 422)) {
        assert.equal(refused.body.errors[0].message, RESET_LINK_SPENT)
      }
      const winner = passwords[results.findIndex((r) => r.status === 200)]
      const stored = await User.findOrFail(user.id)
      assert.isTrue(await stored.verifyPassword(winner))
      for (const loser of passwords.filter((p) => p !== winner)) {
        assert.isFalse(await stored.verifyPassword(loser))
      }
      const rows = await db.from('password_resets').whereNotNull('used_at')
      assert.lengthOf(rows, 1)
    } finally {
      mail.restore()
    }
  })
})
