import { test } from '@japa/runner'
import User from '#accounts/models/user'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

test.group('Browser: registration, approval and redirects', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  test('a shipper registers through /register and lands on /shipper', async ({ assert }) => {
    const { context, page } = await newPage()
    await page.goto('/register')
    await page.getByLabel('Account Type').selectOption('shipper')
    await page.getByLabel('First Name').fill('Sam')
    await page.getByLabel('Last Name').fill('Shipper')
    await page.getByLabel('Email').fill('sam@shipper.test')
    await page.getByLabel('Phone').fill('3125550199')
    await page.getByLabel('Password', { exact: true }).fill('long-enough-secret')
    await page.getByLabel('Confirm Password').fill('long-enough-secret')
    await page.getByLabel(/User Agreement/).check()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.waitForURL('**/shipper')
    const user = await User.findByOrFail('email', 'sam@shipper.test')
    assert.equal(user.role, 'shipper')
    assert.isNotNull(user.termsHash)
    await context.close()
  })

  test('a carrier registers, waits on /carrier-pending, is approved by an admin and then lands on /carrier', async ({
    assert,
  }) => {
    await makeUser('admin', { email: 'boss@palletline.test', password: 'adminpass1' })

    const carrier = await newPage()
    const page = carrier.page
    await page.goto('/register')
    await page.getByLabel('Account Type').selectOption('carrier')
    await page.getByLabel('First Name').fill('Cora')
    await page.getByLabel('Last Name').fill('Carrier')
    await page.getByLabel('Email').fill('cora@haulers.test')
    await page.getByLabel('Phone').fill('3135550142')
    await page.getByLabel('Company Name').fill('Motor City Haulers LLC')
    await page.getByLabel('DOT Number').fill('3141592')
    await page.getByLabel('MC Number').fill('MC271828')
    await page.getByLabel('Business Address').fill('1 Woodward Ave')
    await page.getByLabel('City').fill('Detroit')
    await page.getByLabel('State').selectOption('MI')
    await page.getByLabel('ZIP Code').fill('48226')
    await page.getByLabel('Password', { exact: true }).fill('long-enough-secret')
    await page.getByLabel('Confirm Password').fill('long-enough-secret')
    await page.getByLabel(/User Agreement/).check()
    await page.getByRole('button', { name: 'Create Account' }).click()
    await page.waitForURL('**/carrier-pending')
    await page.getByText('Account Pending Approval').waitFor()

    // The pending carrier cannot reach the carrier dashboard.
    await page.goto('/carrier')
    await page.waitForURL('**/carrier-pending')

    const admin = await newPage()
    await signIn(admin.page, 'boss@palletline.test', 'adminpass1')
    await admin.page.waitForURL('**/admin')
    await admin.page.getByRole('button', { name: 'Approve cora@haulers.test' }).click()
    await admin.page
      .getByText('User approval status has been updated successfully.', { exact: true })
      .first()
      .waitFor()
    const approved = await User.findByOrFail('email', 'cora@haulers.test')
    assert.isTrue(approved.isApproved)
    await admin.context.close()

    // A fresh sign-in (or reload) now goes to the carrier area.
    await page.reload()
    await page.waitForURL('**/carrier')
    await carrier.context.close()

    const again = await newPage()
    await signIn(again.page, 'cora@haulers.test', 'long-enough-secret')
    await again.page.waitForURL('**/carrier')
    await again.context.close()
  })

  test('an admin rejects a carrier, who is told so on the pending page', async ({ assert }) => {
    await makeUser('admin', { email: 'boss@palletline.test', password: 'adminpass1' })
    const rejected = await makeUser('carrier', {
      email: 'nope@haulers.test',
      password: 'secret123',
      isApproved: false,
    })

    const admin = await newPage()
    await signIn(admin.page, 'boss@palletline.test', 'adminpass1')
    await admin.page.waitForURL('**/admin')
    await admin.page.getByRole('button', { name: 'Reject nope@haulers.test' }).click()
    await admin.page
      .getByText('User approval status has been updated successfully.', { exact: true })
      .first()
      .waitFor()
    await rejected.refresh()
    assert.equal(rejected.approvalStatus, 'rejected')
    await admin.context.close()

    const carrier = await newPage()
    await signIn(carrier.page, 'nope@haulers.test', 'secret123')
    await carrier.page.waitForURL('**/carrier-pending')
    await carrier.page
      .getByText(/not approved/i)
      .first()
      .waitFor()
    await carrier.context.close()
  })

  test('signed-out visitors of protected pages go to /auth; a shipper opening /admin goes home', async () => {
    const { context, page } = await newPage()
    await page.goto('/shipper')
    await page.waitForURL('**/auth')
    await makeUser('shipper', { email: 'home@shipper.test', password: 'secret123' })
    await signIn(page, 'home@shipper.test', 'secret123')
    await page.waitForURL('**/shipper')
    await page.goto('/dashboard')
    await page.waitForURL('**/shipper')
    await page.goto('/admin')
    await page.waitForURL('**/shipper')
    await context.close()
  })

  test('an unknown path shows the 404 page', async () => {
    const { context, page } = await newPage()
    await page.goto('/no/such/page')
    await page.getByText('Page Not Found').waitFor()
    await context.close()
  })
})
