/*
 * A carrier company's dispatcher assigns a booking to its driver, and the driver works it from
 * the phone view, at 1280 and 390 px (issue 35, decision 0237): the driver's /drive shows the
 * assignment live (no reload), lists the booking under Today with its stops, and reports In
 * Transit (the rate confirmation accepted first, decision 0226); the driver's menu offers only
 * the driver's places. axe-core finds no serious violation on either screen.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeCarrierTeam } from '#accounts/tests/companies'
import { businessDateFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { acceptRateConfirmation } from '#tests/deliveries'
import {
  closeBrowser,
  menuPlaces,
  newPage,
  saveShot as shot,
  seriousViolations,
  sideScroll,
  signIn,
  subscribed,
  VIEWPORTS,
} from '#tests/browser_helpers'

test.group('Browser: a dispatcher assigns a booking; the driver works it', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())
  group.each.timeout(180_000)

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px: assign, see it live on /drive, report In Transit`, async ({
      assert,
    }) => {
      const { owner, dispatcher, driver } = await makeCarrierTeam(viewport.width)
      const shipper = await makeUser('shipper')
      const listing = await makeListing(owner)
      // Picked up today (the server's business day), paid and confirmed.
      const booking = await makeBooking(shipper, listing, {
        status: 'confirmed',
        paymentStatus: 'paid',
        pickupDate: businessDateFromToday(0),
        deliveryDate: businessDateFromToday(1),
      })
      await acceptRateConfirmation(booking.id, owner.id)
      const reference = `TRT-${String(booking.id).padStart(3, '0')}`

      // The driver signs in first: their home is their work, empty for now.
      const drive = await newPage({ viewport })
      const listening = subscribed(drive.page, `users/${owner.id}`)
      await signIn(drive.page, driver.email, 'secret123')
      await drive.page.waitForURL('**/drive')
      await drive.page.getByText('No work assigned to you').waitFor()
      await listening

      // The dispatcher assigns the booking to Tom.
      const desk = await newPage({ viewport })
      await signIn(desk.page, dispatcher.email, 'secret123')
      await desk.page.waitForURL('**/carrier**')
      await desk.page.goto('/carrier#bookings')
      const card = desk.page.getByRole('listitem', { name: reference })
      const select = card.getByLabel('Assign driver')
      await select.waitFor()
      await card.getByRole('option', { name: 'Tom Member' }).waitFor({ state: 'attached' })
      await select.selectOption({ label: 'Tom Member' })
      await desk.page.getByText('Driver assigned', { exact: true }).waitFor()
      await desk.page.waitForTimeout(600)
      assert.isAtMost(await sideScroll(desk.page), 0)
      assert.deepEqual(await seriousViolations(desk.page), [])
      await shot(desk.page, 'assign-driver', viewport.width)
      await card.getByText('Tom Member').first().waitFor({ state: 'attached' })
      const row = await db.from('bookings').where('id', booking.id).firstOrFail()
      assert.equal(row.driver_user_id, driver.id)
      assert.equal(row.driver_assigned_by, dispatcher.id)

      // The driver's page shows it without a reload, under Today.
      const today = drive.page.getByRole('region', { name: /^Today/ })
      const work = today.getByRole('article', { name: reference })
      await work.waitFor({ timeout: 5000 })
      await work.getByText('Next stop').waitFor()
      // Each booking leads to its stop by stop screen (decision 0243).
      assert.equal(
        await work
          .getByRole('link', { name: 'Open stops and proof of delivery' })
          .getAttribute('href'),
        `/drive/bookings/${booking.id}`
      )
      assert.isAtMost(await sideScroll(drive.page), 0)
      assert.deepEqual(await seriousViolations(drive.page), [])
      await shot(drive.page, 'driver-work', viewport.width)

      await work.getByRole('button', { name: 'In Transit' }).click()
      await drive.page.getByText('Status reported', { exact: true }).waitFor()
      // On board: the next stop is the delivery, due tomorrow, so it moves to Upcoming.
      const upcoming = drive.page.getByRole('region', { name: /^Upcoming/ })
      await upcoming
        .getByRole('article', { name: reference })
        .getByText('In Transit', { exact: true })
        .waitFor()
      const moved = await db.from('bookings').where('id', booking.id).firstOrFail()
      assert.equal(moved.status, 'in_transit')
      const change = await db
        .from('booking_status_changes')
        .where('booking_id', booking.id)
        .where('to_status', 'in_transit')
        .firstOrFail()
      assert.equal(change.actor_user_id, driver.id, 'the driver reported it')
      await drive.page.waitForTimeout(600)
      assert.deepEqual(await seriousViolations(drive.page), [])
      await shot(drive.page, 'driver-in-transit', viewport.width)

      // The driver's menu: their work, bookings and tracking; no fleet, board or money.
      if (viewport.width >= 1024) {
        await drive.page.goto('/carrier')
        // A driver's /carrier opens on Bookings, not the Dashboard a driver may not read.
        await drive.page.getByRole('heading', { name: 'Bookings', level: 1 }).waitFor()
      }
      const places = await menuPlaces(drive.page, 'Carrier', async () => {
        assert.deepEqual(await seriousViolations(drive.page), [])
        await shot(drive.page, 'driver-menu', viewport.width)
      })
      if (viewport.width >= 1024) await shot(drive.page, 'driver-menu', viewport.width)
      assert.deepEqual(places, ['My Work', 'Bookings', 'Tracking'])
      await drive.context.close()
      await desk.context.close()
    })
  }
})
