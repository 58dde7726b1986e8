import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import { LATE_CANCEL_FEE_CENTS } from '#marketplace/cancellation_policy'
import { splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'
import { makeCarrier, paidBooking, reload } from '#payments/tests/payout_fixtures'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
const dollars = (cents: number) => usd.format(cents / 100)
/** Where the journey leaves its screenshots, when asked to (SHOTS_DIR). */
const SHOTS = process.env.SHOTS_DIR

/**
 * A late cancel by the shipper (docs/decisions/0178): the dialog shows the refund and when it
 * lands, the fee and the carrier's share before anything happens; the row then reads Cancelled /
 * Refunded with the fee; the carrier sees the cancellation and the fee's payout.
 */
test.group('Browser: a shipper cancels a paid booking on its pickup day', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the fee and the refund are shown before confirming (${viewport.width} px)`, async ({
      assert,
    }) => {
      const shipper = await makeUser('shipper', {
        email: 'sam@shipper.test',
        password: 'secret123',
      })
      const carrier = await makeCarrier()
      await carrier.user.merge({ password: 'secret123' }).save()
      // picked up today: inside the late-cancel window at any hour
      const booking = await paidBooking(shipper, carrier.listing, 4)
      const reference = bookingReference(booking.id)
      const total = toCents(booking.totalAmount!)
      const fee = Math.min(LATE_CANCEL_FEE_CENTS, total)
      const share = splitPayout(fee).payoutCents
      if (SHOTS) await mkdir(SHOTS, { recursive: true })

      const { context, page } = await newPage({ viewport })
      await signIn(page, 'sam@shipper.test', 'secret123')
      await page.waitForURL('**/shipper')
      await page.goto('/shipper#bookings')
      const cancel = page.getByRole('button', { name: `Cancel booking #${booking.id}` })
      await cancel.scrollIntoViewIfNeeded()
      await cancel.click()

      const dialog = page.getByRole('alertdialog', { name: `Cancel booking ${reference}?` })
      await dialog.getByText('Late-cancel fee').waitFor()
      const text = await dialog.innerText()
      assert.include(text, dollars(total - fee))
      assert.include(text, dollars(fee))
      assert.include(text, `${dollars(share)} of it is paid to the carrier`)
      assert.match(text, /reaches your card by [A-Z][a-z]{2} \d{1,2}, \d{4}/)
      assert.include(text, 'The carrier is told by email')
      if (SHOTS) {
        await page.screenshot({ path: `${SHOTS}/shipper-cancel-dialog-${viewport.width}.png` })
      }
      // Nothing happened yet.
      assert.equal((await reload(booking.id)).status, 'booked')

      await dialog
        .getByRole('button', { name: `Cancel and refund ${dollars(total - fee)}` })
        .click()
      await page.getByText('Booking cancelled', { exact: true }).first().waitFor()
      await dialog.waitFor({ state: 'hidden' })
      // A phone shows each booking as a card, a wider screen as a table row (issue 32, item 10).
      const phone = viewport.width < 768
      const row = page.getByRole(phone ? 'listitem' : 'row', { name: `Booking #${booking.id}` })
      await row.getByText('Refunded').waitFor()
      assert.include(await row.innerText(), `Late-cancel fee ${dollars(fee)}`)
      const after = await reload(booking.id)
      assert.equal(after.status, 'cancelled')
      assert.equal(after.paymentStatus, 'refunded')
      assert.equal(after.cancellationFeeCents, fee)
      if (SHOTS) {
        await row.scrollIntoViewIfNeeded()
        await page.screenshot({ path: `${SHOTS}/shipper-cancelled-row-${viewport.width}.png` })
      }
      await context.close()

      // The carrier sees the cancellation with its share, and the fee in Payout History.
      const carrierSide = await newPage({ viewport })
      await signIn(carrierSide.page, carrier.user.email, 'secret123')
      await carrierSide.page.waitForURL('**/carrier**')
      await carrierSide.page.goto('/carrier#bookings')
      const note = carrierSide.page.getByTestId('cancellation-note')
      await note.waitFor()
      assert.include(await note.innerText(), `you earn ${dollars(share)}`)
      if (SHOTS) {
        await note.scrollIntoViewIfNeeded()
        await carrierSide.page.screenshot({
          path: `${SHOTS}/carrier-cancelled-booking-${viewport.width}.png`,
        })
      }
      await carrierSide.page.goto('/carrier#payouts')
      const payout = carrierSide.page.getByRole(phone ? 'listitem' : 'row', {
        name: `Payout ${reference}`,
      })
      await payout.waitFor()
      const payoutText = await payout.innerText()
      assert.include(payoutText, 'Cancelled late: your share of the fee')
      assert.include(payoutText, dollars(share))
      assert.notInclude(payoutText, 'Payment Pending')
      if (SHOTS) {
        await carrierSide.page.screenshot({
          path: `${SHOTS}/carrier-payout-history-${viewport.width}.png`,
        })
      }
      await carrierSide.context.close()
    })
  }
})
