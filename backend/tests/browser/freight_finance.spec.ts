import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { Page } from 'playwright-core'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { bookingReference } from '#core/reference'
import { seedReferenceRows } from '#tms/tests/reference_rows'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

/** A moment as a datetime-local input takes it, in the browser's (the process's) zone. */
const local = (at: DateTime) => at.toLocal().toFormat("yyyy-MM-dd'T'HH:mm")

async function overflow(page: Page) {
  return page.evaluate(() => {
    const root = (globalThis as any).document.documentElement
    return (root.scrollWidth - root.clientWidth) as number
  })
}

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.group(`Browser: freight invoice with detention at ${viewport.width} px`, (group) => {
    group.each.setup(async () => {
      await resetDatabase()
      await seedReferenceRows()
    })
    group.teardown(() => closeBrowser())
    group.each.timeout(120_000)

    test('the carrier records check-in/out, bills detention and issues; the shipper sees the flag', async ({
      assert,
    }) => {
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
        totalAmount: 1410,
        deliveredAt: DateTime.now().minus({ minutes: 30 }),
      })
      const reference = bookingReference(booking.id)
      const arrived = DateTime.now().minus({ hours: 5 }).startOf('minute')

      const carrierSide = await newPage({ viewport })
      await signIn(carrierSide.page, 'cora@haulers.test', 'secret123')
      await carrierSide.page.waitForURL('**/carrier')
      await carrierSide.page.goto('/carrier#bookings')
      await carrierSide.page
        .getByRole('button', { name: `Charges and invoice for ${reference}` })
        .click()
      const dialog = carrierSide.page.getByRole('dialog', { name: 'Charges & invoice' })
      const delivery = dialog.getByRole('form', { name: 'Delivery times' })
      await delivery.getByLabel('Arrived').fill(local(arrived))
      await delivery.getByLabel('Departed').fill(local(arrived.plus({ minutes: 200 })))
      await delivery.getByRole('button', { name: 'Save times' }).click()
      await dialog.getByText(/Detention: 1\.5 h, \$112\.50/).waitFor()
      await dialog.getByRole('button', { name: 'Bill detention ($112.50)' }).click()
      await dialog.getByText('Detention at delivery, 1.5 h after 2 free hours').first().waitFor()
      await dialog.getByRole('button', { name: 'Draft invoice' }).click()
      await dialog.getByRole('button', { name: 'Issue invoice' }).click()
      await dialog.getByText(/Audit FLAGGED: variance \$112\.50/).waitFor()
      const pdf = dialog.getByRole('link', { name: /Download PDF AINV-\d{4}-\d{6}/ })
      await pdf.waitFor()
      assert.isAtMost(await overflow(carrierSide.page), 0)

      const shipperSide = await newPage({ viewport })
      await signIn(shipperSide.page, 'pat@shipper.test', 'secret123')
      await shipperSide.page.waitForURL('**/shipper')
      await shipperSide.page.goto('/shipper#invoices')
      await shipperSide.page.getByText('1 invoice flagged by the audit').waitFor()
      await shipperSide.page.getByText('Flagged: bills $112.50 more than booked').waitFor()
      await shipperSide.page.getByRole('button', { name: 'Accept' }).click()
      await shipperSide.page.getByText('accepted', { exact: true }).waitFor()
      assert.equal(await shipperSide.page.getByText('1 invoice flagged by the audit').count(), 0)
      assert.isAtMost(await overflow(shipperSide.page), 0)
      await shipperSide.context.close()
      await carrierSide.context.close()
    })
  })
}
