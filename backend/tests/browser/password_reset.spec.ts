/*
 * "Forgot password?" from the sign-in form to signing in with the new password, at 1280 and
 * 390 px (docs/decisions/0216). The link is read from the test mail fake.
 */
import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import mail from '@adonisjs/mail/services/main'
import User from '#accounts/models/user'
import { PasswordResetMail } from '#accounts/services/password_reset_mail'
import { passwordResetsSettled } from '#accounts/services/password_reset_service'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn, VIEWPORTS } from '#tests/browser_helpers'

const NEW_PASSWORD = 'violet-harbor-tractor-42'

async function assertNoSideScroll(
  page: Page,
  width: number,
  assert: { isAtMost: (value: number, max: number) => void }
) {
  const scroll = await page.evaluate(
    () => (globalThis as any).document.documentElement.scrollWidth as number
  )
  assert.isAtMost(scroll, width)
}

/** Screens for a person to look at, when SHOTS_DIR is set (never into the repository). */
async function shot(page: Page, name: string, width: number) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  await mkdir(dir, { recursive: true })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
}

/** The path of the newest reset link mailed to `to`. */
function linkMailedTo(mails: ReturnType<typeof mail.fake>['mails'], to: string) {
  const sent = mails.sent((m) => m instanceof PasswordResetMail && m.message.hasTo(to))
  if (sent.length === 0) throw new Error(`no password reset mail to ${to}`)
  const text = String(sent[sent.length - 1].message.toJSON().message.text)
  return /(\/reset-password\?token=[\w-]+)/.exec(text)![1]
}

test.group('Browser: a forgotten password is reset by the link mailed', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => mail.restore())
  group.teardown(() => closeBrowser())
  group.each.timeout(120_000)

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px: Forgot password?, the link, a new password, signed in with it`, async ({
      assert,
    }) => {
      const { mails } = mail.fake()
      const email = `sam${viewport.width}@shippers.test`
      const user = await makeUser('shipper', { email })

      const { context, page } = await newPage({ viewport })
      await page.goto('/login')
      await page.getByRole('link', { name: 'Forgot password?' }).click()
      await page.waitForURL('**/forgot-password')
      const ask = page.getByRole('form', { name: 'Forgot password' })
      await ask.getByLabel('Email').fill('not-an-address')
      await ask.getByRole('button', { name: 'Send the link' }).click()
      await ask.getByText('Invalid email address').waitFor()
      await ask.getByLabel('Email').fill(email)
      await ask.getByRole('button', { name: 'Send the link' }).click()
      await page.getByText('Check your mail').waitFor()
      await assertNoSideScroll(page, viewport.width, assert)
      await shot(page, 'forgot-password-sent', viewport.width)
      await passwordResetsSettled()

      await page.goto(linkMailedTo(mails, email))
      const form = page.getByRole('form', { name: 'Set a new password' })
      await form.getByLabel('New password', { exact: true }).fill('password1234')
      await form.getByLabel('Confirm new password').fill('password1234')
      await form.getByRole('button', { name: 'Set new password' }).click()
      await form
        .getByText('This password is too common: choose one that is harder to guess')
        .waitFor()
      assert.isTrue(await (await User.findOrFail(user.id)).verifyPassword('secret123'))
      await assertNoSideScroll(page, viewport.width, assert)
      await shot(page, 'reset-password-refused', viewport.width)

      await form.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
      await form.getByLabel('Confirm new password').fill(NEW_PASSWORD)
      await form.getByRole('button', { name: 'Set new password' }).click()
      await page.getByText('Password set').waitFor()
      await shot(page, 'reset-password-done', viewport.width)
      await page.getByRole('link', { name: 'Sign in', exact: true }).click()
      await page.waitForURL('**/login')

      await signIn(page, email, NEW_PASSWORD)
      await page.waitForURL('**/shipper')
      await context.close()
    })
  }
})
