/*
 * The Post a Load form's freight class (docs/decisions/0228) in the browser, at 1280 and 390 px:
 * density and NMFC class change as the shipper types, hazmat asks for its UN number and class,
 * an LTL load without a commodity is refused on its field, and the posted load stores the class
 * the server computed. axe-core finds no serious violation.
 */
import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import FreightListing from '#freight_board/models/freight_listing'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn, seriousViolations, WIDTHS } from '#tests/browser_helpers'

/** Where the journey leaves its screenshots, when asked to (SHOTS_DIR). */
const SHOTS = process.env.SHOTS_DIR

async function shot(page: Page, name: string, width: number) {
  if (!SHOTS) return
  await mkdir(SHOTS, { recursive: true })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
}

test.group('Browser: freight class on the Post a Load form', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): class as typed, hazmat, LTL commodity, stored class`, async ({
      assert,
    }) => {
      await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })
      const { page } = await newPage({ viewport })
      await signIn(page, 'sam@shipper.test', 'secret123')
      await page.waitForURL('**/shipper')
      await page.goto('/post-load')
      const form = page.getByRole('form', { name: 'Post a Load' })
      const preview = form.getByRole('status', { name: 'Density and freight class' })
      // The default load first: 1,000 lb on a 48 x 40 x 60 in pallet, class 70.
      await preview.getByText('NMFC class 70').waitFor()
      await form.getByLabel('Origin ZIP').fill('60601')
      await form.getByLabel('Destination ZIP').fill('48201')
      await form.getByLabel('Service Mode').selectOption('LTL')
      await form.getByLabel('Pallets').fill('2')
      await form.getByLabel('Weight (lbs)').fill('700')
      await form.getByLabel('Height (in)').fill('48')
      // 700 lb over two 48 x 40 x 48 in pallets: 6.56 lb/cu ft, class 125.
      await preview.getByText('NMFC class 125').waitFor()
      assert.include(await preview.innerText(), '6.56 lb/cu ft')
      await form.getByLabel('Hazardous materials (hazmat)').check()
      await form.getByLabel('UN number').fill('UN1263')
      await form.getByLabel('Hazard class').fill('3')
      await form.getByLabel('Pieces').fill('24')
      await form.getByLabel('Consignee').fill('Motor City Hardware')
      await form.getByLabel('Your Price (USD)').fill('480')
      await shot(page, 'post-load-freight-class', viewport.width)
      assert.deepEqual(await seriousViolations(page), [])

      // No commodity on an LTL load: the server's 422 lands on the field.
      await form.getByRole('button', { name: 'Publish Load' }).click()
      await form.getByText('Commodity is required for an LTL load').waitFor()
      assert.equal(
        await form.getByLabel('Commodity').getAttribute('aria-invalid'),
        'true',
        'the commodity field is marked'
      )
      await shot(page, 'post-load-commodity-error', viewport.width)
      await form.getByLabel('Commodity').fill('Latex paint')
      await form.getByRole('button', { name: 'Publish Load' }).click()
      await page
        .getByText(/Load posted successfully! Listing #\d+/)
        .first()
        .waitFor()
      const load = await FreightListing.query().firstOrFail()
      assert.deepEqual(load.freightDetails, {
        commodity: 'Latex paint',
        pieces: 24,
        packaging: 'PALLET',
        consignee: 'Motor City Hardware',
        hazmat: { unNumber: 'UN1263', hazardClass: '3' },
        densityPcf: 6.56,
        freightClass: 125,
      })
    })
  }
})
