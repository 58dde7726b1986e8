import { mkdirSync } from 'node:fs'
import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import Booking from '#marketplace/models/booking'
import RateConfirmation from '#marketplace/models/rate_confirmation'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing, makeTruck } from '#tests/factories'
import { onTheRoad } from '#tests/deliveries'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'
import { bookingReference as reference } from '#core/reference'

const SHOTS = '/tmp/shots/rateconf'

const serious = async (page: Page) =>
  (
    await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).analyze()
  ).violations
    .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
    .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`)

/**
 * The carrier accepts a paid booking's rate confirmation, then reports the pickup; the shipper's
 * open booking list shows the acceptance without a reload (docs/decisions/0226).
 */
test.group('Browser: rate confirmation before the pickup', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  for (const width of [390, 1280]) {
    test(`at ${width} px: In Transit waits for the acceptance; accepted, the pickup goes through`, async ({
      assert,
    }) => {
      mkdirSync(SHOTS, { recursive: true })
      const carrier = await makeUser('carrier', {
        email: `rc${width}@haulers.test`,
        password: 'secret123',
        isApproved: true,
        firstName: 'Rita',
        lastName: 'Carter',
      })
      const shipper = await makeUser('shipper', {
        email: `rcs${width}@ship.test`,
        password: 'secret123',
      })
      const truck = await makeTruck(carrier)
      const listing = await makeListing(carrier, { truck, from: 'chicago', to: 'detroit' })
      const booking = await makeBooking(shipper, listing, {
        status: 'confirmed',
        pallets: 3,
        ...onTheRoad(),
      })
      const ref = reference(booking.id)
      const viewport = { width, height: 900 }

      // The shipper's bookings are open in another browser.
      const shipperSide = await newPage({ viewport })
      await signIn(shipperSide.page, `rcs${width}@ship.test`, 'secret123')
      await shipperSide.page.waitForURL('**/shipper**')
      await shipperSide.page.goto('/shipper#bookings')
      const shipperLine = shipperSide.page.getByTestId(`rate-confirmation-${booking.id}`).first()
      await shipperLine.getByText('awaiting the carrier’s acceptance').waitFor()

      const { context, page } = await newPage({ viewport })
      await signIn(page, `rc${width}@haulers.test`, 'secret123')
      await page.waitForURL('**/carrier')
      await page.goto('/carrier#bookings')
      const card = page.getByRole('listitem', { name: ref })
      const select = card.getByLabel(`Status for ${ref}`)
      await select.waitFor()
      // Not yet accepted: In Transit is not offered, and the card says why and offers the accept.
      await card
        .getByText(
          'In Transit is not open yet: The rate confirmation has not been accepted yet: accept it before reporting the pickup'
        )
        .waitFor()
      assert.isTrue(await select.locator('option[value="in_transit"]').isDisabled())
      const panel = card.getByRole('region', { name: /^Rate confirmation RC-/ })
      await panel.getByText('Accept it before the pickup').waitFor()
      assert.equal(
        await panel.getByRole('link', { name: 'View PDF' }).getAttribute('href'),
        (await RateConfirmation.findByOrFail('bookingId', booking.id)).downloadUrl
      )
      await panel.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/carrier-to-accept-${width}.png`, fullPage: false })
      assert.deepEqual(await serious(page), [])

      // Accept asks first; Not yet changes nothing.
      await panel.getByRole('button', { name: 'Accept rate confirmation' }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog.getByText(`Accept the rate confirmation for ${ref}?`).waitFor()
      await page.screenshot({ path: `${SHOTS}/carrier-confirm-${width}.png` })
      assert.deepEqual(await serious(page), [])
      await dialog.getByRole('button', { name: 'Not yet' }).click()
      assert.isNull((await RateConfirmation.findByOrFail('bookingId', booking.id)).acceptedAt)
      await panel.getByRole('button', { name: 'Accept rate confirmation' }).click()
      await dialog.getByRole('button', { name: 'Accept rate confirmation' }).click()
      await panel.getByText('Accepted by Rita Carter').waitFor()
      const row = await RateConfirmation.findByOrFail('bookingId', booking.id)
      assert.isNotNull(row.acceptedAt)
      assert.equal(row.acceptedName, 'Rita Carter')
      assert.match(row.acceptedUserAgent ?? '', /Chrom/)

      // The pickup opens.
      await select.locator('option[value="in_transit"]:not([disabled])').waitFor({
        state: 'attached',
      })
      await select.selectOption('in_transit')
      await card.getByRole('button', { name: `Update status of ${ref}` }).click()
      await page
        .getByText('Booking status changed to In Transit', { exact: true })
        .first()
        .waitFor()
      await booking.refresh()
      assert.equal(booking.status, 'in_transit')
      await panel.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/carrier-accepted-${width}.png` })

      // The shipper's list followed live.
      await shipperLine.getByText(/accepted by Rita Carter/).waitFor()
      await shipperLine.scrollIntoViewIfNeeded()
      await shipperSide.page.screenshot({ path: `${SHOTS}/shipper-accepted-${width}.png` })
      assert.deepEqual(await serious(shipperSide.page), [])
      assert.equal((await Booking.findOrFail(booking.id)).status, 'in_transit')
      await context.close()
      await shipperSide.context.close()
    })
  }
})
