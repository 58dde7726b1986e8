import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Page } from 'playwright-core'
import { SIGNATURE_HEADER, signPush } from '#plugins/tms_feeds/main'
import { pushSecret } from '#config/tms_feeds'
import Booking from '#marketplace/models/booking'
import BolFetchService from '#tms/services/bol_fetch_service'
import BolFetchQueueItem from '#tms/models/bol_fetch_queue_item'
import { DateTime } from 'luxon'
import DocumentService from '#tms/services/document_service'
import { baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing, makeTruck } from '#tests/factories'
import { acceptRateConfirmation, onTheRoad } from '#tests/deliveries'
import { closeBrowser, newPage, signIn, WIDTHS } from '#tests/browser_helpers'
import { bookingReference as reference } from '#core/reference'

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor()
}

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click()
}

/** Downloads a Document Hub row's file and answers its first bytes. */
async function downloadFrom(row: ReturnType<Page['getByRole']>, page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('link', { name: /^Download / }).click(),
  ])
  const path = await download.path()
  const { readFile } = await import('node:fs/promises')
  return { name: download.suggestedFilename(), head: (await readFile(path!)).subarray(0, 5) }
}

/** A one-page PDF, as a driver's scanning app would upload it. */
const POD_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'
)

/** The partner pushes signed milestones, as POST /api/tms/feeds/demo_partner expects them. */
async function partnerPush(shipment: string, events: unknown[]) {
  const body = JSON.stringify({ shipment, events })
  const res = await fetch(`${baseUrl()}/api/tms/feeds/demo_partner`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [SIGNATURE_HEADER]: signPush(body, pushSecret('demo_partner'), Math.floor(Date.now() / 1000)),
    },
    body,
  })
  if (res.status !== 200) throw new Error(`feed push: ${res.status} ${await res.text()}`)
}

/** The scheduler's BOL fetch, run now (the demo partner answers "pending" once, then the PDF). */
async function fetchBols() {
  const service = await app.container.make(BolFetchService)
  for (let i = 0; i < 3; i++) {
    await service.run()
    for (const row of await BolFetchQueueItem.all()) {
      row.nextAttemptAt = DateTime.now().minus({ minutes: 1 })
      await row.save()
    }
  }
}

test.group(
  'Browser: the TMS, from a rate comparison to a delivered shipment’s paperwork',
  (group) => {
    group.each.setup(() => resetDatabase())
    group.teardown(() => closeBrowser())

    for (const { name, viewport } of WIDTHS) {
      test(`at ${viewport.width} px (${name}): compare, expand line items, book a partner and pay, follow the timeline and map, download the BOL`, async ({
        assert,
      }) => {
        const shipperUser = await makeUser('shipper', {
          email: 'sam@shipper.test',
          password: 'secret123',
        })
        const { context, page } = await newPage({ viewport })
        await signIn(page, 'sam@shipper.test', 'secret123')
        await page.waitForURL('**/shipper')
        await page.goto('/tms')

        // Compare 60601 -> 48201 with the defaults (1000 lb, the server's default load, LTL).
        const form = page.getByRole('form', { name: 'Rate comparison' })
        await page.waitForFunction(
          () => (globalThis as any).document.getElementById('tms-weight')?.value === '1000'
        )
        assert.equal(await form.getByLabel('Mode').inputValue(), 'LTL')
        await form.getByLabel('Origin postal code').fill('60601')
        await form.getByLabel('Destination postal code').fill('48201')
        await form.getByRole('button', { name: 'Compare' }).click()
        await page.getByText(/^Found \d+ quotes$/).waitFor({ timeout: 15_000 })
        await toast(page, 'Quotes Retrieved')

        // A partner's quote: its line items, then Book.
        const partner = page
          .getByRole('list', { name: 'Carrier quotes' })
          .getByRole('group')
          .filter({ has: page.getByRole('button', { name: 'Book', exact: true }) })
          .first()
        await partner.getByRole('button', { name: 'Show line items' }).click()
        const items = partner.getByRole('table')
        await items.waitFor()
        assert.include(await items.innerText(), 'LINEHAUL')
        assert.include(await items.innerText(), 'FSC')
        // The PalletLine Network quote is booked from Search.
        await page.getByRole('link', { name: 'Book from Search' }).first().waitFor()

        await partner.getByRole('button', { name: 'Book', exact: true }).click()
        const dialog = page.getByRole('dialog')
        await dialog.getByLabel('Pallets (optional)').fill('1')
        await dialog.getByRole('button', { name: 'Book and pay' }).click()
        await page.waitForURL(/\/payment\/\d+$/, { timeout: 20_000 })
        const booking = await Booking.query().where('shipperId', shipperUser.id).firstOrFail()
        assert.notEqual(booking.provider, 'internal')
        const ref = reference(booking.id)

        // Pay with the sandbox card.
        const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
        const pay = page.getByRole('form', { name: 'Card payment' })
        await pay.getByLabel('Card number').fill('4242 4242 4242 4242')
        await pay.getByLabel('Expiration date').fill('12 / 34')
        await pay.getByLabel('Security code').fill('123')
        await pay.getByRole('button', { name: `Pay ${usd.format(booking.totalAmount!)}` }).click()
        await page.waitForURL(`**/payment-success?booking=${booking.id}`, { timeout: 20_000 })

        // The partner reports pickup, departure, a position on the road and the delivery.
        const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString()
        await partnerPush(ref, [
          {
            id: 'e1',
            code: 'PUP',
            time: minutesAgo(240),
            location: { lat: 41.88, lng: -87.63, city: 'Chicago', state: 'IL' },
          },
          {
            id: 'e2',
            code: 'DEP',
            time: minutesAgo(200),
            location: { lat: 41.6, lng: -86.25, city: 'South Bend', state: 'IN' },
          },
          {
            id: 'e3',
            code: 'DEL',
            time: minutesAgo(10),
            location: { lat: 42.33, lng: -83.05, city: 'Detroit', state: 'MI' },
          },
        ])

        // The shipper follows it: timeline in each milestone's look, and the map.
        await page.goto('/tms')
        await openTab(page, 'Milestone Tracking')
        await page.getByLabel('Shipment ID').fill(ref)
        await page.getByRole('button', { name: 'Track' }).click()
        await toast(page, 'Events Retrieved')
        const timeline = page.getByRole('list', { name: 'Shipment timeline' })
        await timeline.waitFor()
        const looks = await timeline
          .getByRole('listitem')
          .evaluateAll((els) => els.map((el) => (el as any).dataset.look as string))
        assert.includeMembers(looks, ['PU', 'LINEHAUL_DEPART', 'DELIVERED'])
        assert.include(await timeline.innerText(), 'Delivered')
        const map = page.getByRole('img', { name: new RegExp(`Map of shipment ${ref}`) })
        await map.waitFor({ timeout: 15_000 })
        assert.isAtLeast(await map.getByTestId('position').count(), 3)
        assert.isAtMost((await map.boundingBox())!.width, viewport.width)

        // Its BOL arrives from the partner and is downloaded from the Document Hub.
        await fetchBols()
        await page.goto('/tms')
        await openTab(page, 'Document Hub')
        const docs = page.getByRole('list', { name: 'Documents' })
        const bol = docs
          .getByRole('listitem')
          .filter({ hasText: ref })
          .filter({ hasText: 'Bill of lading' })
        await bol.waitFor({ timeout: 15_000 })
        const [download] = await Promise.all([
          page.waitForEvent('download'),
          bol.getByRole('link', { name: /^Download / }).click(),
        ])
        assert.match(download.suggestedFilename(), /\.pdf$/)
        const path = await download.path()
        const { readFile } = await import('node:fs/promises')
        assert.equal((await readFile(path!)).subarray(0, 5).toString(), '%PDF-')

        // Nothing overflows the phone's width.
        // Runs in the page (the backend's TypeScript has no DOM types).
        const width = await page.evaluate(
          () => (globalThis as any).document.documentElement.scrollWidth as number
        )
        assert.isAtMost(width, viewport.width)

        await context.close()
      }).timeout(180_000)
    }

    for (const { name, viewport } of WIDTHS) {
      test(`at ${viewport.width} px (${name}): the carrier moves a booking and uploads its POD; the shipper follows it and downloads the BOL, invoice and POD`, async ({
        assert,
      }) => {
        const carrierUser = await makeUser('carrier', {
          email: 'dan@haulers.test',
          password: 'secret123',
          isApproved: true,
        })
        const shipperUser = await makeUser('shipper', {
          email: 'sam@shipper.test',
          password: 'secret123',
        })
        const truck = await makeTruck(carrierUser)
        const listing = await makeListing(carrierUser, { truck, from: 'chicago', to: 'detroit' })
        // Picked up yesterday (docs/decisions/0166: no delivery before the pickup day).
        const booking = await makeBooking(shipperUser, listing, {
          status: 'confirmed',
          pallets: 2,
          ...onTheRoad(),
        })
        // Paid and confirmed: its bill of lading was issued when it was paid.
        await (await app.container.make(DocumentService)).issueBillOfLading(booking.id)
        // Its rate confirmation accepted: the pickup waits for it (docs/decisions/0226).
        await acceptRateConfirmation(booking.id, carrierUser.id)
        const ref = reference(booking.id)

        // The carrier moves it in transit; Delivered waits for the proof of delivery.
        const carrier = await newPage({ viewport })
        await signIn(carrier.page, 'dan@haulers.test', 'secret123')
        await carrier.page.waitForURL('**/carrier')
        await carrier.page.goto('/carrier#bookings')
        const card = carrier.page.getByRole('listitem', { name: ref })
        const select = card.getByLabel(`Status for ${ref}`)
        const update = card.getByRole('button', { name: `Update status of ${ref}` })
        await select.waitFor()
        await select.selectOption('in_transit')
        await update.click()
        await toast(carrier.page, 'Booking status changed to In Transit')
        await card.getByText(/^Delivered is not open yet: A proof of delivery is missing/).waitFor()

        // At the dock it uploads the signed proof of delivery from the TMS's Document Hub...
        await carrier.page.goto('/tms')
        await openTab(carrier.page, 'Document Hub')
        const upload = carrier.page.getByRole('form', { name: 'Upload document' })
        await upload.getByLabel('Booking number').fill(String(booking.id))
        await upload.getByLabel('Document type').selectOption('POD')
        await upload.getByLabel('Stop number').fill('2')
        await upload
          .getByLabel('File')
          .setInputFiles({ name: 'pod-signed.pdf', mimeType: 'application/pdf', buffer: POD_PDF })
        await upload.getByRole('button', { name: 'Upload' }).click()
        await toast(carrier.page, 'Document uploaded')

        // ...and marks it delivered.
        await carrier.page.goto('/carrier#bookings')
        await select.waitFor()
        await select
          .locator('option[value="delivered"]:not([disabled])')
          .waitFor({ state: 'attached' })
        await select.selectOption('delivered')
        await update.click()
        await toast(carrier.page, 'Booking status changed to Delivered')
        await carrier.context.close()

        // The shipper follows it: pickup and delivery on the timeline, the route on the map.
        const { context, page } = await newPage({ viewport })
        await signIn(page, 'sam@shipper.test', 'secret123')
        await page.waitForURL('**/shipper')
        await page.goto('/tms')
        await openTab(page, 'Milestone Tracking')
        await page.getByLabel('Shipment ID').fill(ref)
        await page.getByRole('button', { name: 'Track' }).click()
        await toast(page, 'Events Retrieved')
        const timeline = page.getByRole('list', { name: 'Shipment timeline' })
        await timeline.waitFor()
        const looks = await timeline
          .getByRole('listitem')
          .evaluateAll((els) => els.map((el) => (el as any).dataset.look as string))
        assert.includeMembers(looks, ['PU', 'DELIVERED'])
        await page.getByRole('img', { name: new RegExp(`Map of shipment ${ref}`) }).waitFor({
          timeout: 15_000,
        })

        // Its bill of lading, its invoice (issued on delivery) and the carrier's POD.
        await openTab(page, 'Document Hub')
        const docs = page.getByRole('list', { name: 'Documents' })
        const row = (label: string) =>
          docs.getByRole('listitem').filter({ hasText: ref }).filter({ hasText: label })
        await row('Invoice').waitFor({ timeout: 15_000 })
        for (const label of ['Bill of lading', 'Invoice', 'Proof of delivery']) {
          const file = await downloadFrom(row(label), page)
          assert.match(file.name, /\.pdf$/, label)
          assert.equal(file.head.toString(), '%PDF-', label)
        }
        assert.include(await row('Proof of delivery').innerText(), 'Stop 2')

        const width = await page.evaluate(
          () => (globalThis as any).document.documentElement.scrollWidth as number
        )
        assert.isAtMost(width, viewport.width)
        await context.close()
      }).timeout(180_000)
    }
  }
)
