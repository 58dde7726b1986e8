import { test } from '@japa/runner'
import type { Locator } from 'playwright-core'
import Booking from '#marketplace/models/booking'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'
import { bookingReference as reference } from '#core/reference'

async function pendingBooking() {
  const carrierUser = await makeUser('carrier', { email: 'dispatch@lakes.test', isApproved: true })
  const carrier = await carrierOf(carrierUser)
  const listing = await makeListing(carrierUser, { from: 'chicago', to: 'detroit', rate: 2.5 })
  const shipper = await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })
  const booking = await makeBooking(shipper, listing, {
    pallets: 4,
    status: 'pending',
    paymentStatus: 'pending',
  })
  return { carrier, booking }
}

test.group('Browser: a shipper pays for a booking', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  test('pays by card, lands on the success page and sees the carrier revealed', async ({
    assert,
  }) => {
    const { carrier, booking } = await pendingBooking()
    const { context, page } = await newPage()
    await signIn(page, 'sam@shipper.test', 'secret123')
    await page.waitForURL('**/shipper')

    await page.goto(`/payment/${booking.id}`)
    await page.getByRole('heading', { name: 'Complete Payment' }).waitFor()
    const summary = page.getByRole('region', { name: 'Booking Summary' })
    const summaryText = await summary.innerText()
    assert.include(summaryText, reference(booking.id))
    assert.include(summaryText, 'Chicago, IL to Detroit, MI')
    const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
    assert.include(summaryText, usd.format(booking.totalAmount!))
    // Anonymous until paid.
    assert.notInclude(await page.content(), carrier.companyName)

    const form = page.getByRole('form', { name: 'Card payment' })
    await form.getByLabel('Card number').fill('4242 4242 4242 4242')
    await form.getByLabel('Expiration date').fill('12 / 34')
    await form.getByLabel('Security code').fill('123')
    await form.getByRole('button', { name: `Pay ${usd.format(booking.totalAmount!)}` }).click()

    await page.waitForURL(`**/payment-success?booking=${booking.id}`)
    await page.getByRole('heading', { name: 'Payment Successful' }).waitFor({ timeout: 20_000 })
    const revealed = page.getByRole('region', { name: 'Your Carrier' })
    await revealed.getByText(carrier.companyName).waitFor()
    assert.include(await revealed.innerText(), carrier.dotNumber!)

    await booking.refresh()
    assert.equal(booking.paymentStatus, 'paid')
    assert.equal(booking.status, 'booked')

    // My Bookings now names the carrier.
    await page.getByRole('link', { name: 'View My Bookings' }).click()
    const row = page.getByRole('row', { name: `Booking #${booking.id}` })
    await row.getByText(carrier.companyName).waitFor()
    await context.close()
  }).timeout(60_000)

  test("a declined card shows 'Payment Failed' on the form and the booking stays payable", async ({
    assert,
  }) => {
    const { carrier, booking } = await pendingBooking()
    const { context, page } = await newPage()
    await signIn(page, 'sam@shipper.test', 'secret123')
    await page.waitForURL('**/shipper')

    await page.goto(`/payment/${booking.id}`)
    const form = page.getByRole('form', { name: 'Card payment' })
    await form.getByLabel('Card number').fill('4000 0000 0000 0002')
    await form.getByLabel('Expiration date').fill('12 / 34')
    await form.getByLabel('Security code').fill('123')
    await form.getByRole('button', { name: /^Pay / }).click()

    // The decline stays on the form, with what to do next, and the page says the last attempt
    // failed without a reload (docs/decisions/0189).
    const inline = form.getByRole('alert').filter({ hasText: 'Payment Failed' })
    await inline.waitFor()
    assert.include(await inline.innerText(), 'Your card was declined.')
    assert.include(await inline.innerText(), 'Try another card')
    await page
      .getByRole('alert')
      .filter({ hasText: 'Your last payment attempt failed' })
      .waitFor({ timeout: 10_000 })
    await page.waitForTimeout(9_000)
    assert.isTrue(await inline.isVisible(), 'the decline is still on the form after 9 s')
    assert.include(page.url(), `/payment/${booking.id}`)
    assert.notInclude(await page.content(), carrier.companyName)

    // The shipper can try again at once: the toast never sits on the Pay button, at desktop
    // or phone width.
    const pay = form.getByRole('button', { name: /^Pay / })
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 1024, height: 700 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport)
      await pay.scrollIntoViewIfNeeded()
      assert.isTrue(await isOnTop(pay), `Pay button covered at ${viewport.width}px`)
    }

    const fresh = await Booking.findOrFail(booking.id)
    assert.equal(fresh.paymentStatus, 'pending')
    assert.equal(fresh.status, 'pending')
    await context.close()
  }).timeout(60_000)

  test('a card number with a typo, a month 13 and a one-digit code each say what is wrong', async ({
    assert,
  }) => {
    const { booking } = await pendingBooking()
    const { context, page } = await newPage()
    await signIn(page, 'sam@shipper.test', 'secret123')
    await page.waitForURL('**/shipper')
    await page.goto(`/payment/${booking.id}`)
    const form = page.getByRole('form', { name: 'Card payment' })
    await form.getByLabel('Card number').fill('1234 5678 9012 3456')
    await form.getByLabel('Expiration date').fill('13 / 99')
    await form.getByLabel('Security code').fill('1')
    await form.getByRole('button', { name: /^Pay / }).click()
    for (const [label, message] of [
      ['Card number', 'This card number is not valid: check it for a typo'],
      ['Expiration date', 'The month must be 01 to 12'],
      ['Security code', 'The security code is the 3 or 4 digits on the card'],
    ]) {
      const input = form.getByLabel(label)
      assert.equal(await input.getAttribute('aria-invalid'), 'true', label)
      const describedBy = await input.getAttribute('aria-describedby')
      assert.equal(await page.locator(`[id="${describedBy}"]`).innerText(), message)
    }
    const fresh = await Booking.findOrFail(booking.id)
    assert.equal(fresh.paymentStatus, 'pending')
    await context.close()
  }).timeout(60_000)
})

/** Whether the element is what a click at its centre would hit (nothing lies over it). */
async function isOnTop(locator: Locator) {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = element.ownerDocument.elementFromPoint(
      box.left + box.width / 2,
      box.top + box.height / 2
    )
    return hit !== null && (hit === element || element.contains(hit))
  })
}
