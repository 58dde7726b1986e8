/*
 * Proof of delivery from the driver's phone (issue 37, docs/decisions/0243): a driver opens
 * /drive/bookings/:id, records each step in order (a photo when loaded, the consignee's
 * signature drawn on the screen at the delivery), with the phone's position; one step is
 * recorded offline, shown as queued, and sent once when the phone is back online. The shipper's
 * bookings follow the departure live; the signed POD is in the Document Hub. axe-core finds no
 * serious violation. At 390 px first, and at 1280 px.
 */
import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import { Clock } from '#core/clock'
import { businessDateColumn } from '#core/business_time'
import { bookingReference } from '#core/reference'
import Booking from '#marketplace/models/booking'
import { baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { acceptRateConfirmation } from '#tests/deliveries'
import {
  closeBrowser,
  launchBrowser,
  seriousViolations,
  signIn,
  subscribed,
} from '#tests/browser_helpers'
import { PHOTO_JPEG } from '#tms/tests/stop_event_fixtures'

const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string, width: number) {
  if (!SHOTS) return
  await mkdir(SHOTS, { recursive: true })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
}

const count = async (bookingId: number, type?: string) => {
  const query = db.from('stop_events').where('booking_id', bookingId)
  if (type) query.where('type', type)
  return Number((await query.count('* as n'))[0].n)
}

/** The step's card in the list of steps. */
const stepCard = (page: Page, label: string) =>
  page.getByRole('list', { name: 'Steps' }).getByRole('listitem').filter({ hasText: label })

/** Presses the current step's button and confirms in the alert dialog. */
async function record(page: Page, label: string) {
  await page
    .getByRole('button', { name: label === 'exception' ? 'Record exception' : `Record: ${label}` })
    .click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByRole('button', { name: 'Record' }).click()
  await dialog.waitFor({ state: 'detached' })
}

test.group('Browser: proof of delivery from the driver’s phone', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(180_000)
  group.teardown(() => closeBrowser())

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    test(`each step with a photo, a signature and an offline step (${viewport.width} px)`, async ({
      assert,
    }) => {
      const carrier = await makeUser('carrier', { isApproved: true, password: 'carrierpass1' })
      const shipper = await makeUser('shipper', { password: 'shipperpass1' })
      const listing = await makeListing(carrier)
      // Picked up yesterday by the server's clock (the browser's own clock plays no part: the
      // server decides every rule, and the phone's time is only kept as reported).
      const clock = await app.container.make(Clock)
      const booking = await makeBooking(shipper, listing, {
        status: 'confirmed',
        pickupDate: businessDateColumn(clock, -1),
        deliveryDate: businessDateColumn(clock, 0),
      })
      await acceptRateConfirmation(booking.id, carrier.id)
      const reference = bookingReference(booking.id)

      // The shipper watches its bookings.
      const browser = await launchBrowser()
      const shipperContext = await browser.newContext({
        baseURL: baseUrl(),
        viewport,
      })
      const shipperPage = await shipperContext.newPage()
      await signIn(shipperPage, shipper.email, 'shipperpass1')
      await shipperPage.waitForURL('**/shipper')
      const listening = subscribed(shipperPage, `users/${shipper.id}`)
      await shipperPage.goto('/shipper#bookings')
      await listening

      // The driver's phone, with its position shared.
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport,
        permissions: ['geolocation'],
        geolocation: { latitude: 41.8819, longitude: -87.6278, accuracy: 15 },
      })
      const page = await context.newPage()
      await signIn(page, carrier.email, 'carrierpass1')
      await page.waitForURL('**/carrier')
      await page.goto(`/drive/bookings/${booking.id}`)
      await page.getByText(`Driver · ${reference}`).waitFor()
      assert.equal(await page.locator('[aria-current="step"]').getAttribute('aria-current'), 'step')
      assert.include(await page.locator('[aria-current="step"]').innerText(), 'Arrived at pickup')
      assert.deepEqual(await seriousViolations(page), [])
      await shot(page, 'drive-start', viewport.width)

      await record(page, 'Arrived at pickup')
      await stepCard(page, 'Arrived at pickup').getByText('Sent').waitFor()

      // Loaded: pieces, seal and a camera photo (resized on the phone before it is sent).
      await page.getByLabel('Pieces loaded').fill('4')
      await page.getByLabel('Seal number (if sealed)').fill('SL-4471')
      await page
        .locator('#loaded-photo')
        .setInputFiles({ name: 'load.jpg', mimeType: 'image/jpeg', buffer: PHOTO_JPEG })
      await page.getByRole('img', { name: 'Photo 1' }).waitFor()
      await shot(page, 'drive-loaded', viewport.width)
      await record(page, 'Loaded')
      await stepCard(page, 'Loaded').getByText('Sent').waitFor()

      // Departed: the shipper's bookings say In Transit, live.
      await record(page, 'Departed pickup')
      await stepCard(page, 'Departed pickup').getByText('Sent').waitFor()
      await shipperPage.getByText('In Transit').first().waitFor({ timeout: 2_000 })

      // Arrived at delivery, with no network: queued on the phone, sent once back online.
      await context.setOffline(true)
      await page.getByText('You are offline').waitFor()
      await record(page, 'Arrived at delivery')
      await stepCard(page, 'Arrived at delivery')
        .getByText('Queued, will send when online')
        .waitFor()
      await shot(page, 'drive-offline', viewport.width)
      assert.equal(await count(booking.id, 'arrived_delivery'), 0)
      await context.setOffline(false)
      await stepCard(page, 'Arrived at delivery').getByText('Sent').waitFor({ timeout: 10_000 })
      assert.equal(await count(booking.id, 'arrived_delivery'), 1)

      // Delivered: the consignee's name and signature drawn on the screen, and a photo.
      await page.getByLabel('Consignee’s name').fill('Dana Receiver')
      await page.getByTestId('signature-pad').scrollIntoViewIfNeeded()
      const pad = await page.getByTestId('signature-pad').boundingBox()
      assert.isNotNull(pad)
      await page.mouse.move(pad!.x + 20, pad!.y + 60)
      await page.mouse.down()
      for (const [dx, dy] of [
        [60, 20],
        [100, 80],
        [150, 30],
        [200, 90],
      ]) {
        await page.mouse.move(pad!.x + dx, pad!.y + dy, { steps: 5 })
      }
      await page.mouse.up()
      await page.getByText('Signed. Clear to sign again.').waitFor()
      await page
        .locator('#delivered-photo')
        .setInputFiles({ name: 'freight.jpg', mimeType: 'image/jpeg', buffer: PHOTO_JPEG })
      await page.getByRole('img', { name: 'Photo 1' }).waitFor()
      assert.deepEqual(await seriousViolations(page), [])
      await shot(page, 'drive-deliver', viewport.width)
      await record(page, 'Delivered')
      await page.getByText('Delivered and signed').waitFor({ timeout: 15_000 })
      await shot(page, 'drive-done', viewport.width)

      assert.equal((await Booking.findOrFail(booking.id)).status, 'delivered')
      assert.equal(await count(booking.id), 5)
      const positions = await db
        .from('stop_events')
        .where('booking_id', booking.id)
        .whereNotNull('latitude')
      assert.lengthOf(positions, 5)
      const photos = await db
        .from('stop_event_photos')
        .where('booking_id', booking.id)
        .whereNotNull('stop_event_id')
      assert.lengthOf(photos, 2)

      // The signed POD is in the Document Hub.
      await page.goto('/tms')
      await page.getByRole('tab', { name: 'Document Hub' }).click()
      const docs = page.getByRole('list', { name: 'Documents' })
      await docs
        .getByRole('listitem')
        .filter({ hasText: reference })
        .filter({ hasText: 'Proof of delivery' })
        .waitFor({ timeout: 15_000 })

      const width = await page.evaluate(
        () => (globalThis as any).document.documentElement.scrollWidth as number
      )
      assert.isAtMost(width, viewport.width)
      await context.close()
      await shipperContext.close()
    })
  }
})
