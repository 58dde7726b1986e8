/*
 * A company's members each doing their part, at 1280 and 390 px (issue 35, decisions 0223,
 * 0237, 0243, 0246):
 *   - a carrier company moves a load from the claim to the delivery: the owner claims a posted
 *     load on the board, the dispatcher assigns it to the driver, the driver's /drive shows it
 *     live without money and the driver records the stops (the steps the server requires) to
 *     the signed delivery, which the owner's bookings show live;
 *   - the dispatcher assigns a drayage move on its card; the driver's /drive shows it within
 *     2 s and records the gate-out;
 *   - a shipper company's planner posts a load, and its menu has no money places;
 *   - a carrier company's accounts member sees invoices and payouts, and no dispatch;
 *   - a shipper company's accounts member sees invoices and claims, and cannot post or book.
 * The menus asserted are contract/member_areas.ts's areas of each role. axe-core finds no
 * serious violation on the screens shot.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import { Clock } from '#core/clock'
import { bookingReference } from '#core/reference'
import Booking from '#marketplace/models/booking'
import FreightListing from '#freight_board/models/freight_listing'
import PaymentService from '#payments/services/payment_service'
import { drayageReference } from '#logistics/services/drayage_view'
import { companyFor, makeCarrierTeam, makeMember } from '#accounts/tests/companies'
import { makeMove, makeTerminal, openPickupWindow } from '#logistics/tests/drayage_fixtures'
import { SUCCESS_CARD, deliver, paidBooking } from '#payments/tests/payout_fixtures'
import { roleHasArea } from '../../../contract/member_areas.js'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeFreightListing, makeListing } from '#tests/factories'
import { acceptRateConfirmation } from '#tests/deliveries'
import { timeoutScale } from '#tests/timeout_scale'
import {
  closeBrowser,
  menuPlaces,
  newPage,
  saveShot,
  seriousViolations,
  sideScroll,
  signIn,
  subscribed,
  VIEWPORTS,
} from '#tests/browser_helpers'

/** Where the driver's phone is (Chicago). */
const PHONE_AT = { latitude: 41.8819, longitude: -87.6278 }

/** A dollar figure anywhere in a text: the driver's screens show none (decision 0246). */
const MONEY = /\$\s?\d/

/** The shipper pays the claimed booking by the sandbox card, as its checkout would. */
async function payBooking(bookingId: number, amount: number) {
  const payments = await app.container.make(PaymentService)
  const intent = await payments.createIntent(bookingId, amount)
  const confirmed = await payments.confirmSandboxCard({
    clientSecret: intent.clientSecret,
    cardNumber: SUCCESS_CARD,
    expMonth: 12,
    expYear: new Date().getUTCFullYear() + 2,
    cvc: '123',
  })
  if (confirmed.status !== 200) throw new Error(`payment failed: ${JSON.stringify(confirmed)}`)
}

/** Presses the step's button on /drive/bookings/:id and confirms it; waits until it is sent. */
async function record(page: Page, step: string) {
  await page.getByRole('button', { name: `Record: ${step}` }).click()
  const dialog = page.getByRole('alertdialog')
  await dialog.getByRole('button', { name: 'Record' }).click()
  await dialog.waitFor({ state: 'detached' })
  await page
    .getByRole('list', { name: 'Steps' })
    .getByRole('listitem')
    .filter({ hasText: step })
    .getByText('Sent')
    .waitFor()
}

/** Draws a signature on the consignee's pad. */
async function sign(page: Page) {
  const pad = page.getByTestId('signature-pad')
  await pad.scrollIntoViewIfNeeded()
  const box = (await pad.boundingBox())!
  await page.mouse.move(box.x + 20, box.y + 60)
  await page.mouse.down()
  for (const [dx, dy] of [
    [60, 20],
    [120, 80],
    [180, 30],
  ]) {
    await page.mouse.move(box.x + dx, box.y + dy, { steps: 4 })
  }
  await page.mouse.up()
  await page.getByText('Signed. Clear to sign again.').waitFor()
}

test.group('Browser: a carrier company moves a load from the claim to the delivery', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())
  group.each.timeout(180_000)

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px: the owner claims, the dispatcher assigns, the driver delivers, the owner sees it live`, async ({
      assert,
    }) => {
      const { owner, dispatcher, driver } = await makeCarrierTeam(viewport.width)
      const shipper = await makeUser('shipper')
      // Picked up today (the server's business day), delivered by tomorrow.
      const now = (await app.container.make(Clock)).now()
      const load = await makeFreightListing(shipper, {
        price: 1250,
        pickupEarliest: now,
        deliveryLatest: now.plus({ days: 1 }),
      })

      // The driver's phone waits on /drive, listening to the company's channel.
      const drive = await newPage({ viewport, geolocation: PHONE_AT })
      const driveListens = subscribed(drive.page, `users/${owner.id}`)
      await signIn(drive.page, driver.email, 'secret123')
      await drive.page.waitForURL('**/drive')
      await drive.page.getByText('No work assigned to you').waitFor()
      await driveListens

      // The owner claims the load on the board.
      const desk = await newPage({ viewport })
      await signIn(desk.page, owner.email, 'secret123')
      await desk.page.waitForURL('**/carrier**')
      await desk.page.goto('/freight-board')
      const card = desk.page.getByRole('listitem', { name: new RegExp(`^Load #${load.id}:`) })
      await card.getByRole('button', { name: `Claim Load #${load.id}` }).click()
      await desk.page
        .getByText('Load claimed successfully! Check your bookings.', { exact: true })
        .first()
        .waitFor()
      const booking = await Booking.query()
        .where('carrierId', (await carrierOf(owner)).id)
        .firstOrFail()
      const reference = bookingReference(booking.id)
      assert.equal((await FreightListing.findOrFail(load.id)).status, 'CLAIMED')
      // The shipper pays it, and the owner accepts the rate confirmation (decision 0226).
      await payBooking(booking.id, booking.totalAmount!)
      await acceptRateConfirmation(booking.id, owner.id)
      const deskListens = subscribed(desk.page, `users/${owner.id}`)
      await desk.page.goto('/carrier#bookings')
      await deskListens
      const ownerRow = desk.page.getByRole('listitem', { name: reference })
      await ownerRow.waitFor()

      // The dispatcher assigns it to Tom.
      const dispatch = await newPage({ viewport })
      await signIn(dispatch.page, dispatcher.email, 'secret123')
      await dispatch.page.waitForURL('**/carrier**')
      await dispatch.page.goto('/carrier#bookings')
      const row = dispatch.page.getByRole('listitem', { name: reference })
      await row.getByRole('option', { name: 'Tom Member' }).waitFor({ state: 'attached' })
      await row.getByLabel('Assign driver').selectOption({ label: 'Tom Member' })
      await dispatch.page.getByText('Driver assigned', { exact: true }).waitFor()
      await dispatch.context.close()

      // The driver's phone shows it at once, without a figure of money.
      const work = drive.page
        .getByRole('region', { name: /^Today/ })
        .getByRole('article', { name: reference })
      await work.waitFor({ timeout: 5_000 * timeoutScale() })
      assert.notMatch(await work.innerText(), MONEY)
      assert.notMatch(await drive.page.locator('main').innerText(), MONEY)
      assert.isAtMost(await sideScroll(drive.page), 0)
      assert.deepEqual(await seriousViolations(drive.page), [])
      await saveShot(drive.page, 'drive-booking-card', viewport.width)

      // Stop by stop to the signed delivery: what the server requires, no more.
      await work.getByRole('link', { name: 'Open stops and proof of delivery' }).click()
      await drive.page.waitForURL(`**/drive/bookings/${booking.id}`)
      await record(drive.page, 'Arrived at pickup')
      await drive.page.getByLabel('Pieces loaded').fill('4')
      await record(drive.page, 'Loaded')
      await record(drive.page, 'Departed pickup')
      // The owner's bookings follow the departure live.
      await ownerRow.getByText('In Transit').first().waitFor()
      await record(drive.page, 'Arrived at delivery')
      await drive.page.getByLabel('Consignee’s name').fill('Dana Receiver')
      await sign(drive.page)
      assert.notMatch(await drive.page.locator('main').innerText(), MONEY)
      await saveShot(drive.page, 'drive-booking-steps', viewport.width)
      await drive.page.getByRole('button', { name: 'Record: Delivered' }).click()
      await drive.page.getByRole('alertdialog').getByRole('button', { name: 'Record' }).click()
      await drive.page.getByText('Delivered and signed').waitFor({ timeout: 15_000 })

      // The owner sees it delivered, without a reload.
      await ownerRow.getByText('Delivered', { exact: true }).first().waitFor()
      const delivered = await Booking.findOrFail(booking.id)
      assert.equal(delivered.status, 'delivered')
      const steps = await db
        .from('stop_events')
        .where('booking_id', booking.id)
        .select('recorded_by', 'member_user_id')
      assert.lengthOf(steps, 5)
      // Recorded for the company, by its driver.
      assert.isTrue(
        steps.every((s) => s.recorded_by === owner.id && s.member_user_id === driver.id)
      )
      await desk.page.waitForTimeout(600)
      await saveShot(desk.page, 'owner-delivered', viewport.width)
      await drive.context.close()
      await desk.context.close()
    })
  }

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px: the dispatcher assigns a drayage move on its card; the driver gates it out`, async ({
      assert,
    }) => {
      const { owner, dispatcher, driver } = await makeCarrierTeam(viewport.width)
      await makeTerminal()
      const move = await makeMove(await makeUser('shipper'))
      await db
        .from('drayage_moves')
        .where('id', move.id)
        .update({ status: 'ACCEPTED', carrier_id: (await carrierOf(owner)).id })
      // The terminal confirmed a pickup window that has opened: the gate-out may be recorded.
      await openPickupWindow(move.id)
      const reference = drayageReference(move.id)

      const drive = await newPage({ viewport, geolocation: PHONE_AT })
      const listening = subscribed(drive.page, `users/${owner.id}`)
      await signIn(drive.page, driver.email, 'secret123')
      await drive.page.waitForURL('**/drive')
      await drive.page.getByText('No work assigned to you').waitFor()
      await listening

      const dispatch = await newPage({ viewport })
      await signIn(dispatch.page, dispatcher.email, 'secret123')
      await dispatch.page.waitForURL('**/carrier**')
      await dispatch.page.goto('/carrier#drayage')
      const card = dispatch.page.getByRole('article', { name: `Drayage move ${reference}` })
      const select = card.getByLabel('Assign driver')
      await card.getByRole('option', { name: 'Tom Member' }).waitFor({ state: 'attached' })
      await select.selectOption({ label: 'Tom Member' })
      const assignedAt = Date.now()
      await dispatch.page.getByText('Driver assigned', { exact: true }).waitFor()

      // The driver's /drive shows it within 2 s, with its step and no money.
      const work = drive.page.getByRole('article', { name: reference })
      await work.waitFor({ timeout: 2_000 * timeoutScale() })
      assert.isAtMost(Date.now() - assignedAt, 2_000 * timeoutScale())
      const row = await db.from('drayage_moves').where('id', move.id).firstOrFail()
      assert.equal(row.driver_user_id, driver.id)
      assert.equal(row.driver_assigned_by, dispatcher.id)
      // The card names its driver now (read again after the assignment).
      assert.equal(await select.inputValue(), String(driver.memberId))
      await dispatch.page.waitForTimeout(600)
      assert.isAtMost(await sideScroll(dispatch.page), 0)
      assert.deepEqual(await seriousViolations(dispatch.page), [])
      await card.scrollIntoViewIfNeeded()
      await saveShot(dispatch.page, 'drayage-assign-driver', viewport.width)

      assert.notMatch(await drive.page.locator('main').innerText(), MONEY)
      assert.isAtMost(await sideScroll(drive.page), 0)
      assert.deepEqual(await seriousViolations(drive.page), [])
      await saveShot(drive.page, 'drive-drayage-move', viewport.width)
      await work.getByRole('button', { name: 'Gated out' }).click()
      await drive.page.getByText('Status reported', { exact: true }).waitFor()
      await work.getByRole('button', { name: 'Empty returned' }).waitFor()
      const gated = await db.from('drayage_moves').where('id', move.id).firstOrFail()
      assert.equal(gated.status, 'OUT_GATED')
      await drive.page.waitForTimeout(600)
      await saveShot(drive.page, 'drive-drayage-gated-out', viewport.width)
      // The dispatcher's card follows the gate-out live.
      await card.getByText('Out of the terminal', { exact: true }).waitFor()
      await drive.context.close()
      await dispatch.context.close()
    })
  }
})

test.group('Browser: a company member sees only their role’s places', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())
  group.each.timeout(120_000)

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px: a shipper's planner posts a load and has no money places`, async ({
      assert,
    }) => {
      const owner = await makeUser('shipper', { email: `sam${viewport.width}@shipper.test` })
      await companyFor(owner)
      const planner = await makeMember(owner, 'planner', {
        email: `priya${viewport.width}@shipper.test`,
        firstName: 'Priya',
      })
      // The role matrix: loads and paying for them, no invoices or claims (money).
      assert.isTrue(roleHasArea('shipper', 'planner', 'loads'))
      assert.isFalse(roleHasArea('shipper', 'planner', 'money'))

      const { context, page } = await newPage({ viewport })
      await signIn(page, planner.email, 'secret123')
      await page.waitForURL('**/shipper**')
      assert.deepEqual(await menuPlaces(page, 'Shipper'), [
        'Post a Load',
        'Load Templates',
        'Import Loads',
        'Find Carriers',
        'Saved Searches',
        'My Bookings',
        'Expedited',
        'Tracking',
        'Drayage',
        'TMS',
      ])

      await page.goto('/post-load')
      const form = page.getByRole('form', { name: 'Post a Load' })
      await form.getByLabel('Origin ZIP').fill('60601')
      await form.getByLabel('Destination ZIP').fill('48201')
      await form.getByLabel('Pallets').fill('4')
      await form.getByLabel('Weight (lbs)').fill('2000')
      await form.getByRole('button', { name: 'Get Rate Estimate' }).click()
      await page.getByRole('region', { name: 'Rate estimate' }).waitFor()
      await form.getByRole('button', { name: 'Publish Load' }).click()
      await page
        .getByText(/^Load posted successfully! Listing #\d+$/)
        .first()
        .waitFor()
      const load = await FreightListing.query().firstOrFail()
      // Posted for the company: its account is the shipper.
      assert.equal(load.shipperId, owner.id)
      await page.getByRole('list', { name: 'My posted loads' }).waitFor()
      await page.waitForTimeout(600)
      assert.isAtMost(await sideScroll(page), 0)
      assert.deepEqual(await seriousViolations(page), [])
      await saveShot(page, 'planner-posted', viewport.width)

      // The invoices are not theirs: the section falls back to the planner's first place.
      await page.goto('/shipper#invoices')
      await page.getByRole('heading', { level: 1 }).first().waitFor()
      assert.notEqual(
        (await page.getByRole('heading', { level: 1 }).first().innerText()).trim(),
        'Invoices'
      )
      await context.close()
    })
  }

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px: a carrier's accounts member sees invoices and payouts, no dispatch`, async ({
      assert,
    }) => {
      const { owner, accounts } = await makeCarrierTeam(viewport.width)
      await makeMember(owner, 'driver', { firstName: 'Ann' })
      const listing = await makeListing(owner)
      // Paid by card and delivered: its invoice is issued and its payout awaits release.
      const paid = await deliver(await paidBooking(await makeUser('shipper'), listing), owner)
      assert.isTrue(roleHasArea('carrier', 'accounts', 'money'))
      assert.isFalse(roleHasArea('carrier', 'accounts', 'assign'))
      assert.isFalse(roleHasArea('carrier', 'accounts', 'board'))

      const { context, page } = await newPage({ viewport })
      await signIn(page, accounts.email, 'secret123')
      await page.waitForURL('**/carrier**')
      // Their /carrier opens on Invoices, the first of their places.
      await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor()
      await page.getByText(bookingReference(paid.id)).filter({ visible: true }).first().waitFor()
      assert.deepEqual(await menuPlaces(page, 'Carrier'), [
        'Invoices',
        'Payment Setup',
        'Payout History',
        'Claims',
      ])
      await page.waitForTimeout(600)
      assert.deepEqual(await seriousViolations(page), [])
      await saveShot(page, 'accounts-dashboard', viewport.width)

      await page.goto('/carrier#payouts')
      await page.getByRole('heading', { name: 'Payout History', level: 1 }).waitFor()
      // A table row at desktop widths, a card on a phone: whichever is shown.
      await page.getByText(bookingReference(paid.id)).filter({ visible: true }).first().waitFor()
      await page.getByText('Awaiting Release').filter({ visible: true }).first().waitFor()
      assert.isAtMost(await sideScroll(page), 0)
      assert.deepEqual(await seriousViolations(page), [])
      await saveShot(page, 'accounts-payouts', viewport.width)

      // No dispatch: the bookings (and their Assign driver) fall back to Invoices; the board
      // is not theirs either.
      await page.goto('/carrier#bookings')
      await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor()
      assert.equal(await page.getByLabel('Assign driver').count(), 0)
      await page.goto('/carrier#drayage')
      await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor()
      assert.equal(await page.getByLabel('Assign driver').count(), 0)
      await context.close()
    })
  }

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px: a shipper's accounts member sees invoices and claims, and cannot post or book`, async ({
      assert,
    }) => {
      const owner = await makeUser('shipper', { email: `sam${viewport.width}@billing.test` })
      await companyFor(owner)
      const accounts = await makeMember(owner, 'accounts', {
        email: `lena${viewport.width}@billing.test`,
        firstName: 'Lena',
      })
      const carrier = await makeUser('carrier', { isApproved: true })
      const paid = await deliver(await paidBooking(owner, await makeListing(carrier)), carrier)
      // The role matrix: money and what was paid, read; no loads, no booking, no paying.
      assert.isTrue(roleHasArea('shipper', 'accounts', 'money'))
      assert.isFalse(roleHasArea('shipper', 'accounts', 'loads'))
      assert.isFalse(roleHasArea('shipper', 'accounts', 'pay'))

      const { context, page } = await newPage({ viewport })
      await signIn(page, accounts.email, 'secret123')
      await page.waitForURL('**/shipper**')
      await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor()
      await page.getByText(bookingReference(paid.id)).filter({ visible: true }).first().waitFor()
      assert.deepEqual(await menuPlaces(page, 'Shipper'), ['Invoices', 'Claims'])
      await page.waitForTimeout(600)
      assert.isAtMost(await sideScroll(page), 0)
      assert.deepEqual(await seriousViolations(page), [])
      await saveShot(page, 'shipper-accounts-invoices', viewport.width)

      // Posting loads is not theirs: Post a Load and Import Loads send them to their Invoices,
      // and so does the bookings section.
      for (const elsewhere of ['/post-load', '/loads/import', '/shipper#bookings']) {
        await page.goto(elsewhere)
        await page.waitForURL('**/shipper**')
        await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor()
      }
      assert.equal(await page.getByRole('button', { name: 'Publish Load' }).count(), 0)
      await context.close()
    })
  }
})
