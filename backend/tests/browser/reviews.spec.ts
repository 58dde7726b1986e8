import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { Page } from 'playwright-core'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { bookingReference } from '#core/reference'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

const SHIPPER_COMMENT = 'Delivered on the promised day, every pallet intact.'
const CARRIER_COMMENT = 'Ninety minutes of detention at the dock; paid promptly.'

/** Chooses `stars` in a criterion's star group with the keyboard (arrow keys move the choice). */
async function rate(page: Page, criterion: string, stars: number) {
  const group = page.getByRole('group', { name: criterion })
  await group.getByRole('radio', { name: '1 star' }).focus()
  await page.keyboard.press('Space')
  for (let n = 1; n < stars; n++) await page.keyboard.press('ArrowRight')
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.group(`Browser: reviews both ways at ${viewport.width} px`, (group) => {
    group.each.setup(() => resetDatabase())
    group.teardown(() => closeBrowser())
    group.each.timeout(120_000)

    test('a shipper and a carrier review each other; each reads the other only after both wrote', async ({
      assert,
    }) => {
      await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })
      const shipper = await makeUser('shipper', {
        email: 'pat@shipper.test',
        password: 'secret123',
      })
      const carrier = await makeUser('carrier', {
        email: 'cora@haulers.test',
        password: 'secret123',
        isApproved: true,
      })
      const listing = await makeListing(carrier)
      const booking = await makeBooking(shipper, listing, {
        status: 'delivered',
        // Completed a day and more ago: the window is open by the browser's clock too, which
        // CI does not fake (.ci/off-hours: up to about 22 hours behind this process's).
        deliveredAt: DateTime.now().minus({ hours: 32 }),
        completedAt: DateTime.now().minus({ hours: 30 }),
      })
      const reference = bookingReference(booking.id)

      // The shipper rates the carrier and waits for the other side.
      const shipperSide = await newPage({ viewport })
      await signIn(shipperSide.page, 'pat@shipper.test', 'secret123')
      await shipperSide.page.waitForURL('**/shipper')
      await shipperSide.page.goto('/shipper#bookings')
      await shipperSide.page
        .getByRole('button', { name: `Rate this carrier for ${reference}` })
        .click()
      const shipperDialog = shipperSide.page.getByRole('dialog', { name: 'Rate this carrier' })
      await rate(shipperSide.page, 'On time', 5)
      await rate(shipperSide.page, 'Communication', 4)
      await rate(shipperSide.page, 'Care of freight', 5)
      await shipperDialog.getByLabel('Comment').fill(SHIPPER_COMMENT)
      await shipperDialog.getByRole('button', { name: 'Submit review' }).click()
      await shipperDialog.getByText("Waiting for the carrier's review.").waitFor()
      await shipperDialog.getByRole('button', { name: 'Edit your review' }).waitFor()

      // The carrier learns that the shipper wrote, not what, until it writes its own.
      const carrierSide = await newPage({ viewport })
      await signIn(carrierSide.page, 'cora@haulers.test', 'secret123')
      await carrierSide.page.waitForURL('**/carrier')
      await carrierSide.page.goto('/carrier#bookings')
      await carrierSide.page
        .getByRole('button', { name: `Rate this shipper for ${reference}` })
        .click()
      const carrierDialog = carrierSide.page.getByRole('dialog', { name: 'Rate this shipper' })
      await carrierDialog
        .getByText('The shipper has written a review. Write yours to read it.')
        .waitFor()
      assert.equal(await carrierDialog.getByText(SHIPPER_COMMENT).count(), 0)
      await rate(carrierSide.page, 'Loading time and detention', 3)
      await rate(carrierSide.page, 'Accuracy of the load description', 5)
      await rate(carrierSide.page, 'Payment', 5)
      await carrierDialog.getByLabel('Comment').fill(CARRIER_COMMENT)
      await carrierDialog.getByRole('button', { name: 'Submit review' }).click()
      await carrierDialog.getByText(SHIPPER_COMMENT).waitFor()
      await carrierDialog.getByLabel('On time: 5 of 5').waitFor()
      // Both published: final for both sides.
      assert.equal(await carrierDialog.getByRole('button', { name: 'Edit your review' }).count(), 0)

      // The shipper now reads the carrier's review.
      await shipperSide.page.reload()
      await shipperSide.page
        .getByRole('button', { name: `Rate this carrier for ${reference}` })
        .click()
      const reopened = shipperSide.page.getByRole('dialog', { name: 'Rate this carrier' })
      await reopened.getByText(CARRIER_COMMENT).waitFor()
      await reopened.getByLabel('Loading time and detention: 3 of 5').waitFor()
      assert.equal(await reopened.getByRole('button', { name: 'Edit your review' }).count(), 0)

      // Nothing overflows the narrow screen.
      const overflow = await shipperSide.page.evaluate(() => {
        const root = (globalThis as any).document.documentElement
        return (root.scrollWidth - root.clientWidth) as number
      })
      assert.isAtMost(overflow, 0)
      await shipperSide.context.close()
      await carrierSide.context.close()
    })
  })
}
