import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn, WIDTHS } from '#tests/browser_helpers'
import { makeMove, makeTerminal, openPickupWindow } from '#logistics/tests/drayage_fixtures'
import DrayageMoveService from '#logistics/services/drayage_move_service'

test.group('Browser: a drayage move is invoiced for its line haul and demurrage', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): the carrier drafts and issues; the shipper sees it on the move`, async ({
      assert,
    }) => {
      await makeTerminal()
      const carrier = await makeUser('carrier', {
        email: 'dre@dray.test',
        password: 'secret123',
        isApproved: true,
      })
      const shipper = await makeUser('shipper', { email: 'sue@ship.test', password: 'secret123' })
      // Available 12 days ago (last free day 10 days ago), out and back today: 10 demurrage days.
      const move = await makeMove(shipper, { availableInDays: -12 })
      const moves = await app.container.make(DrayageMoveService)
      await moves.accept(carrier.id, move.id)
      await openPickupWindow(move.id)
      await moves.gateOut(move.id)
      await moves.emptyReturn(move.id)

      const { page, context } = await newPage({ viewport })
      await signIn(page, 'dre@dray.test', 'secret123')
      await page.waitForURL('**/carrier')
      await page.goto('/carrier#drayage')
      const card = page.getByRole('article', { name: 'Drayage move DRY-001' })
      await card.getByText('Not invoiced yet').waitFor()
      await card.getByRole('button', { name: 'Draft invoice' }).click()
      await card.getByText(/Demurrage, 10 days from/).waitFor()
      await card.getByText('Line haul from LBCT, 7.7 mi').waitFor()
      await card.getByRole('button', { name: 'Issue invoice' }).click()
      await card.getByText(/Audit PASS/).waitFor()
      const pdf = card.getByRole('link', { name: /Download PDF AINV-/ })
      await pdf.waitFor()
      assert.isAtMost(
        await page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth),
        viewport.width
      )
      await context.close()

      const shipperPage = await newPage({ viewport })
      await signIn(shipperPage.page, 'sue@ship.test', 'secret123')
      await shipperPage.page.waitForURL('**/shipper')
      await shipperPage.page.goto('/shipper#drayage')
      const seen = shipperPage.page.getByRole('article', { name: 'Drayage move DRY-001' })
      await seen.getByText(/Audit PASS/).waitFor()
      // $1,750 of demurrage beside the $450 line haul.
      await seen.getByText('$2,200.00').first().waitFor()
      assert.equal(await seen.getByRole('button', { name: 'Issue invoice' }).count(), 0)
      await shipperPage.context.close()
    })
  }
})
