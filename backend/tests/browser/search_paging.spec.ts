import { test } from '@japa/runner'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeListing, makeTruck } from '#tests/factories'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

test.group('Browser: search results a page at a time', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  for (const viewport of [
    { width: 1280, height: 900 },
    { width: 390, height: 844 },
  ]) {
    test(`the total, then "Load more carriers" until every offer shows (${viewport.width} px)`, async ({
      assert,
    }) => {
      const carrierUser = await makeUser('carrier', { isApproved: true })
      const truck = await makeTruck(carrierUser, { capacity: 26 })
      for (let i = 0; i < 23; i++) {
        await makeListing(carrierUser, { truck, maxPallets: 10, rate: 1.5 + i / 20 })
      }
      await makeUser('shipper', { email: 'pia@shipper.test', password: 'secret123' })

      const { context, page } = await newPage({ viewport })
      await signIn(page, 'pia@shipper.test', 'secret123')
      await page.waitForURL('**/shipper')
      const form = page.getByRole('form', { name: 'Ship My Freight' })
      await form.getByLabel('Pickup Address').fill('Chicago, IL')
      await form.getByLabel('Delivery Address').fill('Detroit, MI')
      await form.getByLabel('Number of Pallets').fill('2')
      await form.getByRole('button', { name: 'Search Carriers' }).click()

      await page.getByText('Found 23 available carrier(s)', { exact: true }).first().waitFor()
      await page.getByRole('heading', { name: /Available Carriers\s*23/ }).waitFor()
      await page.getByText('Showing 20 of 23 carriers').waitFor()
      const cards = page.getByRole('article', { name: /^Verified carrier #\d{4}$/ })
      assert.equal(await cards.count(), 20)
      // Best first: the cheapest card leads.
      assert.include(await cards.first().innerText(), '$1.50/mile/pallet')

      const more = page.getByRole('button', { name: 'Load more carriers' })
      await more.scrollIntoViewIfNeeded()
      await more.click()
      await page.getByText('Showing 23 of 23 carriers').waitFor()
      assert.equal(await cards.count(), 23)
      assert.include(await cards.last().innerText(), '$2.60/mile/pallet')
      assert.equal(await page.getByRole('button', { name: /Load more|Loading more/ }).count(), 0)
      await context.close()
    })
  }
})
