import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, resetDatabase } from '#tests/helpers'
import {
  closeBrowser,
  newPage,
  seriousViolations,
  signIn,
  subscribed,
  WIDTHS,
} from '#tests/browser_helpers'

/**
 * Saved lanes (docs/decisions/0239): a carrier saves a lane (a field's error first), a shipper
 * posts a matching load, and the carrier is told within 2 seconds, without a reload.
 */
test.group('Browser: a saved lane alerts its carrier when a matching load is posted', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): save a lane, a shipper posts, the alert shows within 2 s`, async ({
      assert,
    }) => {
      await makeUser('shipper', { email: 'sam@shipper.test', password: 'secret123' })
      const carrier = await makeUser('carrier', {
        email: 'ann@haulers.test',
        password: 'secret123',
        isApproved: true,
      })

      // The carrier saves a lane: ZIP 606xx to Michigan, after the form names a missing field.
      const a = await newPage({ viewport })
      await signIn(a.page, 'ann@haulers.test', 'secret123')
      await a.page.waitForURL('**/carrier')
      const live = subscribed(a.page, `users/${carrier.id}`)
      await a.page.goto('/carrier#saved-lanes')
      await a.page.getByText('No saved lanes yet').waitFor()
      await a.page.getByRole('button', { name: 'New lane' }).click()
      const form = a.page.getByRole('form', { name: 'New saved lane' })
      await form.getByRole('button', { name: 'Save lane' }).click()
      const zip3 = form.getByLabel('First 3 digits of the ZIP')
      await form.locator('#lane-origin-zip3-error').waitFor()
      assert.equal(await zip3.getAttribute('aria-invalid'), 'true')
      assert.equal(Number((await db.from('saved_lanes').count('* as n').first())?.n), 0)
      await zip3.fill('606')
      await form.getByLabel('State').selectOption('MI')
      await form.getByLabel('Equipment').selectOption('VAN')
      assert.deepEqual(await seriousViolations(a.page), [])
      await form.getByRole('button', { name: 'Save lane' }).click()
      const lanes = a.page.getByRole('list', { name: 'Saved lanes' })
      await lanes.getByText('ZIP 606xx → MI').waitFor()
      // The toast has finished sliding in before axe measures its contrast.
      await a.page.waitForTimeout(600)
      assert.deepEqual(await seriousViolations(a.page), [])
      await live

      // The shipper posts a load from Chicago to Detroit.
      const s = await newPage({ viewport })
      await signIn(s.page, 'sam@shipper.test', 'secret123')
      await s.page.waitForURL('**/shipper')
      await s.page.goto('/post-load')
      const post = s.page.getByRole('form', { name: 'Post a Load' })
      await post.getByLabel('Origin ZIP').fill('60601')
      await post.getByLabel('Destination ZIP').fill('48201')
      await post.getByLabel('Pallets').fill('4')
      await post.getByLabel('Weight (lbs)').fill('2000')
      await post.getByRole('button', { name: 'Get Rate Estimate' }).click()
      await s.page.getByRole('region', { name: 'Rate estimate' }).waitFor()
      const posted = s.page.waitForResponse(
        (res) => res.url().endsWith('/api/freight-listings') && res.request().method() === 'POST'
      )
      await post.getByRole('button', { name: 'Publish Load' }).click()
      assert.equal((await posted).status(), 201)
      const at = Date.now()

      // The carrier's screen tells it within 2 seconds, with a link to the board.
      const toast = a.page.getByText('A new load matches your saved lane').first()
      await toast.waitFor({ timeout: 2_000 })
      assert.isBelow(Date.now() - at, 2_000)
      // The pointer rests on the toast, as a reader's would: its 10 s timer waits while the
      // checks below run (on a slow machine they take longer than the toast would stay).
      const seeBoard = a.page.getByRole('link', { name: 'See the board' })
      await seeBoard.hover()
      await a.page.waitForTimeout(600)
      assert.deepEqual(await seriousViolations(a.page), [])
      // The lane's count moved without a reload.
      await lanes.getByText('1 alert', { exact: true }).waitFor({ timeout: 5_000 })
      await seeBoard.click()
      await a.page.waitForURL('**/carrier#freight-board')

      // Email off, then delete after the confirmation.
      await a.page.goto('/carrier#saved-lanes')
      const email = lanes.getByLabel('Email me')
      await email.uncheck()
      await expectEventually(async () => {
        const row = await db.from('saved_lanes').first()
        return !row.email
      })
      await lanes.getByRole('button', { name: /^Delete saved lane/ }).click()
      const dialog = a.page.getByRole('alertdialog')
      await dialog.getByRole('button', { name: 'Delete lane' }).click()
      await a.page.getByText('No saved lanes yet').waitFor()
      assert.equal(Number((await db.from('saved_lanes').count('* as n').first())?.n), 0)
      await a.context.close()
      await s.context.close()
    })
  }
})

async function expectEventually(check: () => Promise<boolean>, ms = 5_000) {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('the change never reached the database')
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
