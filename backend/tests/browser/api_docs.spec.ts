import { readFile } from 'node:fs/promises'
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
    // Every tag of the contract is listed, folded; opening one shows its operations.
    const contract = JSON.parse(await readFile('docs/openapi.json', 'utf8')) as {
      tags: { name: string }[]
    }
    for (const tag of contract.tags) {
      await page.locator(`[id="operations-tag-${tag.name.replaceAll(' ', '_')}"]`).waitFor()
    }
    await page.locator('[id="operations-tag-Bookings"]').click()
    await page.getByText('/api/bookings/{id}', { exact: true }).first().waitFor()
    await page.locator('[id="operations-tag-Finance"]').click()
    await page.getByText('/api/advanced-invoices/{id}/issue', { exact: true }).first().waitFor()
    assert.deepEqual(violations, [])
    await context.close()
  })
})
