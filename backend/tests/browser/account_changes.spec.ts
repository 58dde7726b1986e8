import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

const WIDTHS = [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]

/** Nothing wider than the window (runs in the page: the backend has no DOM types). */
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

test.group('Browser: account changes hold a carrier’s payouts', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())
  group.each.timeout(120_000)

  for (const viewport of WIDTHS) {
    test(`at ${viewport.width} px a carrier changes its email in Settings and Payout History shows the hold`, async ({
      assert,
    }) => {
      const oldEmail = `cora${viewport.width}@haulers.test`
      const newEmail = `dispatch${viewport.width}@haulers.test`
      const user = await makeUser('carrier', { email: oldEmail, isApproved: true })
      const carrier = await carrierOf(user)

      const { context, page } = await newPage({ viewport })
      await signIn(page, oldEmail, 'secret123')
      await page.waitForURL('**/carrier')
      await page.goto('/settings')
      const form = page.getByRole('form', { name: 'Change email' })
      await page.getByText('your payouts are held for 72 hours', { exact: false }).waitFor()

      // A wrong password changes nothing and says so on its field.
      await form.getByLabel('New email').fill(newEmail)
      await form.getByLabel('Current password').fill('not-my-password')
      await form.getByRole('button', { name: 'Change email' }).click()
      await form.getByText('Current password is incorrect').waitFor()
      assert.equal((await User.findOrFail(user.id)).email, oldEmail)
      assert.lengthOf(await db.from('payout_holds'), 0)

      await form.getByLabel('Current password').fill('secret123')
      await form.getByRole('button', { name: 'Change email' }).click()
      await page.getByText('Email changed', { exact: true }).first().waitFor()
      await page
        .getByText(new RegExp(`A notice went to ${oldEmail}\\. Your payouts are held until `))
        .first()
        .waitFor()
      await page.getByText(`(now ${newEmail})`, { exact: false }).waitFor()
      assert.equal((await User.findOrFail(user.id)).email, newEmail)
      const holds = await db.from('payout_holds').where('carrier_id', carrier.id)
      assert.lengthOf(holds, 1)
      assert.equal(holds[0].kind, 'email')
      await assertNoSideScroll(page, viewport.width, assert)

      // Payout History, in the same session (the signed-in user and the hold are fresh).
      await page.goto('/carrier#payouts')
      await page.getByText(/^Payouts on hold until /).waitFor()
      await page.getByText(`A notice went to ${oldEmail}.`, { exact: false }).waitFor()
      await assertNoSideScroll(page, viewport.width, assert)
      await context.close()
    })
  }

  for (const viewport of WIDTHS) {
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
