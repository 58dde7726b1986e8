import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import type { Page } from 'playwright-core'
import { Clock, FixedClock } from '#core/clock'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { businessDayFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn, WIDTHS } from '#tests/browser_helpers'
import { makeTerminal } from '#logistics/tests/drayage_fixtures'

/** `Mar 7, 2026`, as the app shows a calendar day. */
const shown = (day: string) => DateTime.fromISO(day).setLocale('en-US').toFormat('LLL d, yyyy')

async function pageWidth(page: Page) {
  return page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number)
}

test.group('Browser: a shipper requests a drayage move and watches its free time', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => app.container.restore(Clock))
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): create a move, see its price and the last free day, then the demurrage once it passed`, async ({
      assert,
    }) => {
      // The server's clock, fixed now and moved on later; the browser's today is the same day.
      const clock = new FixedClock(DateTime.now().setZone(BUSINESS_TIME_ZONE).set({ hour: 10 }))
      app.container.swap(Clock, () => clock)
      await makeTerminal({ demurrageTiers: [{ fromDay: 3, perDay: 350 }] })
      await makeUser('shipper', { email: 'dana@imports.test', password: 'secret123' })
      const today = businessDayFromToday(0)
      const lastFree = DateTime.fromISO(today).plus({ days: 2 }).toISODate()!

      const { page } = await newPage({ viewport })
      await signIn(page, 'dana@imports.test', 'secret123')
      await page.waitForURL('**/shipper')
      await page.goto('/shipper#drayage')
      await page.getByRole('heading', { name: 'Drayage', exact: true }).waitFor()
      await page.getByText('No drayage moves yet').waitFor()

      await page.getByLabel('Container number').fill('CSQU 305438-4')
      await page.getByLabel('Terminal', { exact: true }).selectOption('LBCT')
      await page.getByLabel('Available at the terminal').fill(today)
      await page.getByLabel('Delivery address').fill('2400 E Artesia Blvd, Long Beach, CA 90805')
      await page.getByRole('button', { name: 'Create drayage move' }).click()
      await page.getByText('Container number check digit does not match (ISO 6346)').waitFor()

      await page.getByLabel('Container number').fill('CSQU 305438-3')
      await page.getByRole('button', { name: 'Create drayage move' }).click()
      const card = page.getByRole('article', { name: 'Drayage move DRY-001' })
      await card.waitFor()
      const text = await card.innerText()
      assert.include(text, 'CSQU3054383')
      assert.include(text, shown(lastFree))
      assert.include(text, '2 days left')
      await card.getByText('Waiting for a carrier').waitFor()
      // The server priced the move: 7.7 road miles, the first band's $450 (docs/decisions/0187).
      assert.match(text, /price/i)
      assert.include(text, '$450.00')
      assert.include(text, '7.7 mi line haul')
      assert.isAtMost(await pageWidth(page), viewport.width)

      // Five days on, the container is still at the terminal: three demurrage days, the third
      // at the terminal's higher rate.
      clock.set(clock.now().plus({ days: 5 }))
      await page.reload()
      await card.waitFor()
      await card.getByText('3 days past the last free day').waitFor()
      const charges = card.getByRole('list', { name: 'Charges' })
      await charges.waitFor()
      const after = await card.innerText()
      assert.include(after, '$700.00')
      assert.include(await charges.innerText(), 'Demurrage days 1-2 at $175.00/day')
      assert.include(await charges.innerText(), 'Demurrage day 3 at $350.00/day')
      assert.isAtMost(await pageWidth(page), viewport.width)
    })
  }
})
