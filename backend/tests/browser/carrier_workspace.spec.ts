import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import Truck from '#fleet/models/truck'
import Listing from '#fleet/models/listing'
import Booking from '#marketplace/models/booking'
import Invoice from '#marketplace/models/invoice'
import { businessDayFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing, makeTruck } from '#tests/factories'
import { onTheRoad, uploadProofOfDelivery } from '#tests/deliveries'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'
import { bookingReference as reference } from '#core/reference'

/** Waits for a toast (its text is also announced, so take the first match). */
async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor()
}

async function openSection(page: Page, name: string) {
  await page
    .getByRole('navigation', { name: 'Carrier dashboard' })
    .getByRole('link', { name })
    .click()
}

test.group('Browser: carrier workspace', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  test('a carrier adds a truck, lists capacity from Chicago to 48201, archives and reactivates it', async ({
    assert,
  }) => {
    const carrier = await makeUser('carrier', {
      email: 'cora@haulers.test',
      password: 'secret123',
      isApproved: true,
    })
    const company = await carrierOf(carrier)

    const { context, page } = await newPage()
    await signIn(page, 'cora@haulers.test', 'secret123')
    await page.waitForURL('**/carrier')
    await page.getByRole('heading', { name: 'Carrier Dashboard' }).waitFor()

    // Fleet: the empty state leads to the Add Truck dialog.
    await openSection(page, 'My Trucks')
    await page.getByText('No trucks in your fleet').waitFor()
    await page.getByRole('button', { name: 'Add Your First Truck' }).click()
    const truckDialog = page.getByRole('dialog', { name: 'Add Truck' })
    await truckDialog.getByLabel('Make').fill('Volvo')
    await truckDialog.getByLabel('Model').fill('VNL 860')
    await truckDialog.getByLabel('Year').fill('2022')
    await truckDialog.getByLabel('License Plate').fill('MI-4471')
    await truckDialog.getByLabel('Capacity (pallets)').fill('24')
    await truckDialog.getByLabel('Truck Type').selectOption('dry_van')
    await truckDialog.getByRole('button', { name: 'Add Truck' }).click()
    await toast(page, 'Truck added successfully')
    await page.getByRole('list', { name: 'Trucks' }).getByText('2022 Volvo VNL 860').waitFor()

    const truck = await Truck.findByOrFail('licensePlate', 'MI-4471')
    assert.equal(truck.carrierId, company.id)
    assert.strictEqual(truck.year, 2022)
    assert.strictEqual(truck.capacity, 24)
    assert.equal(truck.truckType, 'dry_van')
    assert.equal(truck.status, 'available')

    // Listing: Chicago, IL to the Detroit ZIP 48201, geocoded by the server.
    await openSection(page, 'My Listings')
    await page.getByText('No listings found').waitFor()
    await page.getByRole('button', { name: 'Create New Listing' }).click()
    const listingDialog = page.getByRole('dialog', { name: 'Create New Listing' })
    const truckSelect = listingDialog.getByLabel('Truck')
    await truckSelect.locator(`option[value="${truck.id}"]`).waitFor({ state: 'attached' })
    await truckSelect.selectOption(String(truck.id))
    await listingDialog.getByLabel('Pickup Address').fill('Chicago, IL')
    await listingDialog.getByLabel('Delivery Address').fill('48201')
    await listingDialog.getByLabel('Rate per Mile per Pallet ($)').fill('2.75')
    await listingDialog.getByLabel('Max Pallets').fill('8')
    const availableDate = businessDayFromToday(7)
    await listingDialog.getByLabel('Available Date').fill(availableDate)
    await listingDialog.getByRole('button', { name: 'Create Listing' }).click()
    await toast(page, 'Listing created successfully')

    const row = page.getByRole('row', { name: 'Listing Chicago, IL → Detroit, MI' })
    await row.getByText('Active', { exact: true }).waitFor()
    const listing = await Listing.query().where('carrierId', company.id).firstOrFail()
    assert.equal(listing.truckId, truck.id)
    assert.equal(listing.originCity, 'Chicago')
    assert.equal(listing.originState, 'IL')
    assert.equal(listing.destinationCity, 'Detroit')
    assert.equal(listing.destinationState, 'MI')
    assert.equal(listing.pickupRadius, 100)
    assert.equal(listing.deliveryRadius, 80)
    assert.equal(listing.maxPallets, 8)
    assert.equal(Number(listing.ratePerMilePerPallet), 2.75)
    assert.equal(listing.availableDate?.toISODate(), availableDate)
    assert.equal(listing.status, 'active')

    await row.getByRole('button', { name: 'Archive' }).click()
    await toast(page, 'Listing status updated successfully')
    await row.getByText('Expired', { exact: true }).waitFor()
    await listing.refresh()
    assert.equal(listing.status, 'expired')

    await row.getByRole('button', { name: 'Reactivate' }).click()
    await row.getByText('Active', { exact: true }).waitFor()
    await listing.refresh()
    assert.equal(listing.status, 'active')

    // The dashboard shows the new listing and the fleet.
    await openSection(page, 'Dashboard')
    await page
      .getByRole('list', { name: 'Recent listings' })
      .getByText('Chicago, IL → Detroit, MI')
      .waitFor()
    await context.close()
  })

  test('a carrier moves a confirmed booking to in transit and delivered, then sees its invoice', async ({
    assert,
  }) => {
    const carrier = await makeUser('carrier', {
      email: 'dan@haulers.test',
      password: 'secret123',
      isApproved: true,
    })
    const shipper = await makeUser('shipper')
    const truck = await makeTruck(carrier)
    const listing = await makeListing(carrier, { truck, from: 'chicago', to: 'detroit' })
    // Picked up yesterday (docs/decisions/0166: no delivery before the pickup day).
    const booking = await makeBooking(shipper, listing, {
      status: 'confirmed',
      pallets: 3,
      ...onTheRoad(),
    })
    const ref = reference(booking.id)

    const { context, page } = await newPage()
    await signIn(page, 'dan@haulers.test', 'secret123')
    await page.waitForURL('**/carrier')
    await openSection(page, 'Bookings')

    const card = page.getByRole('listitem', { name: ref })
    const select = card.getByLabel(`Status for ${ref}`)
    const update = card.getByRole('button', { name: `Update status of ${ref}` })
    await select.waitFor()
    assert.equal(await select.inputValue(), 'confirmed')
    assert.isTrue(await update.isDisabled())

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
    await booking.refresh()
    assert.equal(booking.status, 'in_transit')

    // In transit without a proof of delivery, Delivered is not offered, and the card says why.
    await card.getByText(/^Delivered is not open yet: A proof of delivery is missing/).waitFor()
    assert.isTrue(await select.locator('option[value="delivered"]').isDisabled())
    // The driver's POD arrives from the dock; the list shows Delivered as a choice.
    await uploadProofOfDelivery(booking.id, carrier.id)
    await page.reload()
    await select.locator('option[value="delivered"]:not([disabled])').waitFor({ state: 'attached' })
    await select.selectOption('delivered')
    await update.click()
    await toast(page, 'Booking status changed to Delivered')
    await booking.refresh()
    assert.equal(booking.status, 'delivered')
    assert.isNotNull(booking.deliveredAt)

    // The history shows both moves.
    await card.getByRole('button', { name: 'Status history' }).click()
    const history = card.getByRole('list', { name: 'Status history' })
    await history.getByText('Confirmed → In Transit').waitFor()
    await history.getByText('In Transit → Delivered').waitFor()

    const invoice = await Invoice.findByOrFail('bookingId', booking.id)
    assert.match(invoice.invoiceNumber, /^INV-\d{4}-\d{6}$/)
    assert.equal(Number(invoice.amount), Number(booking.totalAmount))

    await openSection(page, 'Invoices')
    const row = page.getByRole('row', { name: `Invoice ${invoice.invoiceNumber}` })
    await row.getByText(ref, { exact: true }).waitFor()
    await row.getByText('Chicago, IL → Detroit, MI').waitFor()
    const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      Number(booking.totalAmount)
    )
    await row.getByText(amount, { exact: true }).waitFor()
    // makeBooking bookings are paid, so the invoice is paid on delivery.
    assert.equal(invoice.status, 'paid')
    await row.getByText('Paid', { exact: true }).first().waitFor()

    // Tracking no longer lists it as active; the dashboard counts the completed load.
    await openSection(page, 'Tracking')
    await page.getByText('No active shipments').waitFor()
    await openSection(page, 'Dashboard')
    await page
      .getByRole('group', { name: 'Completed Loads' })
      .getByText('1', { exact: true })
      .waitFor()
    assert.equal((await Booking.findOrFail(booking.id)).status, 'delivered')
    await context.close()
  })
})
