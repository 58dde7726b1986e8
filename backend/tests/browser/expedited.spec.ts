import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { Locator, Page } from 'playwright-core'
import ExpeditedJob from '#logistics/models/expedited_job'
import CarrierPaymentsService from '#payments/services/carrier_payments_service'
import PayoutService from '#payments/services/payout_service'
import { makeUser, resetDatabase } from '#tests/helpers'
import { recordExpeditedStepsAs } from '#tests/deliveries'
import { carrierOf, makeTruck } from '#tests/factories'
import { closeBrowser, newPage, signIn, WIDTHS } from '#tests/browser_helpers'
import { formatUsd, splitPayout, toCents } from '#core/money'

/** Where the journey leaves its screenshots, when asked to (SHOTS_DIR). */
const SHOTS = process.env.SHOTS_DIR

/** The viewport with `focus` scrolled into view, as the user sees it there. */
async function shot(page: Page, name: string, width: number, focus?: Locator) {
  if (!SHOTS) return
  await focus?.scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` })
}

/** The sandbox card form: a card, then Pay (docs/decisions/0188: the booking's form). */
async function payWith(page: Page, card: string, price: string) {
  const form = page.getByRole('form', { name: 'Card payment' })
  await form.getByLabel('Card number').fill(card)
  await form.getByLabel('Expiration date').fill('12 / 34')
  await form.getByLabel('Security code').fill('123')
  await form.getByRole('button', { name: `Pay ${price}`, exact: true }).click()
  return form
}

test.group('Browser: an expedited job, requested, paid, accepted, driven and paid out', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): paid after a declined card, offered, driven to delivery, paid out`, async ({
      assert,
    }) => {
      await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })
      const carrier = await makeUser('carrier', {
        email: 'eve@express.test',
        password: 'secret123',
        isApproved: true,
      })
      await makeTruck(carrier, { truckType: 'box_truck', capacity: 6 })
      const company = (await carrierOf(carrier)).companyName

      // The shipper requests a sprinter from Chicago to Detroit within 12 hours.
      const shipper = await newPage({ viewport })
      await signIn(shipper.page, 'sam@shipper.test', 'secret123')
      await shipper.page.waitForURL('**/shipper')
      await shipper.page.goto('/shipper#expedited')
      const form = shipper.page.getByRole('form', { name: 'Request an expedited job' })
      await form.getByLabel('Pickup ZIP').fill('60601')
      await form.getByLabel('Delivery ZIP').fill('48201')
      await form.getByLabel('Pallets').fill('2')
      await shot(shipper.page, 'expedited-request', viewport.width, form)
      await form.getByRole('button', { name: 'Request expedited job' }).click()

      // It waits for payment, unoffered; the price is shown before the card (decision 0188).
      const panel = shipper.page.getByRole('region', { name: /^Pay for EXP-\d{3,}$/ })
      await panel.waitFor()
      const job = await ExpeditedJob.firstOrFail()
      assert.equal(job.status, 'PAYMENT_PENDING')
      const ref = `EXP-${String(job.id).padStart(3, '0')}`
      const price = formatUsd(toCents(job.price))
      await panel.getByRole('heading', { name: `Pay ${price} for ${ref}` }).waitFor()
      await panel.getByLabel('Card number').waitFor()
      await shot(shipper.page, 'expedited-pay-panel', viewport.width, panel)

      // A declined card says so inline; the job stays unoffered and payable.
      const declined = await payWith(shipper.page, '4000 0000 0000 0002', price)
      const inline = declined.getByRole('alert').filter({ hasText: 'Payment Failed' })
      await inline.waitFor({ timeout: 20_000 })
      assert.include(await inline.innerText(), 'Your card was declined.')
      // Said once in the panel, by the form; the job's card says it too, below.
      await shipper.page
        .getByRole('list', { name: 'My expedited jobs' })
        .getByText('Payment failed: Your card was declined.')
        .waitFor({ timeout: 20_000 })
      assert.equal(await panel.getByRole('alert').filter({ hasText: 'declined' }).count(), 1)
      await shot(shipper.page, 'expedited-pay-declined', viewport.width, inline)
      await job.refresh()
      assert.equal(job.status, 'PAYMENT_PENDING')

      // Another card pays it: the job turns "Paid — offered to carriers".
      await payWith(shipper.page, '4242 4242 4242 4242', price)
      const shipperCard = shipper.page
        .getByRole('list', { name: 'My expedited jobs' })
        .getByRole('listitem', { name: new RegExp(`^${ref} `) })
      await shipperCard.getByText('Paid — offered to carriers').waitFor({ timeout: 20_000 })
      await shipperCard.getByText('Requested', { exact: true }).waitFor()
      await shot(shipper.page, 'expedited-paid-card', viewport.width, shipperCard)
      await job.refresh()
      assert.equal(job.paymentStatus, 'paid')
      if (name === 'phone') {
        // At phone width the journey is the request and the payment.
        await shipper.context.close()
        return
      }

      // The carrier sees it offered and accepts it.
      const driver = await newPage({ viewport })
      await signIn(driver.page, 'eve@express.test', 'secret123')
      await driver.page.waitForURL('**/carrier')
      await driver.page.goto('/carrier#expedited')
      // Its pay, the payout split of the price; never the shipper's price (decision 0188).
      const offer = driver.page
        .getByRole('list', { name: 'Offered expedited jobs' })
        .getByRole('listitem', { name: new RegExp(`^${ref} `) })
      const pay = formatUsd(splitPayout(toCents(job.price)).payoutCents)
      await offer.getByText(pay).waitFor()
      assert.notInclude(await offer.innerText(), formatUsd(toCents(job.price)))
      await driver.page.getByRole('button', { name: `Accept ${ref}` }).click()
      await driver.page.getByText(`${ref} accepted`).first().waitFor()
      const mine = driver.page
        .getByRole('list', { name: 'My expedited jobs' })
        .getByRole('listitem', { name: new RegExp(`^${ref} `) })
      await mine.getByText(company).waitFor()

      // The driver reports from Gary, IN (typed ZIP), picks up, then reports from Ann Arbor.
      await mine.getByLabel('ZIP').fill('46402')
      await mine.getByRole('button', { name: 'Send position' }).click()
      await mine.getByText(/Last position sent/).waitFor()
      const eta = shipperCard.getByTestId('expedited-eta')
      // Paid, the shipper sees the carrier's company, as a paid booking's (decision 0188).
      await shipperCard.getByText(company).waitFor({ timeout: 20_000 })
      await eta.getByText(/\d/).waitFor({ timeout: 20_000 })
      const first = await eta.innerText()
      await job.refresh()
      const firstEta = job.eta!

      await mine.getByRole('button', { name: 'Mark picked up' }).click()
      await driver.page.getByText(`${ref} picked up`).first().waitFor()
      await mine.getByLabel('Latitude').fill('42.2808')
      await mine.getByLabel('Longitude').fill('-83.743')
      await mine.getByRole('button', { name: 'Send position' }).click()
      await shipperCard.getByText('Picked up', { exact: true }).waitFor({ timeout: 20_000 })
      // The shipper's list polls: the ETA shown changes without a reload.
      for (let i = 0; (await eta.innerText()) === first; i++) {
        if (i > 100) throw new Error(`the ETA stayed at ${first}`)
        await shipper.page.waitForTimeout(200)
      }
      await job.refresh()
      assert.equal(job.status, 'PICKED_UP')
      assert.isTrue(job.eta! < firstEta, 'nearer the delivery, the ETA comes earlier')
      assert.deepEqual(job.driverGeo, { lat: 42.2808, lng: -83.743 })
      assert.isTrue(
        await shipper.page
          .getByRole('img', { name: new RegExp(`Map of expedited job ${ref}`) })
          .isVisible()
      )

      // The drive takes hours: the pickup is moved back so the delivery can be recorded now,
      // by the server's clock and by the browser's, which CI does not fake (.ci/off-hours: up to
      // about 22 hours behind this process's).
      await db
        .from('expedited_jobs')
        .where('id', job.id)
        .update({
          picked_up_at: DateTime.now()
            .minus({ hours: 30 })
            .toFormat(db.connection().dialect.dateTimeFormat),
        })
      await driver.page.reload()
      // The panel has no delivering button: "Record delivery" opens the stops screen, where the
      // signed step delivers the job (docs/decisions/0264; its steps in the browser are
      // driver_expedited.spec.ts's journey).
      assert.equal(await mine.getByRole('button', { name: /Mark delivered/ }).count(), 0)
      const recordDelivery = mine.getByRole('link', { name: `Record delivery of ${ref}` })
      await shot(driver.page, 'carrier-expedited-record-delivery', viewport.width, recordDelivery)
      // The same panel at phone width (this journey's phone run stops at the payment).
      await driver.page.setViewportSize({ width: 390, height: 844 })
      await shot(driver.page, 'carrier-expedited-record-delivery', 390, recordDelivery)
      await driver.page.setViewportSize(viewport)
      await recordDelivery.click()
      await driver.page.waitForURL(`**/drive/expedited/${job.id}`)
      await driver.page.getByText(`Driver · ${ref}`).waitFor()
      await shot(driver.page, 'carrier-expedited-stops', viewport.width)
      const steps = await recordExpeditedStepsAs(job.id, carrier.id)
      assert.isTrue(steps.podAvailable)
      // (its status, and the driver's latest step)
      await shipperCard.getByText('Delivered', { exact: true }).first().waitFor({ timeout: 20_000 })
      await shipperCard.getByRole('link', { name: 'Proof of delivery (PDF)' }).waitFor()
      assert.include(await shipperCard.innerText(), company)

      // 48 hours after delivery the payout run pays the carrier its share (decision 0188).
      const payments = await app.container.make(CarrierPaymentsService)
      const { url } = await payments.onboard(carrier.id, carrier.email, 'http://127.0.0.1:3333')
      await payments.completeSandboxOnboarding(carrier.id, new URL(url).pathname.split('/').pop()!)
      await db
        .from('expedited_payments')
        .where('expedited_job_id', job.id)
        .whereNotNull('payout_status')
        .update({
          payout_due_at: DateTime.now()
            .minus({ minutes: 1 })
            .toFormat(db.connection().dialect.dateTimeFormat),
        })
      const run = await (await app.container.make(PayoutService)).run()
      assert.deepEqual(run.expedited.paid, [job.id])
      await driver.page.goto('/carrier#payouts')
      const payoutRow = driver.page.getByRole('row', { name: `Payout ${ref}` })
      await payoutRow.getByText('Expedited job').waitFor()
      await payoutRow.getByText('Paid', { exact: true }).waitFor()
      assert.include(await payoutRow.innerText(), pay)
      await shot(driver.page, 'carrier-payout-history', viewport.width, payoutRow)
      // At phone width the history is a list of cards; the EXP one reads the same.
      await driver.page.setViewportSize({ width: 390, height: 844 })
      const payoutCard = driver.page.getByRole('listitem', { name: `Payout ${ref}` })
      await payoutCard.getByText('Expedited job').waitFor()
      assert.include(await payoutCard.innerText(), pay)
      await shot(driver.page, 'carrier-payout-history', 390, payoutCard)

      await shipper.context.close()
      await driver.context.close()
    })
  }
})
