/*
 * Two browsers, a carrier and a shipper, negotiate a posted load (docs/decisions/0234): the
 * carrier offers, the shipper counters, the carrier counters, the shipper accepts after
 * confirming, and both see the booking. Each step reaches the other within 2 s without a reload
 * (the offer live notice); the board's and the lists' polls are 30 s.
 */
import { test } from '@japa/runner'
import { mkdirSync } from 'node:fs'
import db from '@adonisjs/lucid/services/db'
import Booking from '#marketplace/models/booking'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'
import {
  closeBrowser,
  newPage,
  signIn,
  subscribed,
  seriousViolations,
  WIDTHS,
} from '#tests/browser_helpers'

const LIVE = { timeout: 2_000 }
const SHOTS = '/tmp/shots/offers'

test.group('Browser: offers on a posted load', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): a carrier counters, the shipper accepts, both see the booking`, async ({
      assert,
    }) => {
      mkdirSync(SHOTS, { recursive: true })
      const shipperUser = await makeUser('shipper', { email: 'sam@shipper.test' })
      const carrierUser = await makeUser('carrier', { email: 'dan@haulers.test', isApproved: true })
      const load = await makeFreightListing(shipperUser, {
        price: 1000,
        recommendedLow: 900,
        recommendedMid: 1000,
        recommendedHigh: 1100,
      })
      await db
        .from('freight_listings')
        .where('id', load.id)
        .update({ allow_offers: true, offer_floor_cents: 80_000 })

      const shipper = await newPage({ viewport })
      await signIn(shipper.page, 'sam@shipper.test', 'secret123')
      await shipper.page.waitForURL('**/shipper')
      const shipperListening = subscribed(shipper.page, `users/${shipperUser.id}`)
      await shipper.page.goto('/post-load')
      await shipperListening
      const panel = shipper.page.getByRole('region', { name: `Offers on listing #${load.id}` })
      await panel.getByText('No offers yet', { exact: false }).waitFor()

      const carrier = await newPage({ viewport })
      await signIn(carrier.page, 'dan@haulers.test', 'secret123')
      await carrier.page.waitForURL('**/carrier')
      const carrierListening = subscribed(carrier.page, `users/${carrierUser.id}`)
      await carrier.page.goto('/freight-board')
      await carrierListening

      // The carrier offers $900, seeing what it would earn.
      await carrier.page.getByRole('button', { name: `Make an offer on load #${load.id}` }).click()
      const dialog = carrier.page.getByRole('dialog', { name: `Make an offer on load #${load.id}` })
      await dialog.getByLabel('Amount (USD)').fill('900')
      await dialog.getByText('You earn', { exact: false }).waitFor()
      await dialog.getByLabel('Note (optional)').fill('Empty in Joliet tomorrow')
      await carrier.page.screenshot({ path: `${SHOTS}/make-offer-${viewport.width}.png` })
      assert.deepEqual(await seriousViolations(carrier.page), [])
      await dialog.getByRole('button', { name: 'Send offer' }).click()
      await dialog.waitFor({ state: 'hidden' })

      // The shipper sees it live, by label and lane position, and counters at $980.
      const offer = panel.getByRole('listitem', { name: /^Offer #\d+: \$900\.00/ })
      await offer.waitFor(LIVE)
      await offer.getByText(/^Verified carrier #\d{4}$/).waitFor()
      await offer.getByText('Between the lane’s low and mid (p25–p50)').waitFor()
      assert.notInclude(await panel.innerText(), 'dan@haulers.test')
      await offer.getByRole('button', { name: 'Counter (3 left)' }).click()
      await offer.getByLabel('Amount (USD)').fill('980')
      await offer.getByRole('button', { name: 'Send counter' }).click()

      // The carrier sees the counter live and counters at $940.
      const mine = carrier.page.getByRole('list', { name: 'My offers' })
      const countered = mine.getByRole('listitem', { name: /: \$980\.00$/ })
      await countered.waitFor(LIVE)
      await countered.getByRole('button', { name: 'Counter (3 left)' }).click()
      await countered.getByLabel('Amount (USD)').fill('940')
      await countered.getByRole('button', { name: 'Send counter' }).click()
      await mine.getByRole('listitem', { name: /: \$940\.00$/ }).waitFor()

      // The shipper sees it live and accepts, after the confirmation.
      const answer = panel.getByRole('listitem', { name: /: \$940\.00$/ })
      await answer.waitFor(LIVE)
      await shipper.page.screenshot({ path: `${SHOTS}/shipper-offers-${viewport.width}.png` })
      assert.deepEqual(await seriousViolations(shipper.page), [])
      await answer.getByRole('button', { name: 'Accept $940.00' }).click()
      const confirm = shipper.page.getByRole('alertdialog')
      await confirm.getByText('This cannot be undone', { exact: false }).waitFor()
      await shipper.page.screenshot({ path: `${SHOTS}/confirm-${viewport.width}.png` })
      await confirm.getByRole('button', { name: 'Accept and book at $940.00' }).click()

      // Both see the booking: the shipper's load is claimed with its booking, the carrier's
      // offer accepted with the same reference.
      const booking = await (async () => {
        for (let i = 0; i < 40; i++) {
          const found = await Booking.query().where('bookingType', 'freight_board').first()
          if (found) return found
          await new Promise((resolve) => setTimeout(resolve, 50))
        }
        throw new Error('no booking')
      })()
      assert.equal(booking.totalAmount, 940)
      const ref = `TRT-${String(booking.id).padStart(3, '0')}`
      await shipper.page.getByText(ref, { exact: false }).first().waitFor(LIVE)
      const accepted = mine.getByRole('listitem', { name: /: \$940\.00$/ })
      await accepted.getByText('Accepted', { exact: true }).waitFor(LIVE)
      await accepted.getByText(ref).waitFor()
      await shipper.page.screenshot({ path: `${SHOTS}/shipper-booked-${viewport.width}.png` })
      await carrier.page.screenshot({ path: `${SHOTS}/carrier-booked-${viewport.width}.png` })
      assert.deepEqual(await seriousViolations(shipper.page), [])
      assert.deepEqual(await seriousViolations(carrier.page), [])
      for (const { context } of [shipper, carrier]) await context.close()
    })
  }
})
