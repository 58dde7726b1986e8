import { test } from '@japa/runner'
import { closeBrowser, newPage } from '#tests/browser_helpers'

test.group('Browser: the API reference', (group) => {
  group.teardown(() => closeBrowser())

  test('/api/docs renders every endpoint from the contract under the app’s CSP', async ({
    assert,
  }) => {
    const { context, page } = await newPage()
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text()))
        violations.push(message.text())
    })
    await page.goto('/api/docs')
    await page.getByRole('heading', { name: /PalletLine API/ }).waitFor()
    await page.getByText('/api/bookings/{id}', { exact: true }).first().waitFor()
    assert.deepEqual(violations, [])
    await context.close()
  })
})
