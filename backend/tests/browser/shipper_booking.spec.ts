import { test } from '@japa/runner'
import Booking from '#marketplace/models/booking'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeListing } from '#tests/factories'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

test.group('Browser: a shipper finds a carrier and books', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  test('search Chicago to Detroit, stay anonymous, book and follow the booking', async ({
    assert,
  }) => {
    const carrierUser = await makeUser('carrier', {
      email: 'dispatch@lakes.test',
      isApproved: true,
    })
    const carrier = await carrierOf(carrierUser)
    await makeListing(carrierUser, { from: 'chicago', to: 'detroit', maxPallets: 10, rate: 2.5 })
    await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })

    const { context, page } = await newPage()
    await signIn(page, 'sam@shipper.test', 'secret123')
    await page.waitForURL('**/shipper')

    const form = page.getByRole('form', { name: 'Ship My Freight' })
    await form.getByLabel('Pickup Address').fill('Chicago, IL')
    await form.getByLabel('Delivery Address').fill('Detroit, MI')
    await form.getByLabel('Number of Pallets').fill('4')
    await form.getByRole('button', { name: 'Search Carriers' }).click()

    await page.getByText('Found 1 available carrier(s)', { exact: true }).first().waitFor()
    await page.getByRole('heading', { name: /Available Carriers/ }).waitFor()
    const card = page.getByRole('article', { name: /^Verified carrier #\d{4}$/ })
    await card.waitFor()
    // The fee's percent is the server's (GET /api/platform/constants, decision 0200).
    await card.getByText('Platform fee (9%)').waitFor()
    const cardText = await card.innerText()
    assert.include(cardText, 'Platform fee (9%)')
    assert.include(cardText, '10 of 10 pallets')

    // Anonymous until payment: neither the company nor its contact details are on the page.
    const before = await page.content()
    assert.notInclude(before, carrier.companyName)
    assert.notInclude(before, carrierUser.email)
    assert.notInclude(before, carrier.dotNumber!)

    await card.getByRole('button', { name: 'Carrier Details' }).click()
    const details = page.getByRole('dialog', { name: 'Carrier Details' })
    await details.getByText('Lanes served').waitFor()
    await details.getByText('Chicago, IL → Detroit, MI').waitFor()
    assert.notInclude(await page.content(), carrier.companyName)
    await details.getByRole('button', { name: 'Close' }).click()
    await details.waitFor({ state: 'hidden' })

    await card.getByRole('button', { name: 'Book Now' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create Booking' })
    await dialog.waitFor()
    const pickupDate = await dialog.getByLabel('Pickup Date').inputValue()
    assert.match(pickupDate, /^\d{4}-\d{2}-\d{2}$/)
    await dialog.getByLabel('Delivery Date').fill(pickupDate)
    await dialog.getByLabel('Special Instructions (optional)').fill('Dock 4, call ahead')
    await dialog.getByRole('button', { name: 'Create Booking' }).click()

    await page.getByText('Booking created successfully', { exact: true }).first().waitFor()
    const booking = await Booking.query().firstOrFail()
    const reference = `TRT-${String(booking.id).padStart(3, '0')}`
    await page
      .getByText(`Your booking ${reference} has been created.`, { exact: true })
      .first()
      .waitFor()
    await dialog.waitFor({ state: 'hidden' })
    assert.equal(booking.status, 'pending')
    assert.equal(booking.numberOfPallets, 4)
    assert.equal(booking.specialInstructions, 'Dock 4, call ahead')
    // The card's total is exactly what the server charged.
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    assert.include(cardText, usd.format(booking.totalAmount!))
    assert.equal(
      await page.getByRole('link', { name: 'Pay now' }).getAttribute('href'),
      `/payment/${booking.id}`
    )

    // The results refresh: the 4 booked pallets are no longer offered.
    await card.getByText('6 of 10 pallets').waitFor()

    await page
      .getByRole('navigation', { name: 'Shipper dashboard' })
      .getByRole('link', { name: 'My Bookings' })
      .click()
    await page.waitForURL('**/shipper#bookings')
    const bookedColumn = page.getByRole('region', { name: 'Booked' })
    await bookedColumn.getByText(`#${booking.id}`, { exact: true }).waitFor()
    const row = page.getByRole('row', { name: `Booking #${booking.id}` })
    await row.waitFor()
    assert.include(await row.innerText(), reference)
    await row.getByRole('link', { name: `Pay now for booking #${booking.id}` }).waitFor()
    assert.notInclude(await page.content(), carrier.companyName)

    await page
      .getByRole('navigation', { name: 'Shipper dashboard' })
      .getByRole('link', { name: 'Tracking' })
      .click()
    const tracking = page.getByRole('article', { name: `Tracking ${reference}` })
    await tracking.getByRole('list', { name: 'Status history' }).getByText('Pending').waitFor()
    await context.close()
  })
})
