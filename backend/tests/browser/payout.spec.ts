import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import Booking from '#marketplace/models/booking'
import { ONBOARDING_HOLD_REASON } from '#payments/services/payout_service'
import { CARRIER_PAYOUT_PERCENT, toCents } from '#core/money'
import { bookingReference as reference } from '#core/reference'
import { businessDateFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import { uploadProofOfDelivery } from '#tests/deliveries'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)

/** Waits for a toast (its text is also announced, so take the first match). */
async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor()
}

async function openCarrierSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Carrier dashboard' })
    .getByRole('link', { name })
    .click()
}

test.group('Browser: a payout from payment to the carrier', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  test('paid, delivered and completed: released and held for onboarding, paid once the carrier onboards', async ({
    assert,
  }) => {
    // Only the accounts, the listing and the unpaid booking come from factories.
    const carrierUser = await makeUser('carrier', {
      email: 'dispatch@lakes.test',
      password: 'secret123',
      isApproved: true,
    })
    const carrier = await carrierOf(carrierUser)
    assert.isNull(carrier.stripeAccountId)
    const listing = await makeListing(carrierUser, { from: 'chicago', to: 'detroit', rate: 2.5 })
    const shipperUser = await makeUser('shipper', {
      email: 'sam@shipper.test',
      password: 'secret123',
    })
    // Picked up today (docs/decisions/0166: no delivery before the pickup day).
    const booking = await makeBooking(shipperUser, listing, {
      pallets: 4,
      status: 'pending',
      paymentStatus: 'pending',
      pickupDate: businessDateFromToday(0),
    })
    const ref = reference(booking.id)
    const totalCents = toCents(booking.totalAmount!)
    const payoutCents = Math.round((totalCents * CARRIER_PAYOUT_PERCENT) / 100)

    // The shipper pays by card in the sandbox form.
    const shipper = await newPage()
    await signIn(shipper.page, 'sam@shipper.test', 'secret123')
    await shipper.page.waitForURL('**/shipper')
    await shipper.page.goto(`/payment/${booking.id}`)
    await shipper.page.getByRole('heading', { name: 'Complete Payment' }).waitFor()
    assert.notInclude(await shipper.page.content(), carrier.companyName)
    const form = shipper.page.getByRole('form', { name: 'Card payment' })
    await form.getByLabel('Card number').fill('4242 4242 4242 4242')
    await form.getByLabel('Expiration date').fill('12 / 34')
    await form.getByLabel('Security code').fill('123')
    await form.getByRole('button', { name: `Pay ${usd(totalCents)}` }).click()

    await shipper.page.waitForURL(`**/payment-success?booking=${booking.id}`)
    await shipper.page
      .getByRole('heading', { name: 'Payment Successful' })
      .waitFor({ timeout: 20_000 })
    const revealed = shipper.page.getByRole('region', { name: 'Your Carrier' })
    await revealed.getByText(carrier.companyName).waitFor()
    const revealedText = await revealed.innerText()
    assert.include(revealedText, carrier.dotNumber!)
    assert.include(revealedText, carrier.mcNumber!)

    await shipper.page.getByRole('link', { name: 'View My Bookings' }).click()
    const shipperRow = shipper.page.getByRole('row', { name: `Booking #${booking.id}` })
    await shipperRow.getByText(carrier.companyName).waitFor()
    await booking.refresh()
    assert.equal(booking.paymentStatus, 'paid')
    assert.equal(booking.status, 'booked')
    assert.equal(booking.payoutStatus, 'pending')

    // The carrier (approved, never onboarded) drives it to Delivered.
    const carrierTab = await newPage()
    const page = carrierTab.page
    await signIn(page, 'dispatch@lakes.test', 'secret123')
    await page.waitForURL('**/carrier')
    await openCarrierSection(page, 'Bookings')
    const card = page.getByRole('listitem', { name: ref })
    const select = card.getByLabel(`Status for ${ref}`)
    const update = card.getByRole('button', { name: `Update status of ${ref}` })
    await select.waitFor()
    assert.equal(await select.inputValue(), 'booked')
    // The rate confirmation first (docs/decisions/0226), accepted after its confirmation.
    await card.getByRole('button', { name: 'Accept rate confirmation' }).click()
    await page
      .getByRole('alertdialog')
      .getByRole('button', { name: 'Accept rate confirmation' })
      .click()
    await card.getByText(/^Accepted by /).waitFor()
    await select
      .locator('option[value="in_transit"]:not([disabled])')
      .waitFor({ state: 'attached' })
    await select.selectOption('in_transit')
    await update.click()
    await toast(page, 'Booking status changed to In Transit')
    // The driver's proof of delivery arrives from the dock; then Delivered is offered.
    await uploadProofOfDelivery(booking.id, carrierUser.id)
    await page.reload()
    await select.locator('option[value="delivered"]:not([disabled])').waitFor({ state: 'attached' })
    await select.selectOption('delivered')
    await update.click()
    await toast(page, 'Booking status changed to Delivered')
    await booking.refresh()
    assert.equal(booking.status, 'delivered')

    // The shipper completes the shipment: the payout is released but held for onboarding.
    // The shipper's tab still shows My Bookings from before delivery; load it afresh.
    assert.include(shipper.page.url(), '/shipper#bookings')
    await shipper.page.reload()
    await shipperRow.getByRole('button', { name: `Complete booking #${booking.id}` }).click()
    // It asks first: completing releases the payment (docs/decisions/0164).
    await shipper.page
      .getByRole('alertdialog', { name: `Complete booking ${ref}?` })
      .getByRole('button', { name: `Complete and release ${usd(totalCents)}` })
      .click()
    await toast(shipper.page, 'Shipment Completed')
    await shipperRow.getByText('Completed', { exact: true }).waitFor()
    await booking.refresh()
    assert.isNotNull(booking.completedAt)
    assert.equal(booking.payoutStatus, 'released')
    assert.equal(booking.payoutFailureReason, ONBOARDING_HOLD_REASON)
    assert.lengthOf(await db.from('sandbox_transfers'), 0)

    await openCarrierSection(page, 'Payout History')
    const payoutRow = page.getByRole('row', { name: `Payout ${ref}` })
    await payoutRow.getByText('Released', { exact: true }).waitFor()
    await payoutRow.getByText(ONBOARDING_HOLD_REASON).waitFor()
    await payoutRow.getByText(usd(payoutCents), { exact: true }).waitFor()
    await payoutRow.getByText(usd(totalCents), { exact: true }).waitFor()
    assert.include(await payoutRow.innerText(), 'Released ')

    // Payment Setup → the sandbox onboarding page → back to /carrier#payments.
    await openCarrierSection(page, 'Payment Setup')
    await page.getByRole('button', { name: 'Connect Bank Account' }).click()
    await page.waitForURL('**/sandbox/onboarding/**')
    await page.getByRole('button', { name: 'Complete onboarding' }).click()
    await page.waitForURL('**/carrier#payments')
    await page.getByText('Payment Setup Complete').waitFor()

    await openCarrierSection(page, 'Payout History')
    await payoutRow.getByText('Paid', { exact: true }).waitFor()
    assert.notInclude(await payoutRow.innerText(), ONBOARDING_HOLD_REASON)

    // The database agrees: paid once, 91 percent of the total, to the carrier's account.
    const paid = await Booking.findOrFail(booking.id)
    assert.equal(paid.payoutStatus, 'paid')
    assert.isNull(paid.payoutFailureReason)
    const transfers = await db
      .from('sandbox_transfers')
      .where('transfer_group', `booking_${booking.id}`)
    assert.lengthOf(transfers, 1)
    assert.equal(Number(transfers[0].amount_cents), payoutCents)
    const onboarded = await carrierOf(carrierUser)
    assert.isTrue(onboarded.stripeOnboardingCompleted)
    assert.equal(transfers[0].account_id, onboarded.stripeAccountId)
    assert.equal(paid.stripeTransferId, transfers[0].id)

    await shipper.context.close()
    await carrierTab.context.close()
  }).timeout(120_000)
})
