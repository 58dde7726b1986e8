import { test } from '@japa/runner'
import User from '#accounts/models/user'
import Carrier from '#fleet/models/carrier'
import { baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, sideScroll, signIn, VIEWPORTS } from '#tests/browser_helpers'

const bearer = (token: string) =>
  fetch(`${baseUrl()}/api/user`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  })

test.group('Browser: profile and settings', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())
  group.each.timeout(120_000)

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px a shipper edits the profile, changes the password (ending the other session) and issues and revokes an API token`, async ({
      assert,
    }) => {
      const email = `sam${viewport.width}@shipper.test`
      await makeUser('shipper', { email, firstName: 'Sam', lastName: 'Lee' })

      // A second browser signed in before the password change.
      const other = await newPage()
      await signIn(other.page, email, 'secret123')
      await other.page.waitForURL('**/shipper')

      const { context, page } = await newPage()
      await page.setViewportSize(viewport)
      await signIn(page, email, 'secret123')
      await page.waitForURL('**/shipper')

      // Profile, from the account menu.
      await page.getByRole('button', { name: 'Account menu for Sam Lee' }).click()
      await page.getByRole('menuitem', { name: 'Profile' }).click()
      await page.getByRole('button', { name: 'Edit profile' }).click()
      const profile = page.getByRole('form', { name: 'Edit profile' })
      await profile.getByLabel('First name').fill('D')
      await profile.getByRole('button', { name: 'Save profile' }).click()
      await profile.getByText('First name is required').waitFor()
      await profile.getByLabel('First name').fill('Dana')
      await profile.getByLabel('Last name').fill('Okafor')
      await profile.getByLabel('Phone').fill('(312) 555-0199')
      await profile.getByRole('button', { name: 'Save profile' }).click()
      await page.getByLabel('Account details').getByText('Dana Okafor').waitFor()
      await page.getByRole('button', { name: 'Account menu for Dana Okafor' }).waitFor()
      const saved = await User.findByOrFail('email', email)
      assert.equal(saved.firstName, 'Dana')
      assert.equal(saved.phone, '(312) 555-0199')
      await page.reload()
      await page.getByLabel('Account details').getByText('(312) 555-0199').waitFor()

      // Settings: the password.
      await page.getByRole('button', { name: 'Account menu for Dana Okafor' }).click()
      await page.getByRole('menuitem', { name: 'Settings' }).click()
      await page.waitForURL('**/settings')
      const password = page.getByRole('form', { name: 'Change password' })
      await password.getByLabel('Current password').fill('secret123')
      await password.getByLabel('New password', { exact: true }).fill('n3w-long-secret')
      await password.getByLabel('Confirm new password').fill('n3w-long-secret')
      await password.getByRole('button', { name: 'Change password' }).click()
      await page.getByText('Password changed').first().waitFor()
      await page.reload()
      await page.getByRole('heading', { name: 'Settings' }).waitFor()
      const stale = await other.page.request.get('/api/user')
      assert.equal(stale.status(), 401)
      await other.context.close()

      // Settings: an API token, shown once, working, then revoked.
      const create = page.getByRole('form', { name: 'Create API token' })
      await create.getByLabel('Token name').fill('TMS integration')
      await create.getByLabel('Expires in').selectOption('30')
      await create.getByRole('button', { name: 'Create token' }).click()
      const secret = (await page.getByTestId('new-token-secret').textContent())!.trim()
      assert.match(secret, /^plt_/)
      assert.equal((await bearer(secret)).status, 200)
      const list = page.getByRole('list', { name: 'Your API tokens' })
      await list.getByText('TMS integration').waitFor()
      await page.getByRole('button', { name: 'Done' }).click()
      assert.equal(await page.getByText(secret).count(), 0)
      await list.getByRole('button', { name: 'Revoke TMS integration' }).click()
      await page.getByRole('dialog').getByRole('button', { name: 'Revoke token' }).click()
      await page.getByText('No API tokens yet').waitFor()
      assert.equal((await bearer(secret)).status, 401)
      assert.isAtMost(await sideScroll(page), 0)
      await context.close()
    })
  }

  test('a carrier edits its company address; name, DOT and MC stay as approved', async ({
    assert,
  }) => {
    const user = await makeUser('carrier', { email: 'cora@haulers.test', isApproved: true })
    const before = await Carrier.findByOrFail('userId', user.id)
    const { context, page } = await newPage()
    await signIn(page, 'cora@haulers.test', 'secret123')
    await page.waitForURL('**/carrier')
    await page.getByRole('button', { name: /Account menu for/ }).click()
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    await page.getByRole('heading', { name: 'Company Profile' }).waitFor()
    await page.getByRole('button', { name: 'Edit company' }).click()
    const form = page.getByRole('form', { name: 'Edit company' })
    await form.getByText(before.companyName).waitFor()
    assert.equal(await form.getByLabel('Company name').count(), 0)
    await form.getByLabel('Business address').fill('1 Woodward Ave')
    await form.getByLabel('City').fill('Detroit')
    await form.getByLabel('State').selectOption('MI')
    await form.getByLabel('ZIP code').fill('4822')
    await form.getByRole('button', { name: 'Save company' }).click()
    await form.getByText('ZIP code must have 5 digits').waitFor()
    await form.getByLabel('ZIP code').fill('48226')
    await form.getByRole('button', { name: 'Save company' }).click()
    await page.getByLabel('Company details').getByText('Detroit, MI 48226').waitFor()
    const after = await Carrier.findByOrFail('userId', user.id)
    assert.deepInclude(after.toJSON(), {
      businessAddress: '1 Woodward Ave',
      city: 'Detroit',
      state: 'MI',
      zipCode: '48226',
      companyName: before.companyName,
      dotNumber: before.dotNumber,
      mcNumber: before.mcNumber,
    })
    await context.close()
  })
})
