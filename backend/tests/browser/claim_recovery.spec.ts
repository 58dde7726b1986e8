/*
 * A cargo claim's recovery in the browser (docs/decisions/0254): a claim settled after the
 * payout's release is advanced to the shipper and netted from the carrier's next payout. The
 * carrier's Payout History names the claim on the netted payout (a link to it); the claim shows,
 * to the shipper and to the carrier, what was advanced, collected and outstanding; the shipper's
 * open claim follows the collection live. No sideways scroll on a phone; axe-core finds no
 * serious violation.
 */
import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { AxeBuilder } from '@axe-core/playwright'
import { DateTime } from 'luxon'
import type { Page } from 'playwright-core'
import PayoutService, { AUTO_RELEASE_HOURS } from '#payments/services/payout_service'
import CargoClaimService from '#payments/services/cargo_claim_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import { splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, sideScroll, signIn } from '#tests/browser_helpers'
import { deliver, makeCarrier, paidBooking } from '#payments/tests/payout_fixtures'

const SHOTS = process.env.SHOTS_DIR
const SERIOUS = new Set(['serious', 'critical'])

async function shot(page: Page, name: string, width: number) {
  if (!SHOTS) return
  await mkdir(SHOTS, { recursive: true })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
}

async function violations(page: Page): Promise<string[]> {
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

const money = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)

async function backdate(bookingId: number) {
  await db
    .from('bookings')
    .where('id', bookingId)
    .update({
      delivered_at: DateTime.now()
        .minus({ hours: AUTO_RELEASE_HOURS + 1 })
        .toFormat(db.connection().dialect.dateTimeFormat),
    })
}

test.group('Browser: a claim recovery netted from the next payout', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(180_000)
  group.teardown(() => closeBrowser())

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`advanced, collected and shown to both parties (${viewport.width} px)`, async ({
      assert,
    }) => {
      const shipper = await makeUser('shipper', { password: 'shipperpass1' })
      const carrier = await makeCarrier()
      await carrier.user.merge({ password: 'carrierpass1' }).save()
      const payouts = await app.container.make(PayoutService)
      const claimed = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
      await backdate(claimed.id)
      await payouts.run()
      const reference = bookingReference(claimed.id)
      // A claim after the release, accepted by the carrier: a recovery of $250.50.
      const claims = await app.container.make(CargoClaimService)
      const claim = await claims.file(shipper.id, claimed.id, {
        type: 'damage',
        amountCents: 25_050,
        description: 'One pallet crushed in the trailer',
      })
      await claims.respond({ userId: carrier.user.id, role: 'carrier' }, claim.id, {
        action: 'accept',
      })

      // The shipper follows the claim: advanced at once, nothing collected yet.
      const { page } = await newPage({ viewport })
      await signIn(page, shipper.email, 'shipperpass1')
      await page.waitForURL('**/shipper')
      await page.goto(`/claims?claim=${claim.id}`)
      await page.getByRole('heading', { name: `Claim on ${reference}` }).waitFor()
      const figure = (label: string) =>
        page.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=..')
      await figure('Outstanding').getByText(money(25_050)).waitFor()
      await figure('Recovery refunded to the card').getByText(money(25_050)).waitFor()

      // The carrier's next booking is delivered and paid out, less the recovery.
      const next = await deliver(await paidBooking(shipper, carrier.listing, 1), carrier.user)
      await backdate(next.id)
      await payouts.run()
      const payout = splitPayout(toCents(next.totalAmount!)).payoutCents
      const [transfer] = await db
        .from('sandbox_transfers')
        .where('transfer_group', `booking_${next.id}`)
      assert.equal(Number(transfer.amount_cents), payout - 25_050)

      // The shipper's open claim follows the collection without a reload.
      await figure('Collected from payouts').getByText(money(25_050)).waitFor({ timeout: 10_000 })
      await figure('Outstanding').getByText(money(0)).waitFor()
      await page.getByText('Recovery collected from a payout').first().waitFor()
      assert.isAtMost(await sideScroll(page), 0)
      assert.deepEqual(await violations(page), [])
      await shot(page, 'claim-recovery-shipper', viewport.width)

      // The carrier's Payout History names the claim on the netted payout.
      const carrierSide = await newPage({ viewport })
      await signIn(carrierSide.page, carrier.user.email, 'carrierpass1')
      await carrierSide.page.waitForURL('**/carrier')
      await carrierSide.page.goto('/carrier#payouts')
      const row = carrierSide.page
        .getByLabel(`Payout ${bookingReference(next.id)}`)
        .filter({ visible: true })
      await row.getByText(`Claim recovery on ${reference}: ${money(25_050)} deducted`).waitFor()
      assert.isAtMost(await sideScroll(carrierSide.page), 0)
      assert.deepEqual(await violations(carrierSide.page), [])
      await shot(carrierSide.page, 'payout-history-recovery', viewport.width)
      await row.getByRole('link', { name: reference }).click()
      await carrierSide.page.getByRole('heading', { name: `Claim on ${reference}` }).waitFor()
      await carrierSide.page.getByText('Collected from payouts').waitFor()
      await shot(carrierSide.page, 'claim-recovery-carrier', viewport.width)

      const report = await new ReconciliationService().reconcile()
      assert.deepEqual(report.problems, [])
      assert.equal(report.totals.recoveryDeductedCents, 25_050)
    })
  }
})
