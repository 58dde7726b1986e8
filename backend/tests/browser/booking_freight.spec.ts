/*
 * Freight details on an instant booking (docs/decisions/0257) in the browser, at 1280 and 390 px:
 * the shipper books a carrier's capacity with weight, pallet size, commodity and hazmat, sees the
 * density and class change as they type, and then the class on the booking in My Bookings. The
 * carrier stays anonymous. axe-core finds no serious violation in the dialog.
 */
import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import Booking from '#marketplace/models/booking'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeListing } from '#tests/factories'
import { closeBrowser, newPage, signIn, seriousViolations, WIDTHS } from '#tests/browser_helpers'

/** Where the journey leaves its screenshots, when asked to (SHOTS_DIR). */
const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string, width: number, fullPage = true) {
  if (!SHOTS) return
  await mkdir(SHOTS, { recursive: true })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage })
}

test.group('Browser: freight details on an instant booking', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): class as typed, hazmat, the class on the booking`, async ({
      assert,
    }) => {
      const carrierUser = await makeUser('carrier', { isApproved: true })
      const carrier = await carrierOf(carrierUser)
      await makeListing(carrierUser, { from: 'chicago', to: 'detroit', maxPallets: 10, rate: 2.5 })
      await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })
      const { context, page } = await newPage({ viewport })
      await signIn(page, 'sam@shipper.test', 'secret123')
      await page.waitForURL('**/shipper')

      const form = page.getByRole('form', { name: 'Ship My Freight' })
      await form.getByLabel('Pickup Address').fill('Chicago, IL')
      await form.getByLabel('Delivery Address').fill('Detroit, MI')
      await form.getByLabel('Number of Pallets').fill('4')
      await form.getByRole('button', { name: 'Search Carriers' }).click()
      const card = page.getByRole('article', { name: /^Verified carrier #\d{4}$/ })
      await card.getByRole('button', { name: 'Book Now' }).click()

      const dialog = page.getByRole('dialog', { name: 'Create Booking' })
      await dialog.waitFor()
      await dialog
        .getByLabel('Delivery Date')
        .fill(await dialog.getByLabel('Pickup Date').inputValue())
      const preview = dialog.getByRole('status', { name: 'Density and freight class' })
      // Four default pallets first: 1,000 lb each on 48 x 40 x 60 in, class 70.
      await preview.getByText('NMFC class 70').waitFor()
      await dialog.getByLabel('Weight (lbs)').fill('3000')
      await dialog.getByLabel('Height (in)').fill('48')
      // 3,000 lb over four 48 x 40 x 48 in pallets: 14.06 lb/cu ft, class 85.
      await preview.getByText('NMFC class 85').waitFor()
      assert.include(await preview.innerText(), '14.06 lb/cu ft')
      await dialog.getByLabel('Commodity').fill('Latex paint')
      await dialog.getByLabel('Consignee').fill('Motor City Hardware')
      await dialog.getByLabel('Pieces').fill('96')
      await dialog.getByLabel('Hazardous materials (hazmat)').check()
      await dialog.getByLabel('UN number').fill('UN1263')
      await dialog.getByLabel('Hazard class').fill('3')
      await dialog.getByRole('group', { name: 'Freight details' }).scrollIntoViewIfNeeded()
      // The dialog scrolls within the viewport: a viewport shot shows it as the shipper does.
      await shot(page, 'booking-freight-section', viewport.width, false)
      assert.deepEqual(await seriousViolations(page), [])

      await dialog.getByRole('button', { name: 'Create Booking' }).click()
      await page.getByText('Booking created successfully', { exact: true }).first().waitFor()
      await dialog.waitFor({ state: 'hidden' })
      const booking = await Booking.query().firstOrFail()
      assert.deepEqual(booking.freightDetails, {
        commodity: 'Latex paint',
        pieces: 96,
        packaging: 'PALLET',
        consignee: 'Motor City Hardware',
        hazmat: { unNumber: 'UN1263', hazardClass: '3' },
        densityPcf: 14.06,
        freightClass: 85,
      })
      assert.equal(booking.weightLbs, 3000)

      // My Bookings (the phone's menu hides the dashboard's navigation: the same page by URL).
      await page.goto('/shipper#bookings')
      const entry = page.locator(`[aria-label="Booking #${booking.id}"]:visible`)
      await entry.getByText('Class 85 (14.06 lb/cu ft)').waitFor()
      assert.include(await entry.innerText(), 'Hazmat UN1263, hazard class 3')
      await entry.scrollIntoViewIfNeeded()
      await shot(page, 'booking-freight-class-in-list', viewport.width)
      assert.notInclude(await page.content(), carrier.companyName)
      await context.close()
    })
  }
})

test.group('Browser: freight details on a partner booking from the TMS', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): the quote's weight shown, the class as typed, stored`, async ({
      assert,
    }) => {
      const shipper = await makeUser('shipper', {
        email: 'sam@shipper.test',
        password: 'secret123',
      })
      const { context, page } = await newPage({ viewport })
      await signIn(page, 'sam@shipper.test', 'secret123')
      await page.waitForURL('**/shipper')
      await page.goto('/tms')
      const form = page.getByRole('form', { name: 'Rate comparison' })
      await page.waitForFunction(
        () => (globalThis as any).document.getElementById('tms-weight')?.value === '1000'
      )
      await form.getByLabel('Origin postal code').fill('60601')
      await form.getByLabel('Destination postal code').fill('48201')
      await form.getByRole('button', { name: 'Compare' }).click()
      await page.getByText(/^Found \d+ quotes$/).waitFor({ timeout: 15_000 })
      await page
        .getByRole('list', { name: 'Carrier quotes' })
        .getByRole('group')
        .filter({ has: page.getByRole('button', { name: 'Book', exact: true }) })
        .first()
        .getByRole('button', { name: 'Book', exact: true })
        .click()
      const dialog = page.getByRole('dialog')
      await dialog.getByText('Weight 1,000 lb, as quoted').waitFor()
      const preview = dialog.getByRole('status', { name: 'Density and freight class' })
      await dialog.getByLabel('Height (in)').fill('40')
      // 1,000 lb on one 48 x 40 x 40 in pallet: exactly 22.5 lb/cu ft, class 65.
      await preview.getByText('NMFC class 65').waitFor()
      await dialog.getByLabel('Commodity').fill('Aerosol cans')
      await dialog.getByLabel('Hazardous materials (hazmat)').check()
      await dialog.getByLabel('UN number').fill('UN1950')
      await dialog.getByLabel('Hazard class').fill('2.1')
      await dialog.getByRole('group', { name: 'Freight details' }).scrollIntoViewIfNeeded()
      await shot(page, 'tms-book-freight-section', viewport.width, false)
      assert.deepEqual(await seriousViolations(page), [])
      await dialog.getByRole('button', { name: 'Book and pay' }).click()
      await page.waitForURL(/\/payment\/\d+$/, { timeout: 20_000 })
      const booking = await Booking.query().where('shipperId', shipper.id).firstOrFail()
      assert.equal(booking.freightDetails?.freightClass, 65)
      assert.deepEqual(booking.freightDetails?.hazmat, { unNumber: 'UN1950', hazardClass: '2.1' })
      await context.close()
    })
  }
})
