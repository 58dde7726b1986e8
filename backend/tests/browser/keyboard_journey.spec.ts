import { test } from '@japa/runner'
import type { Locator, Page } from 'playwright-core'
import Booking from '#marketplace/models/booking'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeListing } from '#tests/factories'
import { closeBrowser, newPage, WIDTHS } from '#tests/browser_helpers'

/** Whether the element has the keyboard focus. */
const focused = (target: Locator) =>
  target.evaluate((element) => element === element.ownerDocument.activeElement)

/**
 * Moves the focus with Tab (or Shift+Tab) until it reaches `target`, as a keyboard user does;
 * fails naming the control when it cannot be reached (a focus trap or a control out of the tab
 * order).
 */
async function tabTo(page: Page, target: Locator, name: string, options = { back: false }) {
  await target.waitFor()
  for (let presses = 0; presses < 120; presses++) {
    if (await focused(target)) return
    await page.keyboard.press(options.back ? 'Shift+Tab' : 'Tab')
  }
  const at = await page.evaluate(() => {
    const active = (globalThis as any).document.activeElement
    return active
      ? `${active.tagName} ${active.getAttribute('aria-label') ?? active.textContent}`
      : 'nothing'
  })
  throw new Error(
    `"${name}" cannot be reached with the keyboard (focus stays on ${at.slice(0, 80)})`
  )
}

/** Reaches a field with Tab and types into it, replacing what it held. */
async function typeInto(page: Page, field: Locator, name: string, text: string) {
  await tabTo(page, field, name)
  await page.keyboard.press('ControlOrMeta+A')
  await page.keyboard.type(text)
}

test.group('Browser: a shipper books and pays with the keyboard only', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  // The same flow at a phone's width: keyboard and switch users browse at any size.
  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): sign in, search, book and pay with Tab, Enter and typing`, async ({
      assert,
    }) => {
      const carrierUser = await makeUser('carrier', { email: 'keys@lakes.test', isApproved: true })
      const carrier = await carrierOf(carrierUser)
      await makeListing(carrierUser, { from: 'chicago', to: 'detroit', maxPallets: 10, rate: 2.5 })
      await makeUser('shipper', { email: 'kim@shipper.test', password: 'secret123' })

      const { context, page } = await newPage({ viewport })
      await page.goto('/login')
      await typeInto(page, page.getByLabel('Email', { exact: true }), 'Email', 'kim@shipper.test')
      await typeInto(page, page.getByLabel('Password'), 'Password', 'secret123')
      await page.keyboard.press('Enter')
      await page.waitForURL('**/shipper')

      const form = page.getByRole('form', { name: 'Ship My Freight' })
      await typeInto(page, form.getByLabel('Pickup Address'), 'Pickup Address', 'Chicago, IL')
      await typeInto(page, form.getByLabel('Delivery Address'), 'Delivery Address', 'Detroit, MI')
      await typeInto(page, form.getByLabel('Number of Pallets'), 'Number of Pallets', '4')
      await tabTo(page, form.getByRole('button', { name: 'Search Carriers' }), 'Search Carriers')
      await page.keyboard.press('Enter')

      const card = page.getByRole('article', { name: /^Verified carrier #\d{4}$/ })
      await tabTo(page, card.getByRole('button', { name: 'Book Now' }), 'Book Now')
      await page.keyboard.press('Enter')
      const dialog = page.getByRole('dialog', { name: 'Create Booking' })
      await dialog.waitFor()
      // The dialog takes the focus, and Tab stays inside it.
      const focusInside = () =>
        dialog.evaluate((element) => element.contains(element.ownerDocument.activeElement))
      assert.isTrue(await focusInside(), 'the focus moves into the dialog')
      for (let presses = 0; presses < 15; presses++) await page.keyboard.press('Tab')
      assert.isTrue(await focusInside(), 'Tab stays inside the dialog')
      const pickupDate = await dialog.getByLabel('Pickup Date').inputValue()
      const [year, month, day] = pickupDate.split('-')
      await tabTo(page, dialog.getByLabel('Delivery Date'), 'Delivery Date')
      await page.keyboard.type(`${month}${day}${year}`)
      assert.equal(await dialog.getByLabel('Delivery Date').inputValue(), pickupDate)
      await typeInto(
        page,
        dialog.getByLabel('Special Instructions (optional)'),
        'Special Instructions',
        'Keyboard only'
      )
      await tabTo(page, dialog.getByRole('button', { name: 'Create Booking' }), 'Create Booking')
      await page.keyboard.press('Enter')
      await dialog.waitFor({ state: 'hidden' })
      const booking = await Booking.query().firstOrFail()
      assert.equal(booking.specialInstructions, 'Keyboard only')

      await tabTo(page, page.getByRole('link', { name: 'Pay now' }).first(), 'Pay now')
      await page.keyboard.press('Enter')
      await page.waitForURL(`**/payment/${booking.id}`)

      const pay = page.getByRole('form', { name: 'Card payment' })
      await typeInto(page, pay.getByLabel('Card number'), 'Card number', '4242424242424242')
      await typeInto(page, pay.getByLabel('Expiration date'), 'Expiration date', '1234')
      await typeInto(page, pay.getByLabel('Security code'), 'Security code', '123')
      await tabTo(page, pay.getByRole('button', { name: /^Pay / }), 'Pay')
      await page.keyboard.press('Enter')

      await page.waitForURL(`**/payment-success?booking=${booking.id}`)
      const revealed = page.getByRole('region', { name: 'Your Carrier' })
      await revealed.getByText(carrier.companyName).waitFor({ timeout: 20_000 })
      await booking.refresh()
      assert.equal(booking.paymentStatus, 'paid')
      await context.close()
    }).timeout(90_000)
  }
})
