import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { mkdirSync } from 'node:fs'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { bookingReference } from '#core/reference'
import { closeBrowser, newPage, seriousViolations, signIn, WIDTHS } from '#tests/browser_helpers'

const SHOTS = '/tmp/shots/alerts-push'

const stamp = () => new Date().toISOString().slice(0, 19).replace('T', ' ')

/**
 * Issue 36's loose ends (decisions 0252, 0253): web push in Settings (the Push column, the
 * permission asked only after a click, the service worker registered), a saved lane's places
 * edited on screen, and an admin reading a claimed booking's thread, read-only and logged.
 */
test.group(
  'Browser: web push settings, editing a lane, an admin reads a claimed thread',
  (group) => {
    group.each.setup(() => resetDatabase())
    group.each.timeout(150_000)
    group.teardown(() => closeBrowser())

    for (const { name, viewport } of WIDTHS) {
      test(`at ${viewport.width} px (${name}): push is turned on from a click, kinds marked Push`, async ({
        assert,
      }) => {
        mkdirSync(SHOTS, { recursive: true })
        const carrier = await makeUser('carrier', {
          email: 'ann@haulers.test',
          password: 'secret123',
          isApproved: true,
        })
        const a = await newPage({ viewport })
        await signIn(a.page, 'ann@haulers.test', 'secret123')
        await a.page.waitForURL('**/carrier')
        await a.page.goto('/settings#notifications')
        const card = a.page.locator('#notifications')
        await card.getByText('Push is off in this browser.').waitFor()
        // Nothing registered and no permission asked before the click.
        assert.equal(
          await a.page.evaluate(async () =>
            Boolean(await (globalThis as any).navigator.serviceWorker.getRegistration('/'))
          ),
          false
        )
        assert.equal(
          await a.page.evaluate(() => (globalThis as any).Notification.permission),
          'default'
        )
        assert.deepEqual(await seriousViolations(a.page), [])
        await card.scrollIntoViewIfNeeded()
        await a.page.screenshot({ path: `${SHOTS}/push-settings-${viewport.width}.png` })

        await a.context.grantPermissions(['notifications'])
        await card.getByRole('button', { name: 'Turn push on in this browser' }).click()
        // Headless Chromium has no push service to subscribe at: the worker is registered, and
        // the screen says whether the subscription went through.
        await card.getByText(/Push is on in this browser\.|Push could not be changed/).waitFor()
        const scope = await a.page.evaluate(
          async () =>
            (await (globalThis as any).navigator.serviceWorker.getRegistration('/'))?.scope ?? null
        )
        assert.equal(scope, new URL('/', a.page.url()).href)

        // The owner marks lane alerts Push and saves.
        await card.getByLabel('Push Lane and search alerts').check()
        await card.getByRole('button', { name: 'Save preferences' }).click()
        await a.page.getByText('Notification preferences saved').first().waitFor()
        const pref = await db
          .from('notification_preferences')
          .where('user_id', carrier.id)
          .where('kind', 'alert')
          .first()
        assert.isTrue(Boolean(pref?.push))
        await a.page.waitForTimeout(600)
        assert.deepEqual(await seriousViolations(a.page), [])
        await a.page.screenshot({ path: `${SHOTS}/push-on-${viewport.width}.png` })
        await a.context.close()
      })

      test(`at ${viewport.width} px (${name}): a saved lane's places are edited`, async ({
        assert,
      }) => {
        mkdirSync(SHOTS, { recursive: true })
        await makeUser('carrier', {
          email: 'bo@haulers.test',
          password: 'secret123',
          isApproved: true,
        })
        const a = await newPage({ viewport })
        await signIn(a.page, 'bo@haulers.test', 'secret123')
        await a.page.waitForURL('**/carrier')
        const made = await a.page.evaluate(async () => {
          const csrf = (globalThis as any).document.cookie.match(/XSRF-TOKEN=([^;]+)/)?.[1] ?? ''
          const res = await fetch('/api/saved-lanes', {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'x-xsrf-token': decodeURIComponent(csrf),
            },
            body: JSON.stringify({
              origin: { kind: 'zip3', zip3: '606' },
              destination: { kind: 'state', state: 'MI' },
              equipment: 'VAN',
            }),
          })
          return res.status
        })
        assert.equal(made, 201)
        await a.page.goto('/carrier#saved-lanes')
        const lanes = a.page.getByRole('list', { name: 'Saved lanes' })
        await lanes.getByText('ZIP 606xx → MI').waitFor()
        await lanes.getByRole('button', { name: 'Edit saved lane ZIP 606xx → MI' }).click()
        const form = a.page.getByRole('form', { name: 'Edit saved lane ZIP 606xx → MI' })
        const origin = form.getByRole('group', { name: 'Origin' })
        await origin.getByLabel('Match by').selectOption('state')
        await origin.getByLabel('State').selectOption('IL')
        await form.getByLabel('Minimum $ per mile').fill('2.10')
        assert.deepEqual(await seriousViolations(a.page), [])
        await a.page.screenshot({
          path: `${SHOTS}/lane-edit-${viewport.width}.png`,
          fullPage: true,
        })
        await form.getByRole('button', { name: 'Save lane' }).click()
        await lanes.getByText('IL → MI').waitFor()
        await lanes.getByText('At least $2.10/mi').waitFor()
        const row = await db.from('saved_lanes').first()
        assert.equal(row.origin_kind, 'state')
        assert.equal(row.origin_state, 'IL')
        assert.isNull(row.origin_zip3)
        await a.context.close()
      })

      test(`at ${viewport.width} px (${name}): an admin reads a claimed booking's messages`, async ({
        assert,
      }) => {
        mkdirSync(SHOTS, { recursive: true })
        const shipper = await makeUser('shipper')
        const carrierUser = await makeUser('carrier', { isApproved: true })
        const admin = await makeUser('admin', {
          email: 'judge@palletline.test',
          password: 'adminpass1',
        })
        const booking = await makeBooking(shipper, await makeListing(carrierUser), {
          paymentStatus: 'paid',
        })
        const reference = bookingReference(booking.id)
        await db.table('booking_messages').insert({
          booking_id: booking.id,
          author_user_id: shipper.id,
          author_side: 'shipper',
          body: 'Two pallets arrived crushed, photos attached to the claim.',
          created_at: stamp(),
        })
        await db.table('cargo_claims').insert({
          booking_id: booking.id,
          shipper_id: shipper.id,
          carrier_id: booking.carrierId,
          type: 'damage',
          amount_cents: 40_000,
          description: 'Two pallets crushed at the corner.',
          status: 'escalated',
          payout_held: true,
          delivered_on: '2030-05-01',
          respond_by: '2030-05-08',
          filed_at: stamp(),
          created_at: stamp(),
          updated_at: stamp(),
        })

        const a = await newPage({ viewport })
        await signIn(a.page, 'judge@palletline.test', 'adminpass1')
        await a.page.waitForURL('**/admin')
        await a.page.goto('/admin/claims')
        const card = a.page.getByLabel(`Claim on ${reference}`)
        await card.getByText('Two pallets crushed at the corner.').waitFor()
        await card.getByRole('button', { name: `Read messages of ${reference}` }).click()
        const dialog = a.page.getByRole('dialog', { name: `Messages · ${reference}` })
        await dialog
          .getByText('Two pallets arrived crushed, photos attached to the claim.')
          .waitFor()
        // Read-only: no composer, no edit.
        assert.equal(await dialog.getByRole('textbox').count(), 0)
        assert.equal(await dialog.getByRole('button', { name: /^Edit/ }).count(), 0)
        await a.page.waitForTimeout(400)
        assert.deepEqual(await seriousViolations(a.page), [])
        await a.page.screenshot({ path: `${SHOTS}/admin-thread-${viewport.width}.png` })
        const logged = await db
          .from('identity_reveal_log')
          .where('booking_id', booking.id)
          .where('viewer_id', admin.id)
          .select('reason')
        assert.lengthOf(logged, 1)
        assert.match(logged[0].reason, /^Read the booking's messages: cargo claim \d+$/)
        await a.context.close()
      })
    }
  }
)
