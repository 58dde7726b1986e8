/*
 * The admin's User Management (/admin/users, decisions 0210-0212), at 1280 and 390 px: from the
 * menu (the sidebar, or the phone's drawer) to the list, a search, a user's page; suspend with a
 * reason, the suspension in the standing history, reinstate; an action on another admin asks for
 * a second admin and the page shows the request waiting. A second admin's browser, open on the
 * same user, shows the suspension within 2 s without a reload (the admins' live notices).
 */
import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { closeBrowser, newPage, signIn, subscribed } from '#tests/browser_helpers'

const SHOTS = '/tmp/adminui-shots'
const REASON = 'Chargebacks on three cards in one week'
const BACK_REASON = 'The bank confirmed the cards are the customer’s'
const ADMIN_REASON = 'Laptop stolen at the depot on Friday'
/** Within 2 s of the change: the server announced it before it answered the acting admin. */
const LIVE = { timeout: 2_000 }

/** Resolves once the page's stream holds a subscription to `channel`. */

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor()
}

async function shot(page: Page, name: string) {
  await mkdir(SHOTS, { recursive: true })
  // The header is sticky: a full-page picture is taken from the top.
  await page.evaluate(() => (globalThis as any).scrollTo(0, 0))
  await page.waitForTimeout(300) // dialogs' and toasts' animations
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  const phone = viewport.width < 768
  test.group(`Browser: User Management at ${viewport.width} px`, (group) => {
    group.each.setup(() => resetDatabase())
    group.teardown(() => closeBrowser())
    group.each.timeout(150_000)

    test('search a user, suspend with a reason, see it in the history, reinstate; an admin target waits for a second admin', async ({
      assert,
    }) => {
      await makeUser('admin', {
        email: 'boss@palletline.test',
        password: 'adminpass1',
        firstName: 'Ada',
        lastName: 'Boss',
      })
      const second = await makeUser('admin', {
        email: 'second@palletline.test',
        password: 'adminpass2',
        firstName: 'Bob',
        lastName: 'Second',
      })
      const shipper = await makeUser('shipper', {
        email: 'grace@goldfreight.test',
        firstName: 'Grace',
        lastName: 'Gold',
      })
      for (const [name, first] of [
        ['Zephyr Haulers LLC', 'Zoe'],
        ['Motor City Lines', 'Max'],
      ]) {
        const user = await makeUser('carrier', { isApproved: true, firstName: first })
        const company = await carrierOf(user)
        company.companyName = name
        await company.save()
      }

      // The second admin watches Grace's page from the start.
      const watcher = await newPage({ viewport })
      await signIn(watcher.page, 'second@palletline.test', 'adminpass2')
      await watcher.page.waitForURL('**/admin')
      const listening = subscribed(watcher.page, 'admin')
      await watcher.page.goto(`/admin/users/${shipper.id}`)
      await watcher.page.getByRole('heading', { name: 'Grace Gold' }).waitFor()
      await listening

      const { page, context } = await newPage({ viewport })
      await signIn(page, 'boss@palletline.test', 'adminpass1')
      await page.waitForURL('**/admin')
      // The menu's User Management: the sidebar, or on a phone the header's drawer.
      if (phone) {
        await page.getByRole('button', { name: 'Open navigation menu' }).click()
        await page
          .getByRole('dialog')
          .getByRole('navigation', { name: 'Account' })
          .getByRole('link', { name: 'User Management' })
          .click()
      } else {
        await page
          .getByRole('navigation', { name: 'Admin dashboard' })
          .getByRole('link', { name: 'User Management' })
          .click()
      }
      await page.waitForURL('**/admin/users')
      await page.getByRole('heading', { name: 'User Management' }).waitFor()
      const users = page.getByRole(phone ? 'list' : 'table', { name: 'Users' })
      await users.getByText('Zephyr Haulers LLC').waitFor()
      assert.equal(
        await page.getByRole(phone ? 'table' : 'list', { name: 'Users' }).isVisible(),
        false,
        phone ? 'a phone shows cards, not the table' : 'the desktop shows the table'
      )
      await shot(page, `list-${viewport.width}`)

      await page.getByLabel('Search').fill('gold')
      await users.getByText('grace@goldfreight.test').waitFor()
      await users.getByText('Zephyr Haulers LLC').waitFor({ state: 'detached' })
      await page.waitForURL(/\/admin\/users\?q=gold$/)
      await users.getByRole('link', { name: 'Grace Gold' }).click()
      await page.waitForURL(`**/admin/users/${shipper.id}`)
      await page.getByRole('heading', { name: 'Grace Gold' }).waitFor()

      // Suspend: the reason is asked first.
      await page.getByRole('button', { name: 'Suspend', exact: true }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Suspend Grace Gold' })
      await dialog.getByRole('button', { name: 'Suspend account' }).click()
      await dialog.getByText('Give the reason for this action').waitFor()
      await dialog.getByLabel('Reason').fill(REASON)
      await shot(page, `suspend-dialog-${viewport.width}`)
      await dialog.getByRole('button', { name: 'Suspend account' }).click()
      await toast(page, 'Account suspended')
      const history = page.getByRole('list', { name: 'Standing history' })
      await history.getByText(REASON).waitFor()
      assert.equal((await User.findOrFail(shipper.id)).approvalStatus, 'suspended')
      // The other admin's page followed, without a reload.
      await watcher.page
        .getByRole('list', { name: 'Standing history' })
        .getByText(REASON)
        .waitFor(LIVE)
      await watcher.page.getByRole('button', { name: 'Reinstate' }).waitFor(LIVE)
      await page.getByRole('list', { name: 'Admin actions' }).getByText(REASON).waitFor()
      await shot(page, `user-suspended-${viewport.width}`)

      await page.getByRole('button', { name: 'Reinstate' }).click()
      const back = page.getByRole('alertdialog', { name: 'Reinstate Grace Gold' })
      await back.getByLabel('Reason').fill(BACK_REASON)
      await back.getByRole('button', { name: 'Reinstate account' }).click()
      await toast(page, 'Account reinstated')
      await history.getByText(BACK_REASON).waitFor()
      assert.equal(await history.getByRole('listitem').count(), 2)
      await page.getByRole('button', { name: 'Suspend', exact: true }).waitFor()
      assert.equal((await User.findOrFail(shipper.id)).approvalStatus, 'approved')

      // An admin target: the action is only asked for, and shown waiting.
      await page.getByRole('link', { name: 'All users' }).click()
      await page.waitForURL(/\/admin\/users\?q=gold$/)
      await page.getByLabel('Search').fill('second@')
      await users.getByRole('link', { name: 'Bob Second' }).click()
      await page.waitForURL(`**/admin/users/${second.id}`)
      await page.getByRole('button', { name: 'Revoke sessions' }).click()
      const ask = page.getByRole('alertdialog', { name: 'Revoke sessions Bob Second' })
      await ask.getByText('A second admin must confirm').waitFor()
      await ask.getByLabel('Reason').fill(ADMIN_REASON)
      await ask.getByRole('button', { name: 'Ask a second admin' }).click()
      await toast(page, 'Waiting for a second admin')
      const waiting = page.getByRole('listitem', { name: 'Revoke the sessions of Bob Second' })
      await waiting.getByText(ADMIN_REASON, { exact: false }).waitFor()
      await waiting.getByText('You asked for this: another admin confirms it').waitFor()
      const pending = await db
        .from('admin_user_action_requests')
        .where({ target_user_id: second.id, status: 'pending' })
      assert.lengthOf(pending, 1)
      await shot(page, `user-admin-pending-${viewport.width}`)
      // The list shows it under Pending confirmations; the admin concerned may not confirm.
      await page.getByRole('link', { name: 'All users' }).click()
      await page
        .getByRole('list', { name: 'Pending confirmations' })
        .getByText(ADMIN_REASON, { exact: false })
        .waitFor()
      await watcher.page.goto('/admin/users')
      const theirs = watcher.page
        .getByRole('list', { name: 'Pending confirmations' })
        .getByRole('listitem', { name: 'Revoke the sessions of Bob Second' })
      await theirs.getByText('This is your account: another admin confirms it').waitFor()
      assert.equal(await theirs.getByRole('button', { name: /^Confirm/ }).count(), 0)
      await shot(page, `list-pending-${viewport.width}`)

      await watcher.context.close()
      await context.close()
    })
  })
}
