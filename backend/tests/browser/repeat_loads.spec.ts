import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import type { Page } from 'playwright-core'
import { makeUser, resetDatabase } from '#tests/helpers'
import {
  closeBrowser,
  newPage,
  seriousViolations,
  signIn,
  sideScroll,
  WIDTHS,
} from '#tests/browser_helpers'

const SHOTS = '/tmp/shots/repeat-loads'

const HEADER = 'origin_postal,destination_postal,equipment,pallets,commodity,price'
const csv = (second: string) =>
  [HEADER, '60601,48201,VAN,10,Canned tomatoes,1250', second, '75201,77002,REEFER,2,,640.50'].join(
    '\n'
  )

async function loadCount() {
  return Number((await db.from('freight_listings').count('* as n').first())?.n)
}

async function until(check: () => Promise<boolean>, what: string) {
  for (let i = 0; i < 100; i++) {
    if (await check()) return
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`timed out waiting for ${what}`)
}

async function pickCsv(page: Page, name: string, text: string) {
  await page.locator('#load-import-file').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(text, 'utf8'),
  })
}

/**
 * Repeat loads (docs/decisions/0248): a shipper saves the form as a template, posts from it, and
 * imports a CSV of three loads, one bad, fixes it and posts them all.
 */
test.group('Browser: repeat loads, templates and a CSV import', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(180_000)
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): save a template, post from it, import a CSV with a bad row, fix, commit`, async ({
      assert,
    }) => {
      await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })
      const { page } = await newPage({ viewport })
      await signIn(page, 'sam@shipper.test', 'secret123')
      await page.waitForURL('**/shipper')

      // No templates yet.
      await page.goto('/loads/templates')
      await page.getByText('No templates yet').waitFor()
      await page.screenshot({
        path: `${SHOTS}/templates-empty-${viewport.width}.png`,
        fullPage: true,
      })

      // The form, saved as a template.
      await page.goto('/post-load')
      const form = page.getByRole('form', { name: 'Post a Load' })
      await form.getByLabel('Origin ZIP').fill('60601')
      await form.getByLabel('Destination ZIP').fill('48201')
      await form.getByLabel('Pallets').fill('6')
      await form.getByLabel('Commodity').fill('Canned tomatoes')
      await form.getByLabel('Special Instructions').fill('Dock 4, call ahead')
      await form.getByLabel('Your Price (USD)').fill('1100')
      await form.getByLabel('Take offers from carriers').check()
      await form.getByLabel('Offer floor (USD, optional)').fill('950')
      await form.getByRole('button', { name: 'Save as template' }).click()
      const dialog = page.getByRole('dialog', { name: 'Save as template' })
      await dialog.getByLabel('Template name').fill('Weekly tomatoes')
      await dialog.getByRole('button', { name: 'Save template' }).click()
      await page.getByText('Template "Weekly tomatoes" saved').first().waitFor()
      assert.equal(await loadCount(), 0)

      // Listed; posted from.
      await page.goto('/loads/templates')
      const list = page.getByRole('list', { name: 'Load templates' })
      await list.getByText('Weekly tomatoes').waitFor()
      assert.include(await list.innerText(), '60601 → 48201')
      assert.deepEqual(await seriousViolations(page), [])
      assert.equal(await sideScroll(page), 0)
      await page.screenshot({
        path: `${SHOTS}/templates-list-${viewport.width}.png`,
        fullPage: true,
      })
      await list.getByRole('link', { name: 'Post from template Weekly tomatoes' }).click()
      await page.waitForURL('**/post-load?template=*')
      await page.getByText('Filled from the template').waitFor()
      const filled = page.getByRole('form', { name: 'Post a Load' })
      assert.equal(await filled.getByLabel('Origin ZIP').inputValue(), '60601')
      assert.equal(await filled.getByLabel('Your Price (USD)').inputValue(), '1100')
      assert.equal(await filled.getByLabel('Offer floor (USD, optional)').inputValue(), '950')
      await page.screenshot({
        path: `${SHOTS}/post-from-template-${viewport.width}.png`,
        fullPage: true,
      })
      await filled.getByRole('button', { name: 'Publish Load' }).click()
      await until(async () => (await loadCount()) === 1, 'the load from the template')
      const load = await db.from('freight_listings').first()
      assert.equal(Number(load.price_cents), 110_000)
      assert.equal(Number(load.pallets), 6)
      assert.isTrue(Boolean(load.allow_offers))
      assert.equal(Number(load.offer_floor_cents), 95_000)

      // The posted load, saved as a template of its own from My Posted Loads.
      await page
        .getByRole('list', { name: 'My posted loads' })
        .getByRole('button', { name: `Save listing #${load.id} as a template` })
        .click()
      const fromLoad = page.getByRole('dialog', { name: `Save listing #${load.id} as a template` })
      await fromLoad.getByLabel('Template name').fill('From the load')
      await fromLoad.getByRole('button', { name: 'Save template' }).click()
      await page.getByText('Template "From the load" saved').first().waitFor()

      // Deleted after a confirm.
      await page.goto('/loads/templates')
      await page
        .getByRole('list', { name: 'Load templates' })
        .getByRole('button', { name: 'Delete template Weekly tomatoes' })
        .click()
      const confirm = page.getByRole('alertdialog', { name: 'Delete this template?' })
      await confirm.getByRole('button', { name: 'Delete template' }).click()
      await page.getByText('Template "Weekly tomatoes" deleted').first().waitFor()
      const left = page.getByRole('list', { name: 'Load templates' })
      await left.getByText('From the load').waitFor()
      assert.notInclude(await left.innerText(), 'Weekly tomatoes')

      // A CSV of three loads, one bad: nothing can be posted until it is fixed.
      await page.goto('/loads/import')
      await page.getByRole('button', { name: 'Pick a CSV file' }).waitFor()
      await pickCsv(page, 'loads.csv', csv('60602,48226,VAN,300,,700'))
      const rows = page.getByRole('list', { name: 'Rows of the file' })
      const bad = rows.getByRole('listitem', { name: 'Row 3: 1 error' })
      await bad.waitFor()
      assert.include(await bad.innerText(), 'Pallets cannot exceed 100')
      assert.isTrue(await page.getByRole('button', { name: 'Post 2 loads' }).isDisabled())
      assert.deepEqual(await seriousViolations(page), [])
      assert.equal(await sideScroll(page), 0)
      await page.screenshot({
        path: `${SHOTS}/import-errors-${viewport.width}.png`,
        fullPage: true,
      })
      assert.equal(await loadCount(), 1)

      await pickCsv(page, 'loads-fixed.csv', csv('60602,48226,VAN,3,,700'))
      await rows.getByRole('listitem', { name: 'Row 3: ready' }).waitFor()
      await page.getByRole('button', { name: 'Post 3 loads' }).click()
      const sure = page.getByRole('alertdialog', { name: 'Post 3 loads?' })
      await sure.getByRole('button', { name: 'Post them all' }).click()
      await page.getByText('3 loads posted').waitFor()
      assert.equal(await loadCount(), 4)
      await page.getByRole('link', { name: 'See them in My Posted Loads' }).waitFor()
      assert.deepEqual(await seriousViolations(page), [])
      await page.screenshot({ path: `${SHOTS}/import-done-${viewport.width}.png`, fullPage: true })
    })
  }
})
