import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Page } from 'playwright-core'
import RateConfirmationService from '#marketplace/services/rate_confirmation_service'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing, makeTruck } from '#tests/factories'
import { acceptRateConfirmation, onTheRoad } from '#tests/deliveries'
import {
  closeBrowser,
  newPage,
  seriousViolations,
  signIn,
  subscribed,
} from '#tests/browser_helpers'
import { unzip } from '#tests/zip'
import { bookingReference as reference } from '#core/reference'

const SHOTS = '/tmp/shots/paper-bundle'

/** Clicks "Download all (ZIP)" and reads the file the browser saved, entry by entry. */
async function downloadAll(page: Page, bookingId: number) {
  const button = page.getByTestId(`bundle-${bookingId}`).first()
  await button.scrollIntoViewIfNeeded()
  const [download] = await Promise.all([page.waitForEvent('download'), button.click()])
  const file = await download.path()
  return { name: download.suggestedFilename(), entries: await unzip(await readFile(file!)) }
}

/**
 * A booked load changes on the road: the carrier's screen shows the revised rate confirmation
 * live, the carrier accepts it; both parties download the booking's bundle (docs/decisions/0250).
 */
test.group('Browser: revised rate confirmation and the document bundle', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(180_000)
  group.teardown(() => closeBrowser())

  for (const width of [390, 1280]) {
    test(`at ${width} px: the revision shows live and is accepted; both download everything in one ZIP`, async ({
      assert,
    }) => {
      mkdirSync(SHOTS, { recursive: true })
      const carrier = await makeUser('carrier', {
        email: `pb${width}@haulers.test`,
        password: 'secret123',
        isApproved: true,
        firstName: 'Rita',
        lastName: 'Carter',
      })
      const shipper = await makeUser('shipper', {
        email: `pbs${width}@ship.test`,
        password: 'secret123',
      })
      const truck = await makeTruck(carrier)
      const listing = await makeListing(carrier, { truck, from: 'chicago', to: 'detroit' })
      const booking = await makeBooking(shipper, listing, {
        status: 'in_transit',
        pallets: 3,
        ...onTheRoad(),
      })
      await acceptRateConfirmation(booking.id, carrier.id)
      const ref = reference(booking.id)
      const viewport = { width, height: 900 }

      const { context, page } = await newPage({ viewport })
      const live = subscribed(page, `users/${carrier.id}`)
      await signIn(page, `pb${width}@haulers.test`, 'secret123')
      await page.waitForURL('**/carrier')
      await page.goto('/carrier#bookings')
      const card = page.getByRole('listitem', { name: ref })
      const panel = card.getByRole('region', { name: /^Rate confirmation RC-/ })
      await panel.getByText('Accepted by Test Carrier').waitFor()
      await live

      // The load changes on the road: the revision reaches the open screen without a reload.
      const confirmations = await app.container.make(RateConfirmationService)
      const revised = await confirmations.revise(
        booking.id,
        'Accessorial added: Liftgate at pickup or delivery, $75.00'
      )
      const revisedPanel = card.getByRole('region', {
        name: `Rate confirmation ${revised!.number}`,
      })
      await revisedPanel
        .getByText('Revised: Accessorial added: Liftgate at pickup or delivery, $75.00')
        .waitFor({ timeout: 5_000 })
      await revisedPanel.getByText('it does not hold the delivery').waitFor()
      await revisedPanel.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/carrier-revision-${width}.png` })
      assert.deepEqual(await seriousViolations(page), [])

      // Accepting asks first, then records the revision's acceptance.
      await revisedPanel.getByRole('button', { name: 'Accept rate confirmation' }).click()
      const dialog = page.getByRole('alertdialog')
      await dialog
        .getByText(`Accept revised rate confirmation ${revised!.number} for ${ref}?`)
        .waitFor()
      await page.screenshot({ path: `${SHOTS}/carrier-accept-revision-${width}.png` })
      await dialog.getByRole('button', { name: 'Accept rate confirmation' }).click()
      await revisedPanel.getByText('Accepted by Rita Carter').waitFor()
      assert.equal((await confirmations.find(booking.id))!.acceptedName, 'Rita Carter')

      // The carrier downloads everything.
      const byCarrier = await downloadAll(page, booking.id)
      assert.equal(byCarrier.name, `${ref}-documents.zip`)
      const carrierPaths = [...byCarrier.entries.keys()]
      assert.includeMembers(carrierPaths, [
        `rate-confirmations/${revised!.number}.pdf`,
        `rate-confirmations/${revised!.number.replace(/-R1$/, '')}.pdf`,
        'messages/transcript.txt',
        'manifest.json',
        'SHA256SUMS',
      ])
      await page.screenshot({ path: `${SHOTS}/carrier-bookings-${width}.png` })

      // The shipper: the revised line, the download from the booking and from the Document Hub.
      const shipperSide = await newPage({ viewport })
      await signIn(shipperSide.page, `pbs${width}@ship.test`, 'secret123')
      await shipperSide.page.waitForURL('**/shipper**')
      await shipperSide.page.goto('/shipper#bookings')
      const line = shipperSide.page.getByTestId(`rate-confirmation-${booking.id}`).first()
      await line.getByText(/accepted by Rita Carter/).waitFor()
      await line.getByText('Rate confirmation R1').waitFor()
      const byShipper = await downloadAll(shipperSide.page, booking.id)
      assert.sameMembers([...byShipper.entries.keys()], carrierPaths)
      await shipperSide.page.screenshot({ path: `${SHOTS}/shipper-bookings-${width}.png` })
      assert.deepEqual(await seriousViolations(shipperSide.page), [])

      await shipperSide.page.goto('/tms')
      await shipperSide.page.getByRole('tab', { name: 'Document Hub' }).click()
      const bundles = shipperSide.page.getByRole('region', { name: 'Everything of a booking' })
      await bundles.getByText(ref).waitFor()
      const fromHub = await downloadAll(shipperSide.page, booking.id)
      assert.include([...fromHub.entries.keys()], 'manifest.json')
      await shipperSide.page.screenshot({ path: `${SHOTS}/document-hub-${width}.png` })
      assert.deepEqual(await seriousViolations(shipperSide.page), [])

      await context.close()
      await shipperSide.context.close()
    })
  }
})
