import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import type { Page } from 'playwright-core'
import { resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'
import { seedDemoReferenceRows } from '#tms/tests/reference_rows'

/**
 * Every page at phone widths (and desktop) with the demo data — long company names, bookings
 * in every status, payouts, invoices, charts: nothing scrolls sideways, nothing leaves a blank
 * band under the content, and a signed-in phone header has exactly one menu button.
 */
const WIDTHS = [360, 390, 414, 1280]

const PUBLIC_PAGES = [
  '/',
  '/login',
  '/register',
  '/auth',
  '/about',
  '/overview',
  '/contact',
  '/terms',
  '/privacy',
  '/agreement',
]

const ROLE_PAGES: Record<'shipper' | 'carrier' | 'admin', string[]> = {
  shipper: [
    '/shipper',
    '/shipper#search',
    '/shipper#bookings',
    '/shipper#expedited',
    '/shipper#invoices',
    '/shipper#tracking',
    '/shipper#drayage',
    '/shipper#profile',
    '/tms',
    '/post-load',
    '/settings',
  ],
  carrier: [
    '/carrier',
    '/carrier#bookings',
    '/carrier#expedited',
    '/carrier#listings',
    '/carrier#trucks',
    '/carrier#payments',
    '/carrier#invoices',
    '/carrier#tracking',
    '/carrier#drayage',
    '/carrier#profile',
    '/freight-board',
  ],
  admin: [
    '/admin',
    '/admin#users',
    '/admin#analytics',
    '/admin#terminals',
    '/admin#profile',
    '/admin/users',
  ],
}

type Layout = {
  scrollWidth: number
  innerWidth: number
  blankBand: number
  overlappingLabels: string[]
}

/** Widths, and how far the document runs past the last visible thing on it. */
function measure(page: Page): Promise<Layout> {
  return page.evaluate(() => {
    // Runs in the page (the backend's TypeScript has no DOM types).
    const window = globalThis as any
    const document = window.document
    const getComputedStyle = window.getComputedStyle
    const doc = document.documentElement
    let bottom = 0
    for (const element of document.body.querySelectorAll('*')) {
      const box = element.getBoundingClientRect()
      const style = getComputedStyle(element)
      if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden') continue
      bottom = Math.max(bottom, box.bottom + window.scrollY)
    }
    // Chart axis labels must not run into each other (legible at phone widths).
    const overlappingLabels: string[] = []
    for (const axis of document.querySelectorAll('.recharts-cartesian-axis')) {
      const boxes = [...axis.querySelectorAll('.recharts-cartesian-axis-tick-value')].map(
        (tick: any) => ({ text: tick.textContent, box: tick.getBoundingClientRect() })
      )
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i].box, boxes[j].box]
          const apart =
            a.right <= b.left + 1 ||
            b.right <= a.left + 1 ||
            a.bottom <= b.top + 1 ||
            b.bottom <= a.top + 1
          if (!apart) overlappingLabels.push(`${boxes[i].text} / ${boxes[j].text}`)
        }
      }
    }
    return {
      scrollWidth: doc.scrollWidth,
      innerWidth: window.innerWidth,
      blankBand: Math.max(0, doc.scrollHeight - Math.max(bottom, window.innerHeight)),
      overlappingLabels,
    }
  })
}

async function visit(page: Page, path: string) {
  await page.goto(path)
  await page.waitForLoadState('networkidle')
  // Charts and lazy sections settle after their data arrives.
  await page.waitForTimeout(300)
}

async function checkWidths(page: Page, path: string, problems: string[]) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 844 })
    await page.waitForTimeout(150)
    const layout = await measure(page)
    if (layout.scrollWidth > layout.innerWidth) {
      problems.push(`${path} at ${width}px is ${layout.scrollWidth}px wide`)
    }
    if (layout.blankBand > 40) {
      problems.push(`${path} at ${width}px ends in a ${layout.blankBand}px blank band`)
    }
    for (const pair of layout.overlappingLabels) {
      problems.push(`${path} at ${width}px: chart labels overlap (${pair})`)
    }
  }
}

test.group('Browser: every page fits phones', (group) => {
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

  test('public pages', async ({ assert }) => {
    const { context, page } = await newPage()
    const problems: string[] = []
    for (const path of PUBLIC_PAGES) {
      await visit(page, path)
      await checkWidths(page, path, problems)
    }
    assert.deepEqual(problems, [])
    await context.close()
  })

  for (const [role, pages] of Object.entries(ROLE_PAGES)) {
    test(`${role} pages`, async ({ assert }) => {
      const { context, page } = await newPage()
      await signIn(page, `${role}@palletline.test`, 'demo1234')
      await page.waitForURL(`**/${role}`)
      const problems: string[] = []
      for (const path of pages) {
        await visit(page, path)
        await checkWidths(page, path, problems)

        await page.setViewportSize({ width: 390, height: 844 })
        const menus = await page
          .getByRole('button', { name: /^open .*menu$/i })
          .filter({ visible: true })
          .count()
        if (menus !== 1) problems.push(`${path} at 390px shows ${menus} menu buttons`)
        // Text cut off with an ellipsis hides where a shipment goes (Upcoming Shipments).
        const cut = await page.evaluate(() =>
          [
            ...(globalThis as any).document.querySelectorAll(
              'ul[aria-label="Upcoming shipments"] p'
            ),
          ]
            .filter((p: any) => p.scrollWidth > p.clientWidth + 1)
            .map((p: any) => p.textContent)
        )
        for (const text of cut) problems.push(`${path} at 390px cuts off "${text}"`)
      }
      assert.deepEqual(problems, [])
      await context.close()
    })
  }

  test('pages outside the dashboards lead back to the dashboard', async ({ assert }) => {
    for (const [role, path] of [
      ['shipper', '/tms'],
      ['shipper', '/post-load'],
      ['carrier', '/freight-board'],
      ['admin', '/admin/finance'],
    ]) {
      const { context, page } = await newPage()
      await signIn(page, `${role}@palletline.test`, 'demo1234')
      await page.waitForURL(`**/${role}`)
      await page.goto(path)
      // The link starts where the page's heading does, at every width (it sat 130 px right of
      // /tms and /freight-board's wider content).
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 844 })
        const link = await page.getByRole('link', { name: 'Back to dashboard' }).boundingBox()
        const heading = await page.getByRole('heading', { level: 1 }).first().boundingBox()
        assert.approximately(link!.x, heading!.x, 2, `${path} at ${width}px`)
      }
      await page.getByRole('link', { name: 'Back to dashboard' }).click()
      await page.waitForURL(`**/${role}`)
      assert.isTrue(new URL(page.url()).pathname === `/${role}`, page.url())
      await context.close()
    }
  })
})
