/*
 * On a phone (390 px) the wide tables become cards (issue 32, item 10): Shipment Management's
 * bookings and Payout History's payouts each show their status, total and actions inside the
 * screen, with nothing to scroll sideways.
 */
import { test } from '@japa/runner'
import type { Locator, Page } from 'playwright-core'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

const PHONE = { width: 390, height: 844 }

/** The element lies inside the 390 px screen, left to right. */
async function inView(assert: any, what: string, locator: Locator) {
  await locator.waitFor()
  const box = await locator.boundingBox()
  assert.isNotNull(box, `${what} has no box`)
  assert.isAtLeast(box!.x, 0, `${what} starts off-screen`)
  assert.isAtMost(box!.x + box!.width, PHONE.width, `${what} ends off-screen`)
}

async function noSidewaysScroll(assert: any, page: Page) {
  const wide = await page.evaluate(
    () => (globalThis as any).document.documentElement.scrollWidth as number
  )
  assert.isAtMost(wide, PHONE.width, 'the page scrolls sideways')
}

test.group('Browser: tables as cards at 390 px', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())
  group.each.timeout(120_000)

  test("Shipment Management's bookings are cards with their actions in view", async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper', {
      email: 'sam@shipper.test',
      password: 'shipperpass1',
    })
    const carrier = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrier)
    const delivered = await makeBooking(shipper, listing, {
      status: 'delivered',
      paymentStatus: 'paid',
    })
    const unpaid = await makeBooking(shipper, listing, {
      status: 'pending',
      paymentStatus: 'pending',
    })

    const { context, page } = await newPage({ viewport: PHONE })
    await signIn(page, 'sam@shipper.test', 'shipperpass1')
    await page.waitForURL('**/shipper')
    await page.goto('/shipper#bookings')
    const list = page.getByRole('list', { name: 'Shipment Management' })
    await list.waitFor()
    assert.equal(await page.getByRole('table', { name: 'Shipment Management' }).count(), 0)

    const deliveredCard = list.getByRole('listitem', { name: `Booking #${delivered.id}` })
    await inView(
      assert,
      'the Complete button',
      deliveredCard.getByRole('button', {
        name: `Complete booking #${delivered.id}`,
      })
    )
    await inView(assert, 'the status', deliveredCard.getByText('Delivered').first())
    const unpaidCard = list.getByRole('listitem', { name: `Booking #${unpaid.id}` })
    await inView(
      assert,
      'Pay now',
      unpaidCard.getByRole('link', {
        name: `Pay now for booking #${unpaid.id}`,
      })
    )
    await noSidewaysScroll(assert, page)
    await list.screenshot({ path: '/tmp/shots/helper-misc/shipment-cards-390.png' })
    await context.close()
  })

  test("Payout History's payouts are cards with their amounts and status in view", async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', {
      email: 'cora@haulers.test',
      password: 'carrierpass1',
      isApproved: true,
    })
    const listing = await makeListing(carrier)
    const paid = await makeBooking(shipper, listing, {
      paymentStatus: 'paid',
      payoutStatus: 'pending',
    })

    const { context, page } = await newPage({ viewport: PHONE })
    await signIn(page, 'cora@haulers.test', 'carrierpass1')
    await page.waitForURL('**/carrier')
    await page.goto('/carrier#payouts')
    const card = page
      .getByRole('list', { name: 'Payouts' })
      .getByRole('listitem', { name: `Payout TRT-${String(paid.id).padStart(3, '0')}` })
    await inView(assert, 'the payout card', card)
    await inView(assert, 'the status badge', card.getByText('Awaiting Release'))
    await inView(assert, 'the payout', card.getByText('Your Payout (91%)'))
    assert.isFalse(await page.getByRole('table', { name: 'Payouts' }).isVisible())
    await noSidewaysScroll(assert, page)
    await card.screenshot({ path: '/tmp/shots/helper-misc/payout-card-390.png' })
    await context.close()
  })
})
