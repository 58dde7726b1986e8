import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import User from '#accounts/models/user'
import {
  EmailChangeConfirmationMail,
  EmailChangeRequestedMail,
} from '#accounts/services/email_change_mail'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { closeBrowser, newPage, sideScroll, signIn, VIEWPORTS } from '#tests/browser_helpers'

/** Nothing wider than the window. */
async function assertNoSideScroll(
  page: Page,
  _width: number,
  assert: { isAtMost: (value: number, max: number) => void }
) {
  assert.isAtMost(await sideScroll(page), 0)
}

/** Screens for a person to look at, when SHOTS_DIR is set (never into the repository). */
async function shot(page: Page, name: string, width: number) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  await mkdir(dir, { recursive: true })
  await page.waitForTimeout(300) // toasts' and dialogs' entry animations
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
}

/** The path of the newest confirmation link mailed to `to`. */
function linkMailedTo(mails: ReturnType<typeof mail.fake>['mails'], to: string) {
  const sent = mails.sent((m) => m instanceof EmailChangeConfirmationMail && m.message.hasTo(to))
  const text = String(sent[sent.length - 1].message.toJSON().message.text)
  return { count: sent.length, path: /(\/confirm-email#token=[\w-]+)/.exec(text)![1] }
}

test.group('Browser: account changes hold a carrier’s payouts', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => mail.restore())
  group.teardown(() => closeBrowser())
  group.each.timeout(120_000)

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px a carrier’s new email applies when the link mailed to it is followed, then Payout History shows the hold`, async ({
      assert,
    }) => {
      const { mails } = mail.fake()
      const oldEmail = `cora${viewport.width}@haulers.test`
      const newEmail = `dispatch${viewport.width}@haulers.test`
      const user = await makeUser('carrier', { email: oldEmail, isApproved: true })
      const carrier = await carrierOf(user)

      const { context, page } = await newPage({ viewport })
      await signIn(page, oldEmail, 'secret123')
      await page.waitForURL('**/carrier')
      await page.goto('/settings')
      const form = page.getByRole('form', { name: 'Change email' })
      await page
        .getByText('once the change applies your payouts are held for 72 hours', { exact: false })
        .waitFor()

      // A wrong password changes nothing and says so on its field.
      await form.getByLabel('New email').fill(newEmail)
      await form.getByLabel('Current password').fill('not-my-password')
      await form.getByRole('button', { name: 'Change email' }).click()
      await form.getByText('Current password is incorrect').waitFor()
      assert.lengthOf(await db.from('email_changes'), 0)

      // Asked: nothing changes yet; the link goes to the new address, a notice to the old one.
      await form.getByLabel('Current password').fill('secret123')
      await form.getByRole('button', { name: 'Change email' }).click()
      await page.getByText('Check your new inbox', { exact: true }).first().waitFor()
      const waiting = page.getByRole('region', { name: 'Email change waiting' })
      await waiting.getByText(`Waiting for confirmation: ${newEmail}`).waitFor()
      assert.equal((await User.findOrFail(user.id)).email, oldEmail)
      assert.lengthOf(await db.from('payout_holds'), 0)
      assert.equal(mails.sent((m) => m instanceof EmailChangeRequestedMail).length, 1)
      await assertNoSideScroll(page, viewport.width, assert)
      await shot(page, 'settings-email-waiting', viewport.width)

      // Resend: a new link; the first one no longer works.
      const first = linkMailedTo(mails, newEmail)
      await waiting.getByRole('button', { name: 'Resend link' }).click()
      await page.getByText('Link sent again', { exact: true }).first().waitFor()
      const second = linkMailedTo(mails, newEmail)
      assert.equal(second.count, 2)
      assert.notEqual(second.path, first.path)

      // The link opens the confirmation page; the change applies on its button.
      await page.goto(second.path)
      await page.getByRole('heading', { name: 'Confirm your new email' }).waitFor()
      await assertNoSideScroll(page, viewport.width, assert)
      await shot(page, 'confirm-email', viewport.width)
      assert.equal((await User.findOrFail(user.id)).email, oldEmail)
      await page.getByRole('button', { name: 'Confirm new email' }).click()
      await page.getByText(`You now sign in with ${newEmail}.`, { exact: false }).waitFor()
      await shot(page, 'confirm-email-done', viewport.width)
      const changed = await User.findOrFail(user.id)
      assert.equal(changed.email, newEmail)
      assert.equal(changed.username, newEmail)
      const holds = await db.from('payout_holds').where('carrier_id', carrier.id)
      assert.lengthOf(holds, 1)
      assert.equal(holds[0].kind, 'email')
      assert.equal(holds[0].notice_sent_to, oldEmail)

      // The same browser, still signed in: Settings shows the new email and nothing waiting.
      await page.getByRole('link', { name: 'Back to Settings' }).click()
      await page.getByText(`(now ${newEmail})`, { exact: false }).waitFor()
      assert.equal(await waiting.count(), 0)

      // Payout History, in the same session (the signed-in user and the hold are fresh).
      await page.goto('/carrier#payouts')
      await page.getByText(/^Payouts on hold until /).waitFor()
      await page.getByText(`A notice went to ${oldEmail}.`, { exact: false }).waitFor()
      await assertNoSideScroll(page, viewport.width, assert)
      await context.close()
    })
  }

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px a carrier replaces its payout account and onboards the new one`, async ({
      assert,
    }) => {
      const email = `cora-acct${viewport.width}@haulers.test`
      const user = await makeUser('carrier', { email, isApproved: true })
      // The onboarding link stays on the address the browser uses (the session cookie's host).
      const origin = `http://localhost:${process.env.PORT}`
      const { context, page } = await newPage({ origin, viewport })
      await signIn(page, email, 'secret123')
      await page.waitForURL('**/carrier')

      // First connection: set-up, not a change, holds nothing.
      await page.goto('/carrier#payments')
      await page.getByRole('button', { name: 'Connect Bank Account' }).click()
      await page.waitForURL('**/sandbox/onboarding/**')
      await page.getByRole('button', { name: 'Complete onboarding' }).click()
      await page.waitForURL('**/carrier#payments')
      await page.getByText('Payment Setup Complete').waitFor()
      const first = (await carrierOf(user)).stripeAccountId
      assert.isNotNull(first)
      assert.lengthOf(await db.from('payout_holds'), 0)

      await page.getByRole('button', { name: 'Replace payout account' }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Replace payout account' })
      await dialog.getByText('held for 72 hours', { exact: false }).waitFor()
      await dialog.getByLabel('Current password').fill('wrong-password')
      await dialog.getByRole('button', { name: 'Replace account' }).click()
      await dialog.getByText('Current password is incorrect').waitFor()
      assert.equal((await carrierOf(user)).stripeAccountId, first)

      await dialog.getByLabel('Current password').fill('secret123')
      await dialog.getByRole('button', { name: 'Replace account' }).click()
      await page.getByText('Payout account replaced', { exact: true }).first().waitFor()
      await page.getByText('Setup In Progress').waitFor()
      await page.getByText(/^Payouts on hold until /).waitFor()
      const replaced = await carrierOf(user)
      assert.notEqual(replaced.stripeAccountId, first)
      assert.isFalse(Boolean(replaced.stripeOnboardingCompleted))
      const holds = await db.from('payout_holds').where('carrier_id', replaced.id)
      assert.deepEqual(
        holds.map((h) => h.kind),
        ['payout_account']
      )
      await assertNoSideScroll(page, viewport.width, assert)

      // The new account is onboarded like the first one.
      await page.getByRole('link', { name: 'Set Up New Account' }).click()
      await page.waitForURL('**/sandbox/onboarding/**')
      await page.getByRole('button', { name: 'Complete onboarding' }).click()
      await page.waitForURL('**/carrier#payments')
      await page.getByText('Payment Setup Complete').waitFor()
      await page.getByText(/^Payouts on hold until /).waitFor()
      assert.isTrue(Boolean((await carrierOf(user)).stripeOnboardingCompleted))
      await context.close()
    })
  }
})

test.group('Browser: a password change signs the other browsers out, saying why', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())
  group.each.timeout(120_000)

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px the other browser lands on /auth with the reason`, async ({
      assert,
    }) => {
      const email = `sam${viewport.width}@shipper.test`
      await makeUser('shipper', { email, firstName: 'Sam', lastName: 'Lee' })
      const laptop = await newPage({ viewport })
      const phone = await newPage({ viewport })

      // The sign-up screens say what the password must be and what one signs in with.
      await laptop.page.goto('/register')
      await laptop.page.getByText('At least 12 characters, and not a common password.').waitFor()
      await laptop.page.getByText('You will sign in with this email.').waitFor()
      await shot(laptop.page, 'register', viewport.width)
      await laptop.page.goto('/login')
      await laptop.page.getByLabel('Email', { exact: true }).waitFor()
      await shot(laptop.page, 'login', viewport.width)

      await signIn(laptop.page, email, 'secret123')
      await laptop.page.waitForURL('**/shipper')
      await signIn(phone.page, email, 'secret123')
      await phone.page.waitForURL('**/shipper')

      // A new password of 11 characters is refused before anything is sent; 12 will do.
      await laptop.page.goto('/settings')
      const password = laptop.page.getByRole('form', { name: 'Change password' })
      await password.getByLabel('Current password').fill('secret123')
      await password.getByLabel('New password', { exact: true }).fill('n3w-secret1')
      await password.getByLabel('Confirm new password').fill('n3w-secret1')
      await password.getByRole('button', { name: 'Change password' }).click()
      await password.getByText('Password must be at least 12 characters').waitFor()
      await password.getByLabel('New password', { exact: true }).fill('n3w-long-secret')
      await password.getByLabel('Confirm new password').fill('n3w-long-secret')
      await password.getByRole('button', { name: 'Change password' }).click()
      await laptop.page
        .getByText(`A notice went to ${email}. Every other device signed in to your account`, {
          exact: false,
        })
        .first()
        .waitFor()
      await assertNoSideScroll(laptop.page, viewport.width, assert)
      await shot(laptop.page, 'settings-password-changed', viewport.width)

      // The phone's session was ended: its next page load says why on /auth.
      await phone.page.goto('/shipper')
      await phone.page.waitForURL('**/auth?reason=session-ended')
      await phone.page
        .getByText('Your session expired, or it was ended on another device', {
          exact: false,
        })
        .waitFor()
      await assertNoSideScroll(phone.page, viewport.width, assert)
      await shot(phone.page, 'auth-session-ended', viewport.width)

      // Signing out on purpose says nothing.
      await laptop.page.getByRole('button', { name: 'Account menu for Sam Lee' }).click()
      await laptop.page.getByRole('menuitem', { name: 'Log out' }).click()
      await laptop.page.waitForURL((url) => url.pathname === '/auth')
      assert.equal(new URL(laptop.page.url()).search, '')
      await laptop.page.getByRole('tab', { name: 'Sign In' }).waitFor()
      assert.equal(await laptop.page.getByText('Your session expired', { exact: false }).count(), 0)
      await laptop.context.close()
      await phone.context.close()
    })
  }
})
