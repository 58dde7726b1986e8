/*
 * Cargo claims in the browser (docs/decisions/0232, 0233), from filing to settlement: the
 * shipper files a claim on a delivered booking from My Bookings and follows it; the carrier
 * offers part with reasons (the shipper's photo attached as evidence); the shipper escalates; an admin awards an amount with a reason.
 * Each party's screen follows the others' steps by the live claim notice, without a reload.
 * The shipper's card is refunded out of the held payout, the rest paid to the carrier, and the
 * books reconcile to the cent. axe-core finds no serious violation on each screen.
 */
import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import db from '@adonisjs/lucid/services/db'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import ReconciliationService from '#payments/services/reconciliation_service'
import AuditService from '#payments/services/audit_service'
import { splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, sideScroll, signIn, subscribed } from '#tests/browser_helpers'
import { deliver, makeCarrier, paidBooking, transfersOf } from '#payments/tests/payout_fixtures'
import { PHOTO_PNG } from '#tests/deliveries'

/** Where the journey leaves its screenshots, when asked to (SHOTS_DIR). */
const SHOTS = process.env.SHOTS_DIR
const SERIOUS = new Set(['serious', 'critical'])

async function shot(page: Page, name: string, width: number) {
  if (!SHOTS) return
  await mkdir(SHOTS, { recursive: true })
  await page.waitForTimeout(300) // the dialog's and toasts' entry animations
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
}

/** The serious and critical axe-core violations of the page as it is. */
async function violations(page: Page): Promise<string[]> {
  // A toast fading in or out reads as low contrast: close the toasts, and let the page settle.
  const closers = page.getByRole('button', { name: 'Close notification' })
  for (const close of await closers.all()) await close.click().catch(() => undefined)
  await closers.first().waitFor({ state: 'detached', timeout: 5_000 })
  await page.evaluate(
    'Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => null)))'
  )
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze()
  return result.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map((v) => `${v.id}: ${v.help}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

/** Resolves once the page's stream holds a subscription to `channel`. */

test.group('Browser: a cargo claim from filing to settlement', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(180_000)
  group.teardown(() => closeBrowser())

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`filed, offered, escalated, decided and refunded (${viewport.width} px)`, async ({
      assert,
    }) => {
      const phone = viewport.width < 768
      const shipper = await makeUser('shipper', { password: 'shipperpass1' })
      const carrier = await makeCarrier()
      await carrier.user.merge({ password: 'carrierpass1' }).save()
      await makeUser('admin', { email: 'judge@palletline.test', password: 'adminpass1' })
      const booking = await deliver(await paidBooking(shipper, carrier.listing, 4), carrier.user)
      const reference = bookingReference(booking.id)
      const totalCents = toCents(booking.totalAmount!)
      const claimed = Math.min(40_000, splitPayout(totalCents).payoutCents - 1_000)
      const money = (cents: number) => `$${(cents / 100).toFixed(2)}`
      const claimedText = money(claimed)
      // The offer a quarter, the award three quarters of the claim, whole dollars.
      const offered = Math.floor(claimed / 400) * 100
      const awarded = Math.floor((claimed * 3) / 400) * 100

      // The shipper files from My Bookings.
      const shipperSide = await newPage({ viewport })
      const page = shipperSide.page
      await signIn(page, shipper.email, 'shipperpass1')
      await page.waitForURL('**/shipper')
      const listening = subscribed(page, `users/${shipper.id}`)
      await page.goto('/shipper#bookings')
      await listening
      const row = page.getByRole(phone ? 'listitem' : 'row', { name: `Booking #${booking.id}` })
      await row.getByRole('button', { name: `File a claim on ${reference}` }).click()
      const form = page.getByRole('dialog', { name: `File a cargo claim on ${reference}` })
      await form.getByLabel('What happened', { exact: true }).selectOption('damage')
      await form.getByLabel('Amount claimed (USD)').fill(String(claimed / 100))
      await form
        .getByLabel('What happened to the freight')
        .fill('Two pallets arrived crushed, shrink wrap torn; photos taken at the dock.')
      await shot(page, 'claim-file', viewport.width)
      await form.getByRole('button', { name: 'Review the claim' }).click()
      const confirm = form.getByRole('group', { name: 'Confirm the claim' })
      assert.include(await confirm.innerText(), `File a damage claim for ${claimedText}`)
      assert.lengthOf(await db.from('cargo_claims'), 0)
      await shot(page, 'claim-confirm', viewport.width)
      await confirm.getByRole('button', { name: `File claim for ${claimedText}` }).click()
      await form.getByRole('link', { name: 'Follow the claim' }).click()
      await page.waitForURL('**/claims?claim=*')
      const heading = page.getByRole('heading', { name: `Claim on ${reference}` })
      await heading.waitFor()
      await page.getByText('Waiting for the carrier').first().waitFor()
      await page.getByText(`Claim filed on ${reference}`).first().waitFor()
      const [claim] = await db.from('cargo_claims')
      assert.isTrue(Boolean(claim.payout_held))
      // A photo of the damage, attached as evidence (decision 0245), listed with who sent it.
      await page.getByLabel('Attach photos or documents').setInputFiles({
        name: 'crushed pallet.png',
        mimeType: 'image/png',
        buffer: PHOTO_PNG,
      })
      await page.getByRole('link', { name: 'crushed pallet.png' }).waitFor()
      await page.getByText('Evidence attached').first().waitFor()
      assert.lengthOf(await db.from('cargo_claim_files').where('claim_id', claim.id), 1)
      // The evidence's hash in the history wraps: nothing scrolls sideways on a phone.
      assert.isAtMost(await sideScroll(page), 0)
      assert.deepEqual(await violations(page), [])
      await shot(page, 'claim-filed', viewport.width)

      // The carrier offers part, with reasons.
      const carrierSide = await newPage({ viewport })
      await signIn(carrierSide.page, carrier.user.email, 'carrierpass1')
      await carrierSide.page.waitForURL('**/carrier')
      await carrierSide.page.goto('/claims')
      await carrierSide.page.getByRole('heading', { name: `Claim on ${reference}` }).waitFor()
      await carrierSide.page
        .getByText('Your payout for this booking is held until the claim is resolved.')
        .waitFor()
      await carrierSide.page.getByRole('link', { name: 'crushed pallet.png' }).waitFor()
      await carrierSide.page.getByLabel('Amount offered (USD)').fill(String(offered / 100))
      await carrierSide.page
        .getByLabel('Reasons and evidence')
        .fill('Only one pallet was damaged; the second was already dented at pickup (photo).')
      assert.deepEqual(await violations(carrierSide.page), [])
      await shot(carrierSide.page, 'claim-carrier-answer', viewport.width)
      await carrierSide.page.getByRole('button', { name: 'Send answer' }).click()
      const offerDialog = carrierSide.page.getByRole('alertdialog', {
        name: `Offer ${money(offered)}?`,
      })
      await offerDialog.getByRole('button', { name: `Offer ${money(offered)}` }).click()
      await carrierSide.page.getByText('Answer sent').first().waitFor()
      await carrierSide.page.getByText('Carrier offered part').first().waitFor()

      // The shipper's page follows without a reload, and escalates.
      await page
        .getByRole('button', { name: `Accept ${money(offered)}` })
        .waitFor({ timeout: 10_000 })
      await page
        .getByLabel('Or ask an admin to decide: why')
        .fill('Both pallets were crushed on arrival; the consignee noted it on the POD.')
      await shot(page, 'claim-offer', viewport.width)
      await page.getByRole('button', { name: 'Escalate to an admin' }).click()
      await page
        .getByRole('alertdialog', { name: 'Ask an admin to decide?' })
        .getByRole('button', { name: 'Escalate to an admin' })
        .click()
      await page.getByText('An admin is deciding this claim.').waitFor()

      // An admin decides, with a reason.
      const adminSide = await newPage({ viewport })
      await signIn(adminSide.page, 'judge@palletline.test', 'adminpass1')
      await adminSide.page.waitForURL('**/admin')
      await adminSide.page.goto('/admin/claims')
      const card = adminSide.page.getByLabel(`Claim on ${reference}`)
      await card.getByText('Both pallets were crushed on arrival').waitFor()
      await card.getByRole('link', { name: 'crushed pallet.png' }).waitFor()
      await card.getByLabel('Amount awarded (USD)').fill(String(awarded / 100))
      await card
        .getByLabel("Reason (kept in the claim's audit)")
        .fill('The POD notes two crushed pallets; award three quarters of the claim.')
      assert.deepEqual(await violations(adminSide.page), [])
      await shot(adminSide.page, 'claim-admin', viewport.width)
      await card.getByRole('button', { name: 'Decide' }).click()
      const decision = adminSide.page.getByRole('alertdialog', {
        name: `Award ${money(awarded)} on ${reference}?`,
      })
      assert.include(await decision.innerText(), 'This cannot be undone')
      await shot(adminSide.page, 'claim-admin-confirm', viewport.width)
      await decision.getByRole('button', { name: `Award ${money(awarded)}` }).click()
      await adminSide.page.getByText(`Claim on ${reference} decided`).first().waitFor()

      // The shipper sees it settled, live.
      await page.getByText('Refunded to the card').waitFor({ timeout: 10_000 })
      await page.getByText('Settled', { exact: true }).first().waitFor()
      assert.deepEqual(await violations(page), [])
      await shot(page, 'claim-settled', viewport.width)

      // The money: the card refunded once, the payout less the refund paid, the books exact.
      const row2 = await db.from('bookings').where('id', booking.id).first()
      assert.equal(Number(row2.claim_refund_cents), awarded)
      assert.equal(row2.payout_status, 'paid')
      const transfers = await transfersOf(booking.id)
      assert.lengthOf(transfers, 1)
      assert.equal(Number(transfers[0].amount_cents), splitPayout(totalCents).payoutCents - awarded)
      const refunds = await db
        .from('sandbox_refunds')
        .where('payment_id', booking.stripePaymentIntentId!)
      assert.lengthOf(refunds, 1)
      assert.equal(Number(refunds[0].amount_cents), awarded)
      const report = await new ReconciliationService().reconcile()
      assert.deepEqual(report.problems, [])
      for (const verdict of await new AuditService().verifyAll()) assert.isTrue(verdict.ok)

      await shipperSide.context.close()
      await carrierSide.context.close()
      await adminSide.context.close()
    })
  }
})
