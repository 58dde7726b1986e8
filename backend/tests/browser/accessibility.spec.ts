import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import User from '#accounts/models/user'
import ApprovalService from '#accounts/services/approval_service'
import Booking from '#marketplace/models/booking'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'
import { seedDemoReferenceRows } from '#tms/tests/reference_rows'

/**
 * axe-core on every page of every role, at 1280 and 390 px, with the demo data: no serious or
 * critical violation of WCAG 2.1 A/AA. The pages are read from the menus the app draws
 * (frontend/src/config/public-nav.ts for a visitor, role-nav.ts for each role, plus the
 * account menu's Profile and Settings), so a page added to a menu is checked without a change
 * here; a page reached from a list (a user's page in User Management) is added by name. A
 * failure names the page, the width, the rule and the first offending elements.
 */
const WIDTHS = [1280, 390]
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const SERIOUS = new Set(['serious', 'critical'])

/** Same-origin links of the page's navigation landmarks (and any extra selector), in order. */
async function menuLinks(page: Page, selector = 'nav a[href]'): Promise<string[]> {
  const hrefs = await page
    .locator(selector)
    .evaluateAll((links) => links.map((link) => (link as unknown as { href: string }).href))
  const origin = new URL(page.url()).origin
  const paths = hrefs
    .map((href) => new URL(href))
    .filter((url) => url.origin === origin && !url.pathname.startsWith('/api/'))
    .map((url) => `${url.pathname}${url.hash}`)
  return [...new Set(paths)]
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle')
  // Lazy sections and charts render after their data arrives.
  await page.waitForTimeout(250)
}

/** The serious and critical violations of the page as it is, one line each. */
async function violations(page: Page, where: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(TAGS).analyze()
  return result.violations
    .filter((violation) => SERIOUS.has(violation.impact ?? ''))
    .map(
      (violation) =>
        `${where}: ${violation.id} (${violation.impact}) ${violation.help}: ${violation.nodes
          .slice(0, 3)
          .map((node) => node.target.join(' '))
          .join(' | ')}`
    )
}

/**
 * What axe would read: the document's markup with the app's live values (times, counters)
 * kept. Two menu entries that show the same document (the admin console's `#fleet` and
 * `#analytics` are anchors on one page) give the same markup, and are checked once.
 */
const documentMarkup = (page: Page) =>
  page.evaluate(() => (globalThis as any).document.body.outerHTML as string)

/** Each page at each width: load it wide, check, narrow the window, check again. */
async function checkPages(page: Page, paths: string[]): Promise<string[]> {
  const problems: string[] = []
  const checked = new Set<string>()
  for (const path of paths) {
    await page.setViewportSize({ width: WIDTHS[0], height: 900 })
    await page.goto(path)
    await settle(page)
    for (const width of WIDTHS) {
      if (width !== WIDTHS[0]) {
        await page.setViewportSize({ width, height: 844 })
        await page.waitForTimeout(150)
      }
      const seen = `${width} ${await documentMarkup(page)}`
      if (checked.has(seen)) continue
      checked.add(seen)
      problems.push(...(await violations(page, `${path} @${width}px`)))
    }
  }
  return problems
}

/** No serious violation; the failure lists them, one a line. */
function assertNone(
  assert: { deepEqual(a: unknown, b: unknown, m?: string): void },
  found: string[]
) {
  assert.deepEqual(found, [], `\n${found.join('\n')}`)
}

test.group('Browser: accessibility (axe-core, WCAG 2.1 AA)', (group) => {
  group.setup(async () => {
    await resetDatabase()
    // The demo reads what the migrations ship, which a reset empties.
    await seedDemoReferenceRows()
    const ace = await app.container.make('ace')
    const seed = await ace.exec('db:seed', ['--files', 'database/seeders/demo_seeder.ts'])
    if (seed.exitCode) throw seed.error ?? new Error('demo seed failed')
  })
  group.teardown(() => closeBrowser())
  group.each.timeout(180_000)

  test('a visitor’s pages', async ({ assert }) => {
    const { context, page } = await newPage()
    await page.goto('/')
    await settle(page)
    const paths = await menuLinks(page, 'header a[href]')
    assert.includeMembers(paths, ['/', '/login', '/register'])
    assertNone(assert, await checkPages(page, [...paths, '/no-such-page']))
    await context.close()
  })

  test('pages outside the menus: payment, payment success, e-mail confirmation, a suspended carrier, 404', async ({
    assert,
  }) => {
    const shipper = await User.findByOrFail('email', 'shipper@palletline.test')
    const unpaid = await Booking.query()
      .where('shipperId', shipper.id)
      .where('status', 'pending')
      .where('paymentStatus', 'pending')
      .orderBy('id', 'desc')
      .firstOrFail()
    const paid = await Booking.query()
      .where('shipperId', shipper.id)
      .where('paymentStatus', 'paid')
      .whereIn('status', ['booked', 'confirmed'])
      .orderBy('id', 'desc')
      .firstOrFail()

    // A visitor: the e-mail confirmation link (a bad token, and none) and the 404 page.
    const visitor = await newPage()
    const notFound = await visitor.page.goto('/no-such-page')
    assert.equal(notFound?.status(), 404)
    assertNone(
      assert,
      await checkPages(visitor.page, [
        '/no-such-page',
        '/confirm-email',
        '/confirm-email#token=not-a-real-token',
      ])
    )
    await visitor.context.close()

    // The shipper's card payment of an unpaid booking, and the page after a paid one.
    const { context, page } = await newPage()
    await signIn(page, 'shipper@palletline.test', 'demo1234')
    await page.waitForURL('**/shipper')
    await settle(page)
    assertNone(
      assert,
      await checkPages(page, [`/payment/${unpaid.id}`, `/payment-success?booking=${paid.id}`])
    )
    await context.close()

    // A suspended carrier signs in to the page that says so, why and how to appeal.
    const grounded = await makeUser('carrier', {
      email: 'grounded@haulers.test',
      password: 'carrierpass1',
      isApproved: true,
    })
    const approvals = await app.container.make(ApprovalService)
    assert.isTrue(
      await approvals.suspend(grounded.id, 'Out-of-service order seen at a roadside inspection')
    )
    const suspended = await newPage()
    await signIn(suspended.page, 'grounded@haulers.test', 'carrierpass1')
    await suspended.page.waitForURL('**/carrier-pending')
    await suspended.page.getByRole('heading', { name: 'Account Suspended' }).waitFor()
    assertNone(assert, await checkPages(suspended.page, ['/carrier-pending']))
    await suspended.context.close()
  })

  for (const role of ['shipper', 'carrier', 'admin'] as const) {
    test(`the ${role}’s pages`, async ({ assert }) => {
      const { context, page } = await newPage()
      await signIn(page, `${role}@palletline.test`, 'demo1234')
      await page.waitForURL(`**/${role}`)
      await settle(page)
      const paths = await menuLinks(page)
      // The account menu's Profile and Settings.
      // An admin's sign-in may wait for the next two-factor code window.
      await page.getByRole('button', { name: /^Account menu for/ }).click({ timeout: 60_000 })
      paths.push(...(await menuLinks(page, '[role="menu"] a[href]')))
      await page.keyboard.press('Escape')
      // Pages the menus lead to through a list: a user's page in User Management (a carrier's,
      // with vetting, sessions and history to show).
      if (role === 'admin') {
        const carrier = await User.findByOrFail('email', 'carrier@palletline.test')
        paths.push(`/admin/users/${carrier.id}`)
      }
      const pages = [...new Set([`/${role}`, ...paths])]
      assert.isAbove(pages.length, 4, pages.join(', '))
      assertNone(assert, await checkPages(page, pages))
      await context.close()
    })
  }
})
