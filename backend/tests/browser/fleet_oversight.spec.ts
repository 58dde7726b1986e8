import { test } from '@japa/runner'
import User from '#accounts/models/user'
import FreightListing from '#freight_board/models/freight_listing'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeFreightListing } from '#tests/factories'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

const REASON = 'Out-of-service order seen at a roadside inspection'

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.group(`Browser: Fleet Oversight at ${viewport.width} px`, (group) => {
    group.each.setup(() => resetDatabase())
    group.teardown(() => closeBrowser())
    group.each.timeout(120_000)

    test('an admin suspends a carrier with a reason, sees it suspended, and reinstates it', async ({
      assert,
    }) => {
      await makeUser('admin', { email: 'boss@palletline.test', password: 'adminpass1' })
      const shipper = await makeUser('shipper')
      const user = await makeUser('carrier', {
        isApproved: true,
        email: `grounded-${viewport.width}@example.test`,
        password: 'carrierpass1',
      })
      const carrier = await carrierOf(user)
      carrier.companyName = 'Grounded Lines LLC'
      await carrier.save()
      const load = await makeFreightListing(shipper)
      load.merge({ holdCarrierId: carrier.id, holdExpiresAt: load.createdAt.plus({ days: 1 }) })
      await load.save()

      const { page, context } = await newPage({ viewport })
      await signIn(page, 'boss@palletline.test', 'adminpass1')
      await page.waitForURL('**/admin')
      if (viewport.width >= 768) {
        await page
          .getByRole('navigation', { name: 'Admin dashboard' })
          .getByRole('link', { name: 'Fleet Oversight' })
          .click()
      } else {
        await page.getByRole('button', { name: /Admin dashboard section/ }).click()
        await page.getByRole('menuitem', { name: 'Fleet Oversight' }).click()
      }
      await page.waitForURL('**/admin#fleet')
      const section = page.locator('#fleet')
      await section.getByRole('heading', { name: 'Fleet Oversight' }).waitFor()
      await section.getByLabel('Search').fill('Grounded')

      await section.getByRole('button', { name: 'Suspend Grounded Lines LLC' }).click()
      const dialog = page.getByRole('dialog', { name: 'Suspend Grounded Lines LLC' })
      await dialog.getByLabel('Reason for the suspension').fill(REASON)
      await dialog.getByRole('button', { name: 'Suspend carrier' }).click()
      await page.getByText('Carrier suspended').first().waitFor()
      await section.getByText(REASON).locator('visible=true').waitFor()
      await section.getByRole('button', { name: 'Reinstate Grounded Lines LLC' }).waitFor()
      assert.equal((await User.findOrFail(user.id)).approvalStatus, 'suspended')
      assert.isNull((await FreightListing.findOrFail(load.id)).holdCarrierId)

      // The carrier signs in and is told the truth: suspended, why, and how to appeal
      // (docs/decisions/0186), not "pending approval".
      const carrierSide = await newPage({ viewport })
      await signIn(carrierSide.page, user.email, 'carrierpass1')
      await carrierSide.page.waitForURL('**/carrier-pending')
      await carrierSide.page.getByRole('heading', { name: 'Account Suspended' }).waitFor()
      await carrierSide.page.getByTestId('suspension-reason').getByText(REASON).waitFor()
      assert.equal(
        await carrierSide.page.getByText('Account Pending Approval').count(),
        0,
        'a suspended carrier is not told it is pending'
      )
      await carrierSide.page
        .getByRole('link', { name: 'write to us through the contact form' })
        .waitFor()
      await carrierSide.page.screenshot({
        path: `/tmp/shots/helper-misc/suspended-carrier-${viewport.width}.png`,
        fullPage: true,
      })
      await carrierSide.context.close()

      await section.getByRole('button', { name: 'Reinstate Grounded Lines LLC' }).click()
      const back = page.getByRole('dialog', { name: 'Reinstate Grounded Lines LLC' })
      await back.getByRole('button', { name: 'Reinstate carrier' }).click()
      await page.getByText('Carrier reinstated').first().waitFor()
      await section.getByRole('button', { name: 'Suspend Grounded Lines LLC' }).waitFor()
      assert.equal((await User.findOrFail(user.id)).approvalStatus, 'approved')
      // The suspension and its reason stay in the carrier's standing history.
      const history = section.getByText('Standing history (2)').locator('visible=true')
      await history.click()
      await section
        .getByRole('list', { name: 'Standing history of Grounded Lines LLC' })
        .locator('visible=true')
        .getByText(REASON)
        .waitFor()
      await section.screenshot({
        path: `/tmp/shots/helper-misc/fleet-history-${viewport.width}.png`,
      })
      await context.close()
    })
  })
}
