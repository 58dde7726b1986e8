import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import type { Locator, Page } from 'playwright-core'
import app from '@adonisjs/core/services/app'
import { Clock, FixedClock } from '#core/clock'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn, WIDTHS } from '#tests/browser_helpers'
import { makeMove, makeTerminal } from '#logistics/tests/drayage_fixtures'

/** A `datetime-local` value in the browser's (this machine's) time zone, hours from now. */
const local = (hours: number) => DateTime.now().plus({ hours }).toFormat("yyyy-LL-dd'T'HH:mm")

async function pageWidth(page: Page) {
  return page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number)
}

async function click(card: Locator, name: string) {
  await card.getByRole('button', { name, exact: true }).click()
}

test.group(
  'Browser: an admin keeps a terminal, a DRAY carrier runs a move to its empty return',
  (group) => {
    group.each.setup(() => resetDatabase())
    group.each.teardown(() => app.container.restore(Clock))
    group.teardown(() => closeBrowser())

    for (const { name, viewport } of WIDTHS) {
      test(`at ${viewport.width} px (${name}): edit a terminal's tier and line haul; see the pay, accept, book and confirm a window, gate out, return the empty`, async ({
        assert,
      }) => {
        // The server's clock, fixed now and moved on to the window's opening later.
        const clock = new FixedClock(DateTime.now())
        app.container.swap(Clock, () => clock)
        await makeTerminal()
        await makeUser('admin', { email: 'ada@palletline.test', password: 'secret123' })
        await makeUser('carrier', {
          email: 'dre@dray.test',
          password: 'secret123',
          isApproved: true,
        })
        await makeMove(await makeUser('shipper'))

        // The admin gives LBCT a steeper rate from the fourth charge day.
        const admin = await newPage({ viewport })
        await signIn(admin.page, 'ada@palletline.test', 'secret123')
        await admin.page.waitForURL('**/admin')
        await admin.page.goto('/admin#terminals')
        await admin.page.getByRole('button', { name: 'Edit LBCT' }).click()
        await admin.page.getByLabel('Higher demurrage from day').fill('4')
        await admin.page.getByLabel('Higher rate per day ($)').fill('300')
        // And its own line-haul tariff (docs/decisions/0187): new moves are priced by it, the
        // move already requested keeps its price.
        await admin.page.getByLabel('Line-haul bands (miles: $)').fill('20: 500, 60: 750')
        await admin.page.getByRole('button', { name: 'Save terminal' }).click()
        const terminals = admin.page.getByRole('list', { name: 'Terminals' })
        await terminals.getByText(/day 4\+: \$300\.00/).waitFor()
        await terminals.getByText('Line haul: ≤20 mi $500.00, ≤60 mi $750.00').waitFor()
        assert.isAtMost(await pageWidth(admin.page), viewport.width)
        await admin.context.close()

        const { page } = await newPage({ viewport })
        await signIn(page, 'dre@dray.test', 'secret123')
        await page.waitForURL('**/carrier')
        await page.goto('/carrier#drayage')
        const card = page.getByRole('article', { name: 'Drayage move DRY-001' })
        // The carrier sees its pay before accepting: 91 percent of the $450 line haul, never
        // the shipper's price.
        await card.getByText('$409.50').waitFor()
        assert.match(await card.innerText(), /your pay/i)
        assert.notInclude(await card.innerText(), '$450.00')
        await click(card, 'Accept move')
        await page.getByText('No open drayage moves right now').waitFor()
        await card.getByText('Accepted', { exact: true }).waitFor()

        await card.getByLabel('Window start').fill(local(20))
        await card.getByLabel('Window end').fill(local(22))
        await click(card, 'Request pickup window')
        await card.getByRole('list', { name: 'Appointments' }).getByText('Requested').waitFor()
        await card.getByLabel('Confirmation #').fill('LBCT-4411')
        await click(card, 'Confirmed')
        const appointments = card.getByRole('list', { name: 'Appointments' })
        await appointments.getByText('#LBCT-4411').waitFor()
        await appointments.getByText('Confirmed', { exact: true }).waitFor()
        assert.isAtMost(await pageWidth(page), viewport.width)

        // Gate-out waits for the confirmed window to open (docs/decisions/0166).
        await card
          .getByText('The pickup window has not opened yet: record the gate-out once it has')
          .waitFor()
        assert.isTrue(await card.getByRole('button', { name: 'Record gate-out' }).isDisabled())
        clock.set(clock.now().plus({ hours: 20, minutes: 5 }))
        await page.reload()
        await card.getByRole('button', { name: 'Record gate-out' }).waitFor()
        await click(card, 'Record gate-out')
        await card.getByText('Out of the terminal').waitFor()
        await card.getByText(/free until/).waitFor()
        await click(card, 'Record empty return')
        await card.getByText('Empty returned').waitFor()
        assert.equal(await card.getByRole('button', { name: 'Record empty return' }).count(), 0)
      })
    }
  }
)
