/*
 * Quick pay (docs/decisions/0222) in the browser: a delivered booking's pending payout on the
 * carrier's Payout History offers "Get paid now" with the amount and the fee, asks first, then
 * reads Paid with the quick pay and its fee noted; the carrier's other tab follows by the live
 * payout notice, without a reload.
 */
import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import { splitQuickPay, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn, subscribed } from '#tests/browser_helpers'
import {
  deliver,
  makeCarrier,
  paidBooking,
  reload,
  transfersOf,
} from '#payments/tests/payout_fixtures'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const dollars = (cents: number) => usd.format(cents / 100)
/** Where the journey leaves its screenshots, when asked to (SHOTS_DIR). */
const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string, width: number) {
  if (!SHOTS) return
  await mkdir(SHOTS, { recursive: true })
  await page.waitForTimeout(300) // the dialog's and toasts' entry animations
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
}

/** Resolves once the page's stream holds a subscription to `channel`. */

async function openPayoutHistory(page: Page) {
  await page.goto('/carrier#payouts')
  await page.getByRole('heading', { name: 'Payout History' }).waitFor()
}

test.group('Browser: quick pay on the carrier’s Payout History', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)
  group.teardown(() => closeBrowser())

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`Get paid now: the fee and the amount first, a confirmation, then Paid (${viewport.width} px)`, async ({
      assert,
    }) => {
      const shipper = await makeUser('shipper')
      const carrier = await makeCarrier()
      await carrier.user.merge({ password: 'secret123' }).save()
      const booking = await deliver(await paidBooking(shipper, carrier.listing, 4), carrier.user)
      const reference = bookingReference(booking.id)
      const split = splitQuickPay(toCents(booking.totalAmount!))
      const phone = viewport.width < 768

      // A second tab of the carrier's, left on Payout History, follows by the live notice.
      const watcher = await newPage({ viewport })
      await signIn(watcher.page, carrier.user.email, 'secret123')
      await watcher.page.waitForURL('**/carrier')
      const listening = subscribed(watcher.page, `users/${carrier.user.id}`)
      await openPayoutHistory(watcher.page)
      await listening
      const watched = watcher.page.getByRole(phone ? 'listitem' : 'row', {
        name: `Payout ${reference}`,
      })
      await watched.getByText('Awaiting Release', { exact: true }).waitFor()

      const { context, page } = await newPage({ viewport })
      await signIn(page, carrier.user.email, 'secret123')
      await page.waitForURL('**/carrier')
      await openPayoutHistory(page)
      const row = page.getByRole(phone ? 'listitem' : 'row', { name: `Payout ${reference}` })
      await row.getByText('Awaiting Release', { exact: true }).waitFor()
      // The amount and the fee are on the row before anything is asked.
      assert.include(
        await row.innerText(),
        `${dollars(split.paidNowCents)} now, quick-pay fee ${dollars(split.feeCents)} (2%)`
      )
      const offer = row.getByRole('button', { name: 'Get paid now' })
      await offer.scrollIntoViewIfNeeded()
      await shot(page, 'quick-pay-offer', viewport.width)

      await offer.click()
      const dialog = page.getByRole('alertdialog', { name: `Get paid now for ${reference}?` })
      await dialog.waitFor()
      const text = await dialog.innerText()
      assert.include(text, `You receive ${dollars(split.paidNowCents)} now`)
      assert.include(
        text,
        `quick-pay fee of ${dollars(split.feeCents)} (2% of your ${dollars(split.payoutCents)} payout)`
      )
      assert.include(text, 'This cannot be undone')
      await shot(page, 'quick-pay-confirm', viewport.width)
      // Nothing happened yet.
      assert.equal((await reload(booking.id)).payoutStatus, 'pending')

      await dialog.getByRole('button', { name: `Get ${dollars(split.paidNowCents)} now` }).click()
      await page
        .getByText(`Paid ${dollars(split.paidNowCents)} now`)
        .first()
        .waitFor()
      await dialog.waitFor({ state: 'hidden' })
      await row.getByText('Paid', { exact: true }).waitFor()
      assert.include(
        await row.innerText(),
        `Quick pay: fee ${dollars(split.feeCents)}, ${dollars(split.paidNowCents)} paid`
      )
      assert.equal(await row.getByRole('button', { name: 'Get paid now' }).count(), 0)
      await shot(page, 'quick-pay-paid', viewport.width)

      // The other tab, without a reload.
      await watched.getByText('Paid', { exact: true }).waitFor({ timeout: 5_000 })
      assert.include(await watched.innerText(), `Quick pay: fee ${dollars(split.feeCents)}`)

      // The database agrees: one transfer, of the payout less the fee.
      const paid = await reload(booking.id)
      assert.equal(paid.payoutStatus, 'paid')
      assert.equal(paid.quickPayFeeCents, split.feeCents)
      const transfers = await transfersOf(booking.id)
      assert.lengthOf(transfers, 1)
      assert.equal(Number(transfers[0].amount_cents), split.paidNowCents)
      const fee = await db
        .from('ledger_entries')
        .where('txn', `booking-${booking.id}-quick-pay-fee`)
        .where('account', 'platform_revenue')
        .first()
      assert.equal(Number(fee.amount_cents), -split.feeCents)

      await context.close()
      await watcher.context.close()
    })
  }
})
