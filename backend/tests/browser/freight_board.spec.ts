import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import FreightListing from '#freight_board/models/freight_listing'
import Booking from '#marketplace/models/booking'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeFreightListing } from '#tests/factories'
import { closeBrowser, newPage, signIn, WIDTHS } from '#tests/browser_helpers'
import { bookingReference as reference } from '#core/reference'

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor()
}

test.group('Browser: the freight board, from a posted load to a paid booking', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): post at an estimate, hold, see it held, claim it away live, book and pay`, async ({
      assert,
    }) => {
      await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })
      const carrierA = await makeUser('carrier', {
        email: 'ann@haulers.test',
        password: 'secret123',
        isApproved: true,
      })
      await makeUser('carrier', {
        email: 'bob@haulers.test',
        password: 'secret123',
        isApproved: true,
      })
      const companyA = (await carrierOf(carrierA)).companyName

      // The shipper estimates and posts a load.
      const shipper = await newPage({ viewport })
      await signIn(shipper.page, 'sam@shipper.test', 'secret123')
      await shipper.page.waitForURL('**/shipper')
      await shipper.page.goto('/post-load')
      const form = shipper.page.getByRole('form', { name: 'Post a Load' })
      await form.getByLabel('Origin ZIP').fill('60601')
      await form.getByLabel('Destination ZIP').fill('48201')
      await form.getByLabel('Pallets').fill('4')
      await form.getByLabel('Weight (lbs)').fill('2000')
      await form.getByRole('button', { name: 'Get Rate Estimate' }).click()
      const estimate = shipper.page.getByRole('region', { name: 'Rate estimate' })
      await estimate.waitFor()
      assert.match(await estimate.innerText(), /mi/)
      const price = await form.getByLabel('Your Price (USD)').inputValue()
      assert.match(price, /^\d+$/)
      await form.getByRole('button', { name: 'Publish Load' }).click()
      const load = await (async () => {
        for (let i = 0; i < 50; i++) {
          const row = await FreightListing.query().first()
          if (row) return row
          await new Promise((r) => setTimeout(r, 100))
        }
        throw new Error('no load was posted')
      })()
      await toast(shipper.page, `Load posted successfully! Listing #${load.id}`)
      assert.equal(load.status, 'OPEN')
      assert.equal(await form.getByLabel('Origin ZIP').inputValue(), '')

      // Carrier A holds it; carrier B sees it held.
      const a = await newPage({ viewport })
      await signIn(a.page, 'ann@haulers.test', 'secret123')
      await a.page.waitForURL('**/carrier')
      await a.page.goto('/freight-board')
      const cardA = a.page.getByRole('listitem', { name: new RegExp(`^Load #${load.id}:`) })
      await cardA.waitFor()
      assert.include(await cardA.innerText(), 'Chicago')

      const b = await newPage({ viewport })
      await signIn(b.page, 'bob@haulers.test', 'secret123')
      await b.page.waitForURL('**/carrier')
      await b.page.goto('/freight-board')
      const cardB = b.page.getByRole('listitem', { name: new RegExp(`^Load #${load.id}:`) })
      await cardB.waitFor()
      // The shipper stays anonymous on the board.
      assert.notInclude(await b.page.content(), 'sam@shipper.test')

      await cardA.getByRole('button', { name: `Hold (30m) load #${load.id}` }).click()
      await toast(a.page, 'Hold placed')
      await cardA.getByText(/Held by you/).waitFor()
      // Live: B's card shows the hold without a reload, and its buttons are disabled.
      await cardB.getByText(/^Held · \d+ min left$/).waitFor({ timeout: 10_000 })
      assert.isTrue(
        await cardB.getByRole('button', { name: `Claim Load #${load.id}` }).isDisabled()
      )

      // A claims it; it leaves B's board without a reload.
      await cardA.getByRole('button', { name: `Claim Load #${load.id}` }).click()
      await toast(a.page, 'Load claimed successfully! Check your bookings.')
      await cardB.waitFor({ state: 'detached', timeout: 10_000 })

      const booking = await Booking.query()
        .where('carrierId', (await carrierOf(carrierA)).id)
        .firstOrFail()
      assert.equal(booking.totalAmount, Number(price))
      const ref = reference(booking.id)

      // A finds it in Bookings.
      await a.page.goto('/carrier#bookings')
      await a.page.getByRole('listitem', { name: ref }).waitFor()

      // The shipper sees it claimed, pays, and sees who the carrier is.
      await shipper.page.goto('/post-load')
      const mine = shipper.page.getByRole('list', { name: 'My posted loads' })
      await mine.getByText(ref).waitFor()
      assert.notInclude(await shipper.page.content(), companyA)
      await mine.getByRole('link', { name: /Pay now/ }).click()
      await shipper.page.waitForURL(`**/payment/${booking.id}`)
      const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
      const pay = shipper.page.getByRole('form', { name: 'Card payment' })
      await pay.getByLabel('Card number').fill('4242 4242 4242 4242')
      await pay.getByLabel('Expiration date').fill('12 / 34')
      await pay.getByLabel('Security code').fill('123')
      await pay.getByRole('button', { name: `Pay ${usd.format(booking.totalAmount!)}` }).click()
      await shipper.page.waitForURL(`**/payment-success?booking=${booking.id}`)
      await shipper.page
        .getByRole('region', { name: 'Your Carrier' })
        .getByText(companyA)
        .waitFor({ timeout: 20_000 })

      for (const { context } of [shipper, a, b]) await context.close()
    }).timeout(120_000)
  }

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): fund a load by card, a carrier claims it funded, the booking is already paid`, async ({
      assert,
    }) => {
      const owner = await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })
      const carrierUser = await makeUser('carrier', {
        email: 'ann@haulers.test',
        password: 'secret123',
        isApproved: true,
      })
      const company = (await carrierOf(carrierUser)).companyName
      const load = await makeFreightListing(owner, { price: 1450 })
      const unfunded = await makeFreightListing(owner, { price: 600 })

      // The shipper funds it from My Posted Loads.
      const shipper = await newPage({ viewport })
      await signIn(shipper.page, 'sam@shipper.test', 'secret123')
      await shipper.page.waitForURL('**/shipper')
      await shipper.page.goto('/post-load')
      const mine = shipper.page.getByRole('list', { name: 'My posted loads' })
      const item = mine.getByRole('listitem').filter({ hasText: `Listing #${load.id} ` })
      await item.getByRole('button', { name: `Fund listing #${load.id} by card` }).click()
      const dialog = shipper.page.getByRole('dialog', { name: `Fund load #${load.id}` })
      await dialog.waitFor()
      const pay = dialog.getByRole('form', { name: 'Card payment' })
      await pay.getByLabel('Card number').fill('4242 4242 4242 4242')
      await pay.getByLabel('Expiration date').fill('12 / 34')
      await pay.getByLabel('Security code').fill('123')
      await pay.getByRole('button', { name: 'Pay $1,450.00' }).click()
      await toast(shipper.page, 'Load funded')
      await item.getByText('Funded', { exact: true }).waitFor({ timeout: 20_000 })
      await load.refresh()
      assert.equal(load.paymentStatus, 'FUNDED')

      // A carrier filters the board to funded loads and claims it.
      const carrier = await newPage({ viewport })
      await signIn(carrier.page, 'ann@haulers.test', 'secret123')
      await carrier.page.waitForURL('**/carrier')
      await carrier.page.goto('/freight-board')
      await carrier.page.getByLabel('Funded only').check()
      const card = carrier.page.getByRole('listitem', { name: new RegExp(`^Load #${load.id}:`) })
      await card.getByText('Funded', { exact: true }).waitFor()
      await carrier.page
        .getByRole('listitem', { name: new RegExp(`^Load #${unfunded.id}:`) })
        .waitFor({ state: 'detached' })
      assert.lengthOf(await carrier.page.getByRole('listitem', { name: /^Load #\d+:/ }).all(), 1)
      await card.getByRole('button', { name: `Claim Load #${load.id}` }).click()
      await toast(carrier.page, 'Load claimed successfully! Check your bookings.')

      // Nothing left to pay: the shipper sees the booking paid from the funding, and its carrier.
      const booking = await Booking.query().where('shipperId', owner.id).firstOrFail()
      assert.equal(booking.paymentStatus, 'paid')
      await shipper.page.goto('/post-load')
      await item.getByText("Paid from the load's funding").waitFor()
      assert.equal(await item.getByRole('link', { name: /Pay now/ }).count(), 0)
      // Shipment Management names the paid booking's carrier (a table row, or a card on a phone).
      await item.getByRole('link', { name: 'See your carrier' }).click()
      await shipper.page.waitForURL(/\/shipper#bookings$/)
      await shipper.page
        .getByLabel(`Booking #${booking.id}`, { exact: true })
        .getByText(company)
        .waitFor({ timeout: 20_000 })

      for (const { context } of [shipper, carrier]) await context.close()
    }).timeout(120_000)
  }
})

test.group('Browser: the board’s ZIP filters, refused on their fields', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): a bad Origin ZIP is refused on its field, with no loads shown, and so is the server's 422`, async ({
      assert,
    }) => {
      const shipper = await makeUser('shipper')
      await makeUser('carrier', {
        email: 'ann@haulers.test',
        password: 'secret123',
        isApproved: true,
      })
      const chicago = await makeFreightListing(shipper)
      const dallas = await makeFreightListing(shipper, {
        originPostal: '75201',
        originCity: 'Dallas',
        originState: 'TX',
        originLatitude: 32.7876,
        originLongitude: -96.7994,
      })

      const { context, page } = await newPage({ viewport })
      await signIn(page, 'ann@haulers.test', 'secret123')
      await page.waitForURL('**/carrier')
      await page.goto('/freight-board')
      const card = (id: number) => page.getByRole('listitem', { name: new RegExp(`^Load #${id}:`) })
      await card(chicago.id).waitFor()
      await card(dallas.id).waitFor()

      const origin = page.getByRole('form', { name: 'Filter loads' }).getByLabel('Origin ZIP')
      await origin.fill('752')
      await card(chicago.id).waitFor({ state: 'detached' })
      await card(dallas.id).waitFor()

      // A ZIP the server would refuse: the field says why and the Dallas load is not left
      // standing for a filter it does not match.
      const asked: string[] = []
      page.on('request', (request) => {
        if (request.url().includes('/api/freight-listings?')) asked.push(request.url())
      })
      await origin.fill('zzzzz')
      await page.getByText('Origin ZIP filter must be 1 to 5 digits').waitFor()
      assert.equal(await origin.getAttribute('aria-invalid'), 'true')
      await page.getByText('No loads shown for these filters').waitFor()
      assert.equal(await card(dallas.id).count(), 0)
      assert.equal(await page.getByRole('list', { name: 'Open loads' }).count(), 0)
      await page.waitForTimeout(800)
      assert.deepEqual(
        asked.filter((url) => url.includes('zzzzz')),
        []
      )

      // Fixed, the board answers for the new filter.
      await origin.fill('606')
      await card(chicago.id).waitFor()
      assert.equal(await card(dallas.id).count(), 0)
      assert.equal(await page.getByText('Origin ZIP filter must be 1 to 5 digits').count(), 0)

      // Whatever the server refuses (here a request rewritten on its way out), its 422 is
      // shown on the field and the loads shown before go.
      await page.route('**/api/freight-listings?*dest_zip=482*', (route) =>
        route.continue({ url: route.request().url().replace('dest_zip=482', 'dest_zip=48x') })
      )
      await page
        .getByRole('form', { name: 'Filter loads' })
        .getByLabel('Destination ZIP')
        .fill('482')
      await page.getByText('Destination ZIP filter must be 1 to 5 digits').waitFor()
      assert.equal(
        await page
          .getByRole('form', { name: 'Filter loads' })
          .getByLabel('Destination ZIP')
          .getAttribute('aria-invalid'),
        'true'
      )
      await card(chicago.id).waitFor({ state: 'detached' })
      await page.getByRole('button', { name: 'Clear filters' }).click()
      await card(chicago.id).waitFor()
      await card(dallas.id).waitFor()

      await context.close()
    }).timeout(120_000)
  }
})
