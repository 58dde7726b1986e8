import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { Page } from 'playwright-core'
import User from '#accounts/models/user'
import Booking from '#marketplace/models/booking'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'
import { toCents } from '#core/money'
import {
  deliveredBooking,
  makeCarrier,
  paidBooking,
  transfersOf,
} from '#payments/tests/payout_fixtures'
import PayoutService from '#payments/services/payout_service'

const usd = (amount: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount)

/** The figures of the summary cards, counted straight from the database. */
async function expectedSummary() {
  const users = await User.all()
  const count = (pred: (u: User) => boolean) => users.filter(pred).length
  const monthStart = DateTime.utc().startOf('month')
  const bookings = (await Booking.all()).filter(
    (b) => b.status !== 'cancelled' && b.createdAt >= monthStart
  )
  const revenueCents = bookings.reduce((sum, b) => sum + toCents(b.totalAmount ?? 0), 0)
  return {
    totalUsers: users.length,
    shippers: count((u) => u.role === 'shipper'),
    carriers: count((u) => u.role === 'carrier'),
    admins: count((u) => u.role === 'admin'),
    activeCarriers: count((u) => u.role === 'carrier' && u.approvalStatus === 'approved'),
    pendingApprovals: count((u) => u.approvalStatus === 'pending'),
    monthlyRevenue: usd(revenueCents / 100),
    monthLabel: DateTime.utc().toFormat('LLLL yyyy'),
  }
}

/** Waits until every summary card shows what the database holds. */
async function cardsMatchDatabase(page: Page) {
  const expected = await expectedSummary()
  const card = (name: string) => page.getByRole('group', { name })
  await card('Total Users').getByText(String(expected.totalUsers), { exact: true }).waitFor()
  const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`
  await card('Total Users')
    .getByText(
      [
        plural(expected.shippers, 'shipper'),
        plural(expected.carriers, 'carrier'),
        plural(expected.admins, 'admin'),
      ].join(' · ')
    )
    .waitFor()
  await card('Active Carriers')
    .getByText(String(expected.activeCarriers), { exact: true })
    .waitFor()
  await card('Pending Approvals')
    .getByText(String(expected.pendingApprovals), { exact: true })
    .waitFor()
  await card('Monthly Revenue').getByText(expected.monthlyRevenue, { exact: true }).waitFor()
  await card('Monthly Revenue').getByText(`Bookings created in ${expected.monthLabel}`).waitFor()
  return expected
}

test.group('Browser: admin console', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  test('an admin approves one pending carrier and rejects another; the cards follow the database', async ({
    assert,
  }) => {
    await makeUser('admin', { email: 'boss@palletline.test', password: 'adminpass1' })
    const shipper = await makeUser('shipper')
    await makeUser('shipper')
    const working = await makeUser('carrier', { isApproved: true })
    const approveMe = await makeUser('carrier', { email: 'yes@haulers.test', isApproved: false })
    const rejectMe = await makeUser('carrier', { email: 'no@haulers.test', isApproved: false })

    // Revenue this month: two live bookings and a cancelled one that must not count.
    const listing = await makeListing(working)
    await makeBooking(shipper, listing, { pallets: 2 })
    await makeBooking(shipper, listing, { pallets: 4, status: 'in_transit' })
    const cancelled = await makeBooking(shipper, listing, { pallets: 1, status: 'cancelled' })

    const { context, page } = await newPage()
    await signIn(page, 'boss@palletline.test', 'adminpass1')
    await page.waitForURL('**/admin')

    const before = await cardsMatchDatabase(page)
    assert.equal(before.totalUsers, 6)
    assert.equal(before.pendingApprovals, 2)
    assert.equal(before.activeCarriers, 1)
    assert.notEqual(before.monthlyRevenue, usd(0))

    // The newest booking is listed first with its TRT- reference.
    await page
      .getByRole('list', { name: 'Recent bookings' })
      .getByText(`TRT-${String(cancelled.id).padStart(3, '0')}`)
      .waitFor()

    await page.getByRole('button', { name: 'Approve yes@haulers.test' }).click()
    await page
      .getByText('User approval status has been updated successfully.', { exact: true })
      .first()
      .waitFor()
    await page
      .getByRole('button', { name: 'Approve yes@haulers.test' })
      .waitFor({ state: 'detached' })
    await page.getByRole('button', { name: 'Reject no@haulers.test' }).click()
    await page.getByText('No pending approvals').waitFor()

    await approveMe.refresh()
    await rejectMe.refresh()
    assert.equal(approveMe.approvalStatus, 'approved')
    assert.isTrue(approveMe.isApproved)
    assert.equal(rejectMe.approvalStatus, 'rejected')
    assert.isFalse(rejectMe.isApproved)

    const after = await cardsMatchDatabase(page)
    assert.equal(after.pendingApprovals, 0)
    assert.equal(after.activeCarriers, 2)
    assert.equal(after.totalUsers, 6)

    // Platform analytics and the audit log come from the API too.
    // Every booking here was created this month, so all-time revenue equals the month's.
    await page
      .getByRole('group', { name: 'Total Revenue' })
      .getByText(after.monthlyRevenue, { exact: true })
      .waitFor()
    // Recent Bookings shows carriers anonymously: looking reveals nobody and logs nothing.
    const adminReveals = async () =>
      Number(
        (await db.from('identity_reveal_log').where('viewer_role', 'admin').count('* as n'))[0].n
      )
    assert.equal(await adminReveals(), 0)
    // The admin reveals one carrier on purpose: logged once, shown in the audit log.
    const recent = page.getByRole('list', { name: 'Recent bookings' })
    await recent
      .getByRole('button', { name: /^Reveal the carrier of / })
      .first()
      .click()
    // It asks why and asks first (docs/decisions/0186): the reason is logged with the reveal.
    const ask = page.getByRole('alertdialog', { name: /^Reveal the carrier of TRT-/ })
    await ask.getByLabel('Reason for the reveal').fill('Support ticket 4412: who hauled it')
    await page.screenshot({ path: '/tmp/shots/helper-misc/reveal-dialog-1280.png' })
    await ask.getByRole('button', { name: 'Reveal carrier' }).click()
    await ask.waitFor({ state: 'detached' })
    await recent
      .getByRole('button', { name: /^Reveal the carrier of / })
      .first()
      .waitFor()
    await page.getByRole('cell', { name: 'Admin', exact: true }).first().waitFor()
    assert.equal(await adminReveals(), 1)
    const [logged] = await db.from('identity_reveal_log').where('viewer_role', 'admin')
    assert.equal(logged.reason, 'Support ticket 4412: who hauled it')
    await context.close()
  })

  test('the Money & audit panel shows the reconciled ledger and flags an edited ledger row', async () => {
    await makeUser('admin', { email: 'boss@palletline.test', password: 'adminpass1' })
    const shipper = await makeUser('shipper')
    const carrier = await makeCarrier()
    // Paid through the real card path: the ledger holds its charge.
    await paidBooking(shipper, carrier.listing, 3)

    const { context, page } = await newPage()
    await signIn(page, 'boss@palletline.test', 'adminpass1')
    await page.waitForURL('**/admin')
    await page.getByText('Ledger reconciles to the cent').waitFor()
    const chains = page.getByRole('list', { name: 'Audit chains' })
    await chains.getByText('ledger_entries: 2 rows intact').waitFor()

    // Someone edits a ledger line directly in the database.
    const line = await db.from('ledger_entries').orderBy('id').first()
    await db
      .from('ledger_entries')
      .where('id', line.id)
      .update({ amount_cents: Number(line.amount_cents) - 100 })
    await page.reload()
    await chains.getByText(`ledger_entries: broken at row ${line.id}`).waitFor()
    await page.getByRole('list', { name: 'Reconciliation problems' }).waitFor()
    await context.close()
  })

  test('a failed payout is retried from Payouts needing attention once the account is fixed', async ({
    assert,
  }) => {
    await makeUser('admin', { email: 'boss@palletline.test', password: 'adminpass1' })
    // Our records say onboarded, the provider disagrees: the transfer is refused.
    const { booking, carrier } = await deliveredBooking({ onboarded: false })
    await db
      .from('carriers')
      .where('id', carrier.carrier.id)
      .update({ stripe_onboarding_completed: true })
    await db
      .from('bookings')
      .where('id', booking.id)
      .update({ completed_at: DateTime.utc().toFormat('yyyy-MM-dd HH:mm:ss') })
    const summary = await (await app.container.make(PayoutService)).run()
    assert.deepEqual(summary.failed, [booking.id])

    const { context, page } = await newPage()
    await signIn(page, 'boss@palletline.test', 'adminpass1')
    await page.waitForURL('**/admin')
    const reference = `TRT-${String(booking.id).padStart(3, '0')}`
    const row = page
      .getByRole('table', { name: 'Payouts needing attention' })
      .getByRole('row', { name: `Payout ${reference}` })
    await row.getByText('Failed', { exact: true }).waitFor()
    await row.getByText(carrier.carrier.companyName).waitFor()

    // The operator fixes the account at the provider, then retries from the console.
    await db
      .from('sandbox_accounts')
      .where('id', carrier.accountId!)
      .update({ onboarding_complete: true, payouts_enabled: true })
    await row.getByRole('button', { name: `Retry now for ${reference}` }).click()
    await page.getByText('Payout sent', { exact: true }).first().waitFor()
    await page.getByText('No payouts need attention').waitFor()
    await page.getByText('Ledger reconciles to the cent').waitFor()

    assert.equal((await db.from('bookings').where('id', booking.id).first()).payout_status, 'paid')
    assert.lengthOf(await transfersOf(booking.id), 1)
    await context.close()
  })
})
