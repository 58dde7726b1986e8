/*
 * The notification centre (issue 36, docs/decisions/0241): the carrier changes a booking's
 * status, the shipper's bell counts it within 2 s, and the shipper reads it on the
 * Notifications page and follows its link, at desktop and phone widths.
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import {
  closeBrowser,
  newPage,
  seriousViolations,
  signIn,
  subscribed,
  WIDTHS,
} from '#tests/browser_helpers'
import { bookingReference as reference } from '#core/reference'

/** Within 2 s of the change: only the live notice is that quick (the bell polls every minute). */
const LIVE = { timeout: 2_000 }

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor()
}

test.group('Browser: the notification centre', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): the carrier confirms, the shipper’s bell counts it live, the page lists it and its link leads to the booking`, async ({
      assert,
    }) => {
      const shipperUser = await makeUser('shipper', { email: 'sam@shipper.test' })
      const carrierUser = await makeUser('carrier', { email: 'dan@haulers.test', isApproved: true })
      const booking = await makeBooking(shipperUser, await makeListing(carrierUser))
      const ref = reference(booking.id)

      const shipper = await newPage({ viewport })
      await signIn(shipper.page, 'sam@shipper.test', 'secret123')
      const listening = subscribed(shipper.page, `users/${shipperUser.id}`)
      await shipper.page.waitForURL('**/shipper')
      const bell = shipper.page.getByTestId('notification-bell')
      await bell.waitFor()
      assert.equal(await bell.getAttribute('aria-label'), 'Notifications')
      await listening

      const carrier = await newPage({ viewport })
      await signIn(carrier.page, 'dan@haulers.test', 'secret123')
      await carrier.page.waitForURL('**/carrier')
      await carrier.page.goto('/carrier#bookings')
      const card = carrier.page.getByRole('listitem', { name: ref })
      await card.getByLabel(`Status for ${ref}`).selectOption('confirmed')
      await card.getByRole('button', { name: `Update status of ${ref}` }).click()
      await toast(carrier.page, 'Booking status changed to Confirmed')

      // The bell counts it within 2 s, without a reload.
      await shipper.page.getByRole('link', { name: 'Notifications, 1 unread' }).waitFor(LIVE)
      assert.equal(await shipper.page.getByTestId('notification-count').innerText(), '1')

      await shipper.page.getByRole('link', { name: 'Notifications, 1 unread' }).click()
      await shipper.page.waitForURL('**/notifications')
      await shipper.page.getByRole('heading', { name: 'Notifications', level: 1 }).waitFor()
      const list = shipper.page.getByRole('list', { name: 'Notifications' })
      const item = list.getByRole('listitem').filter({ hasText: ref })
      await item.waitFor()
      const text = await item.innerText()
      assert.include(text, `Booking ${ref} was confirmed by the carrier`)
      // Paid or not, a notification names the carrier by its label only (decision 0241).
      assert.match(text, /Verified carrier #\d{4}/)
      assert.notInclude(text, 'Test Freight')
      assert.include(text, 'New')
      assert.deepEqual(await seriousViolations(shipper.page), [])

      // Following its link opens the bookings and marks it read.
      await item.getByRole('link', { name: `Booking ${ref} was confirmed by the carrier` }).click()
      await shipper.page.waitForURL('**/shipper#bookings')
      await shipper.page.getByRole('link', { name: 'Notifications', exact: true }).waitFor()

      for (const { context } of [shipper, carrier]) await context.close()
    })
  }

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): the empty page, and the preferences in settings`, async ({
      assert,
    }) => {
      await makeUser('carrier', { email: 'dan@haulers.test', isApproved: true })
      const carrier = await newPage({ viewport })
      await signIn(carrier.page, 'dan@haulers.test', 'secret123')
      await carrier.page.waitForURL('**/carrier')
      await carrier.page.goto('/notifications')
      await carrier.page.getByText('No notifications yet').waitFor()
      assert.isTrue(await carrier.page.getByRole('button', { name: 'Mark all read' }).isDisabled())
      assert.deepEqual(await seriousViolations(carrier.page), [])

      await carrier.page.getByRole('link', { name: 'Preferences' }).click()
      await carrier.page.waitForURL('**/settings#notifications')
      const select = carrier.page.getByLabel('Payouts', { exact: true })
      await select.selectOption('email_digest')
      await carrier.page.getByRole('button', { name: 'Save preferences' }).click()
      await toast(carrier.page, 'Notification preferences saved')
      await carrier.page.reload()
      assert.equal(
        await carrier.page.getByLabel('Payouts', { exact: true }).inputValue(),
        'email_digest'
      )
      assert.deepEqual(await seriousViolations(carrier.page), [])
      await carrier.context.close()
    })
  }
})
