import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import User from '#accounts/models/user'
import { makeUser, nextTotpCode, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, VIEWPORTS } from '#tests/browser_helpers'

async function passwordStep(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password').fill('secret123')
  await page.getByRole('button', { name: 'Sign In' }).click()
  return page.getByRole('form', { name: 'Two-factor sign in' })
}

async function signOut(page: Page, name: string) {
  await page.getByRole('button', { name: `Account menu for ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await page.waitForURL((url) => !url.pathname.startsWith('/shipper'))
}

test.group('Browser: two-factor sign-in', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())
  group.each.timeout(120_000)

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px a shipper turns on two-factor, then signs in with a code and with a recovery code`, async ({
      assert,
    }) => {
      const email = `tia${viewport.width}@shipper.test`
      const user = await makeUser('shipper', { email, firstName: 'Tia', lastName: 'Ross' })
      const { context, page } = await newPage({ viewport })

      // Signed in with the password alone, then Settings.
      await page.goto('/login')
      await page.getByLabel('Email', { exact: true }).fill(email)
      await page.getByLabel('Password').fill('secret123')
      await page.getByRole('button', { name: 'Sign In' }).click()
      await page.waitForURL('**/shipper')
      await page.goto('/settings')
      await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor()
      await page.getByRole('button', { name: 'Set up two-factor sign-in' }).click()

      // The QR code and the key; the app's code turns it on.
      const setup = page.getByRole('form', { name: 'Turn on two-factor' })
      await setup.getByAltText('QR code for your authenticator app').waitFor()
      const secret = (await setup.getByTestId('totp-secret').textContent())!.trim()
      assert.match(secret, /^[A-Z2-7]{32}$/)
      await setup.getByLabel('Authentication code').fill('000000')
      await setup.getByRole('button', { name: 'Turn on' }).click()
      await setup.getByText('Invalid authentication code').waitFor()
      await setup.getByLabel('Authentication code').fill(await nextTotpCode(user.id, secret))
      await setup.getByRole('button', { name: 'Turn on' }).click()

      // Recovery codes, shown once.
      const panel = page.getByRole('region', { name: 'Recovery codes' })
      await panel.waitFor()
      const codes = (await panel.getByRole('listitem').allTextContents()).map((c) => c.trim())
      assert.lengthOf(codes, 10)
      const download = page.waitForEvent('download')
      await panel.getByRole('button', { name: 'Download codes' }).click()
      assert.equal((await download).suggestedFilename(), 'palletline-recovery-codes.txt')
      await panel.getByRole('button', { name: 'I saved my codes' }).click()
      await page.getByText('10 recovery codes left.').waitFor()
      assert.isNotNull((await User.findOrFail(user.id)).twoFactorEnabledAt)

      // Signed out; the password alone is not enough any more: the code step.
      await page.goto('/shipper')
      await signOut(page, 'Tia Ross')
      let step = await passwordStep(page, email)
      await step.getByLabel('Authentication code').fill('123456')
      await step.getByRole('button', { name: 'Verify' }).click()
      await step.getByText('Invalid authentication code').waitFor()
      await step.getByLabel('Authentication code').fill(await nextTotpCode(user.id, secret))
      await step.getByRole('button', { name: 'Verify' }).click()
      await page.waitForURL('**/shipper')

      // And once more with a recovery code instead of the phone.
      await signOut(page, 'Tia Ross')
      step = await passwordStep(page, email)
      await step.getByRole('button', { name: 'Use a recovery code' }).click()
      await step.getByLabel('Recovery code').fill(codes[0])
      await step.getByRole('button', { name: 'Verify' }).click()
      await page.waitForURL('**/shipper')
      await page.goto('/settings')
      await page.getByText('9 recovery codes left.').waitFor()

      // The used recovery code does not work twice.
      await page.goto('/shipper')
      await signOut(page, 'Tia Ross')
      step = await passwordStep(page, email)
      await step.getByRole('button', { name: 'Use a recovery code' }).click()
      await step.getByLabel('Recovery code').fill(codes[0])
      await step.getByRole('button', { name: 'Verify' }).click()
      await step.getByText('Invalid recovery code').waitFor()
      assert.include(page.url(), '/login')
      await context.close()
    })
  }
})
