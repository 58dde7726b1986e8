import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Locator, Page } from 'playwright-core'
import Booking from '#marketplace/models/booking'
import { Clock } from '#core/clock'
import { bookingReference } from '#core/reference'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

/**
 * A newcomer's navigation (docs/decisions/0164): the desktop menus and the phone menus offer
 * the same places for every role, a desktop shipper finds Post a Load, and completing a
 * booking (it releases the payment) asks first. Screenshots of each screen go to SHOTS, for a
 * person to look at; they are not compared.
 */
const DESKTOP = { width: 1280, height: 900 }
const PHONE = { width: 390, height: 844 }
const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-h7'
const PASSWORD = 'secret123'

type Role = 'shipper' | 'carrier' | 'admin'

/** "Name → href", or "Name (not available yet)" for an entry with no screen yet. */
function places(menu: Locator): Promise<string[]> {
  return menu.getByRole('link').evaluateAll((links) =>
    links.map((link) => {
      const name = (link.textContent ?? '').trim()
      return link.getAttribute('aria-disabled') === 'true'
        ? `${name} (not available yet)`
        : `${name} → ${link.getAttribute('href')}`
    })
  )
}

async function shot(page: Page, name: string) {
  await page.waitForTimeout(250) // the drawer's and dialogs' entry animations
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false })
}

async function signedIn(role: Role, viewport: typeof DESKTOP) {
  const { context, page } = await newPage({ viewport })
  await signIn(page, `${role}@nav.test`, PASSWORD)
  await page.waitForURL(`**/${role}`)
  return { context, page }
}

/** The phone's drawer, opened from the header. */
async function openDrawer(page: Page) {
  await page.getByRole('button', { name: 'Open navigation menu' }).click()
  const drawer = page.getByRole('dialog')
  await drawer.waitFor()
  return drawer.getByRole('navigation', { name: 'Account' })
}

const capitalized = (role: Role) => `${role[0].toUpperCase()}${role.slice(1)}`

test.group('Browser: navigation a newcomer can use, at 1280 and 390 px', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    for (const role of ['shipper', 'carrier', 'admin'] as const) {
      await makeUser(role, {
        email: `${role}@nav.test`,
        password: PASSWORD,
        ...(role === 'carrier' ? { isApproved: true } : {}),
      })
    }
  })
  group.teardown(() => closeBrowser())
  group.each.timeout(180_000)

  test('every role: the phone drawer offers the places of the desktop menu', async ({ assert }) => {
    for (const role of ['shipper', 'carrier', 'admin'] as const) {
      const desktop = await signedIn(role, DESKTOP)
      const sidebar = desktop.page.getByRole('navigation', {
        name: `${capitalized(role)} dashboard`,
      })
      await sidebar.getByRole('link').first().waitFor()
      const onDesktop = await places(sidebar)
      await shot(desktop.page, `${role}-sidebar-1280`)
      await desktop.context.close()

      const phone = await signedIn(role, PHONE)
      const drawer = await openDrawer(phone.page)
      const onPhone = await places(drawer)
      await shot(phone.page, `${role}-drawer-390`)
      await phone.context.close()

      assert.isAbove(onDesktop.length, 3, role)
      assert.deepEqual(onPhone, onDesktop, role)
      if (role === 'shipper') assert.include(onDesktop, 'Post a Load → /post-load')
      if (role === 'admin') {
        assert.includeMembers(onDesktop, [
          'Finance → /admin/finance',
          'Fleet Oversight → /admin#fleet',
          'User Management → /admin/users',
        ])
      }
    }
  })

  test('a visitor: the phone menu offers the places of the desktop header', async ({ assert }) => {
    const desktop = await newPage({ viewport: DESKTOP })
    await desktop.page.goto('/about')
    const header = desktop.page.getByRole('banner')
    await header.getByRole('navigation', { name: 'Main' }).waitFor()
    // The logo leads home on every page and screen size; the menu is the rest.
    const onDesktop = (await places(header)).filter((place) => place !== 'PalletLine → /')
    await shot(desktop.page, 'visitor-header-1280')
    await desktop.context.close()

    const phone = await newPage({ viewport: PHONE })
    await phone.page.goto('/about')
    // The prerendered page hydrates, then its menu's code arrives: only then does the button open.
    await phone.page.waitForLoadState('networkidle')
    await phone.page.getByRole('button', { name: 'Open menu' }).click()
    const menu = phone.page.getByRole('menu')
    await menu.waitFor()
    const onPhone = await menu
      .getByRole('menuitem')
      .evaluateAll((items) =>
        items.map((item) => `${(item.textContent ?? '').trim()} → ${item.getAttribute('href')}`)
      )
    await shot(phone.page, 'visitor-menu-390')
    await phone.context.close()

    assert.deepEqual(onPhone, onDesktop)
    assert.includeMembers(onDesktop, [
      'Platform → /overview',
      'Contact → /contact',
      'Sign In → /login',
      'Get Started → /register',
    ])
  })

  test('a shipper reaches Post a Load from the sidebar (desktop) and the drawer (phone)', async () => {
    const desktop = await signedIn('shipper', DESKTOP)
    await desktop.page
      .getByRole('navigation', { name: 'Shipper dashboard' })
      .getByRole('link', { name: 'Post a Load' })
      .click()
    await desktop.page.waitForURL('**/post-load')
    await desktop.page.getByRole('heading', { name: 'Post a Load', level: 1 }).waitFor()
    await shot(desktop.page, 'shipper-post-load-1280')
    await desktop.context.close()

    const phone = await signedIn('shipper', PHONE)
    const drawer = await openDrawer(phone.page)
    await drawer.getByRole('link', { name: 'Post a Load' }).click()
    await phone.page.waitForURL('**/post-load')
    await phone.page.getByRole('heading', { name: 'Post a Load', level: 1 }).waitFor()
    await phone.page.getByRole('dialog').waitFor({ state: 'hidden' })
    await shot(phone.page, 'shipper-post-load-390')
    await phone.context.close()
  })

  for (const viewport of [DESKTOP, PHONE]) {
    test(`completing a booking asks first, naming the payment it releases (${viewport.width} px)`, async ({
      assert,
    }) => {
      const shipper = await makeUser('shipper', { email: 'sam@nav.test', password: PASSWORD })
      const carrierUser = await makeUser('carrier', { isApproved: true })
      const listing = await makeListing(carrierUser, { from: 'chicago', to: 'detroit' })
      const clock = await app.container.make(Clock)
      const booking = await makeBooking(shipper, listing, {
        status: 'delivered',
        deliveredAt: clock.now().minus({ hours: 2 }),
      })
      const amount = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
        booking.totalAmount!
      )

      const { context, page } = await newPage({ viewport })
      await signIn(page, 'sam@nav.test', PASSWORD)
      await page.waitForURL('**/shipper')
      await page.goto('/shipper#bookings')
      // Shipment Management is a table, and cards on a phone (issue 32, item 10).
      const row = page.getByRole(viewport.width < 768 ? 'listitem' : 'row', {
        name: `Booking #${booking.id}`,
      })
      const complete = row.getByRole('button', { name: `Complete booking #${booking.id}` })
      await complete.click()

      const dialog = page.getByRole('alertdialog', {
        name: `Complete booking ${bookingReference(booking.id)}?`,
      })
      await dialog.waitFor()
      const text = await dialog.innerText()
      assert.include(text, amount)
      assert.include(text, 'cannot be undone')
      await shot(page, `shipper-complete-confirm-${viewport.width}`)

      // Not yet: nothing happens.
      await dialog.getByRole('button', { name: 'Not yet' }).click()
      await dialog.waitFor({ state: 'hidden' })
      await booking.refresh()
      assert.isNull(booking.completedAt)

      await complete.click()
      await dialog.getByRole('button', { name: `Complete and release ${amount}` }).click()
      await page.getByText('Shipment Completed', { exact: true }).first().waitFor()
      await row.getByText('Completed', { exact: true }).waitFor()
      const completed = await Booking.findOrFail(booking.id)
      assert.isNotNull(completed.completedAt)
      await shot(page, `shipper-completed-${viewport.width}`)
      await context.close()
    })
  }
})
