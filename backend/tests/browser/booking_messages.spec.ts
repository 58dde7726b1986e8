/*
 * Two browsers, the shipper and the carrier of a paid booking, exchange messages with an
 * attachment: each sees the other's within 2 s without a reload (docs/decisions/0230). The
 * thread's poll is 30 s, so only the live notice can be that quick.
 */
import { test } from '@japa/runner'
import { mkdirSync } from 'node:fs'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import {
  closeBrowser,
  newPage,
  signIn,
  subscribed,
  seriousViolations,
  WIDTHS,
} from '#tests/browser_helpers'
import { bookingReference as reference } from '#core/reference'

const LIVE = { timeout: 2_000 }
const SHOTS = '/tmp/shots/messages'
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('lumper receipt'),
])

test.group('Browser: messages on a booking', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): the two parties exchange messages and a file, live`, async ({
      assert,
    }) => {
      mkdirSync(SHOTS, { recursive: true })
      const shipperUser = await makeUser('shipper', { email: 'sam@shipper.test' })
      const carrierUser = await makeUser('carrier', { email: 'dan@haulers.test', isApproved: true })
      const booking = await makeBooking(shipperUser, await makeListing(carrierUser))
      const ref = reference(booking.id)

      const shipper = await newPage({ viewport })
      await signIn(shipper.page, 'sam@shipper.test', 'secret123')
      await shipper.page.waitForURL('**/shipper')
      const shipperListening = subscribed(shipper.page, `users/${shipperUser.id}`)
      await shipper.page.goto('/shipper#bookings')
      await shipperListening
      await shipper.page
        .getByRole('button', { name: `Messages for ${ref}` })
        .first()
        .click()
      const shipperDialog = shipper.page.getByRole('dialog', { name: `Messages · ${ref}` })
      await shipperDialog.getByText('No messages yet').waitFor()
      await shipper.page.screenshot({ path: `${SHOTS}/empty-${viewport.width}.png` })
      assert.deepEqual(await seriousViolations(shipper.page), [])

      const carrier = await newPage({ viewport })
      await signIn(carrier.page, 'dan@haulers.test', 'secret123')
      await carrier.page.waitForURL('**/carrier')
      const carrierListening = subscribed(carrier.page, `users/${carrierUser.id}`)
      await carrier.page.goto('/carrier#bookings')
      await carrierListening
      await carrier.page.getByRole('button', { name: `Messages for ${ref}` }).click()
      const carrierDialog = carrier.page.getByRole('dialog', { name: `Messages · ${ref}` })
      await carrierDialog.getByText('No messages yet').waitFor()

      // The shipper writes, with a link to a site PalletLine does not know.
      await shipperDialog
        .getByLabel('Message to the carrier')
        .fill('Use dock door 4 <b>please</b>. Map: https://maps.example.com/door4')
      await shipperDialog.getByRole('button', { name: 'Send' }).click()
      // Shown as sent (or already read: the carrier's open thread reads it at once).
      await shipperDialog
        .getByRole('log', { name: 'Messages' })
        .getByText('Use dock door 4', { exact: false })
        .waitFor()

      // The carrier sees it without a reload, escaped, the link behind a warning.
      const log = carrierDialog.getByRole('log', { name: 'Messages' })
      await log.getByText('Use dock door 4 <b>please</b>.', { exact: false }).waitFor(LIVE)
      assert.equal(await log.locator('b').count(), 0)
      assert.equal(await log.locator('a[href*="maps.example.com"]').count(), 0)
      await log.getByRole('button', { name: 'https://maps.example.com/door4' }).click()
      await log.getByText('This link leaves PalletLine for maps.example.com').waitFor()
      await log.getByRole('button', { name: 'Stay here' }).click()

      // The carrier answers with a file; the shipper sees both, and the receipt says Read.
      await shipperDialog.getByText('Read', { exact: true }).waitFor(LIVE)
      await carrierDialog.getByLabel('Message to the shipper').fill('Receipt attached.')
      await carrierDialog
        .getByLabel('Attach a file (PDF, JPEG or PNG, up to 10 MB)')
        .setInputFiles({ name: 'lumper.png', mimeType: 'image/png', buffer: PNG })
      await carrierDialog.getByRole('button', { name: 'Send' }).click()
      await carrierDialog.getByRole('link', { name: /lumper\.png/ }).waitFor()

      const shipperLog = shipperDialog.getByRole('log', { name: 'Messages' })
      await shipperLog.getByText('Receipt attached.').waitFor(LIVE)
      const link = shipperLog.getByRole('link', { name: /lumper\.png/ })
      await link.waitFor()
      assert.match(
        (await link.getAttribute('href')) ?? '',
        new RegExp(`/api/bookings/${booking.id}/messages/\\d+/attachment$`)
      )
      await carrierDialog.getByText('Read', { exact: true }).waitFor(LIVE)

      await shipper.page.screenshot({ path: `${SHOTS}/shipper-${viewport.width}.png` })
      await carrier.page.screenshot({ path: `${SHOTS}/carrier-${viewport.width}.png` })
      assert.deepEqual(await seriousViolations(shipper.page), [])
      assert.deepEqual(await seriousViolations(carrier.page), [])
      for (const { context } of [shipper, carrier]) await context.close()
    })
  }
})
