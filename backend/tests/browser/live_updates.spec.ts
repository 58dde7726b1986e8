/*
 * Two browsers, two users: what one does reaches the other's screen within 2 s, without a reload
 * (docs/decisions/0171). The screens' polls are 30 s, so only the live notice can be that quick.
 */
import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeFreightListing, makeListing } from '#tests/factories'
import { closeBrowser, newPage, signIn, subscribed, WIDTHS } from '#tests/browser_helpers'
import { bookingReference as reference } from '#core/reference'

/** Within 2 s of the change: the server announced it before it answered the other user. */
const LIVE = { timeout: 2_000 }

/** Resolves once the page's stream holds a subscription to `channel`. */

/** Waits for a toast (its text is also announced, so take the first match). */
async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor()
}

test.group('Browser: live updates between two users', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): the carrier confirms, the shipper’s bookings say so`, async () => {
      const shipperUser = await makeUser('shipper', { email: 'sam@shipper.test' })
      const carrierUser = await makeUser('carrier', { email: 'dan@haulers.test', isApproved: true })
      const booking = await makeBooking(shipperUser, await makeListing(carrierUser))
      const ref = reference(booking.id)

      const shipper = await newPage({ viewport })
      await signIn(shipper.page, 'sam@shipper.test', 'secret123')
      await shipper.page.waitForURL('**/shipper')
      const listening = subscribed(shipper.page, `users/${shipperUser.id}`)
      await shipper.page.goto('/shipper#bookings')
      // Shipment Management is a table, and cards on a phone (issue 32, item 10).
      const row = shipper.page.getByRole(viewport.width < 768 ? 'listitem' : 'row', {
        name: `Booking #${booking.id}`,
      })
      await row.getByText('Booked', { exact: true }).waitFor()
      await listening

      const carrier = await newPage({ viewport })
      await signIn(carrier.page, 'dan@haulers.test', 'secret123')
      await carrier.page.waitForURL('**/carrier')
      await carrier.page.goto('/carrier#bookings')
      const card = carrier.page.getByRole('listitem', { name: ref })
      await card.getByLabel(`Status for ${ref}`).selectOption('confirmed')
      await card.getByRole('button', { name: `Update status of ${ref}` }).click()
      await toast(carrier.page, 'Booking status changed to Confirmed')

      await row.getByText('Confirmed', { exact: true }).waitFor(LIVE)
      for (const { context } of [shipper, carrier]) await context.close()
    })
  }

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): a carrier claims a posted load, the shipper’s My Posted Loads says so`, async ({
      assert,
    }) => {
      const shipperUser = await makeUser('shipper', { email: 'sam@shipper.test' })
      await makeUser('carrier', { email: 'dan@haulers.test', isApproved: true })
      const load = await makeFreightListing(shipperUser)

      const shipper = await newPage({ viewport })
      await signIn(shipper.page, 'sam@shipper.test', 'secret123')
      await shipper.page.waitForURL('**/shipper')
      const listening = subscribed(shipper.page, `users/${shipperUser.id}`)
      await shipper.page.goto('/post-load')
      const item = shipper.page
        .getByRole('list', { name: 'My posted loads' })
        .getByRole('listitem')
        .filter({ hasText: `Listing #${load.id}` })
      await item.getByText('open', { exact: true }).waitFor()
      await listening
      assert.include(
        await shipper.page
          .getByText('Updates live as carriers hold and claim your loads.')
          .innerText(),
        'Updates live'
      )

      const carrier = await newPage({ viewport })
      await signIn(carrier.page, 'dan@haulers.test', 'secret123')
      await carrier.page.waitForURL('**/carrier')
      await carrier.page.goto('/freight-board')
      const card = carrier.page.getByRole('listitem', { name: new RegExp(`^Load #${load.id}:`) })
      await card.getByRole('button', { name: `Claim Load #${load.id}` }).click()
      await toast(carrier.page, 'Load claimed successfully! Check your bookings.')

      await item.getByText('claimed', { exact: true }).waitFor(LIVE)
      // The claim is a booking: the shipper's bookings know it too, under the carrier's label.
      await shipper.page.goto('/shipper#bookings')
      // Shipment Management is a table, and cards on a phone.
      await shipper.page
        .getByRole(viewport.width < 768 ? 'listitem' : 'row')
        .filter({ hasText: /Verified carrier #\d{4}/ })
        .first()
        .waitFor()
      for (const { context } of [shipper, carrier]) await context.close()
    })
  }

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): a carrier registers, the admin’s pending approvals show it; approved, the carrier’s waiting page moves on`, async ({
      assert,
    }) => {
      await makeUser('admin', { email: 'boss@palletline.test', password: 'adminpass1' })

      const admin = await newPage({ viewport })
      await signIn(admin.page, 'boss@palletline.test', 'adminpass1')
      const listening = subscribed(admin.page, 'admin')
      await admin.page.waitForURL('**/admin')
      await listening
      const approve = admin.page.getByRole('button', { name: 'Approve cora@haulers.test' })
      assert.isFalse(await approve.isVisible())

      const carrier = await newPage({ viewport })
      const page = carrier.page
      await page.goto('/register')
      await page.getByLabel('Account Type').selectOption('carrier')
      await page.getByLabel('First Name').fill('Cora')
      await page.getByLabel('Last Name').fill('Carrier')
      await page.getByLabel('Email').fill('cora@haulers.test')
      await page.getByLabel('Phone').fill('3135550142')
      await page.getByLabel('Company Name').fill('Motor City Haulers LLC')
      await page.getByLabel('DOT Number').fill('3141592')
      await page.getByLabel('MC Number').fill('MC271828')
      await page.getByLabel('Business Address').fill('1 Woodward Ave')
      await page.getByLabel('City').fill('Detroit')
      await page.getByLabel('State').selectOption('MI')
      await page.getByLabel('ZIP Code').fill('48226')
      await page.getByLabel('Password', { exact: true }).fill('long-enough-secret')
      await page.getByLabel('Confirm Password').fill('long-enough-secret')
      await page.getByLabel(/User Agreement/).check()
      // The waiting page, outside the app layout, listens on the carrier's own channel.
      const ownChannel = page.waitForResponse(
        (res) =>
          res.url().endsWith('/__transmit/subscribe') &&
          res.status() === 204 &&
          /^users\/\d+$/.test(res.request().postDataJSON()?.channel ?? '')
      )
      await page.getByRole('button', { name: 'Create Account' }).click()
      await page.waitForURL('**/carrier-pending')
      await page.getByRole('heading', { name: 'Account Pending Approval' }).waitFor()
      await ownChannel

      await approve.waitFor(LIVE)
      await approve.click()
      // No reload: the approval reaches the carrier's own screen, which goes on to its dashboard.
      await page.waitForURL('**/carrier', LIVE)
      assert.isFalse(
        await page.getByRole('heading', { name: 'Account Pending Approval' }).isVisible()
      )
      for (const { context } of [admin, carrier]) await context.close()
    })
  }
})
