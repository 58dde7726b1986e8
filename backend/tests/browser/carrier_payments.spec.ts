import { test } from '@japa/runner'
import { AxeBuilder } from '@axe-core/playwright'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import { splitPayout, toCents } from '#core/money'
import { bookingReference as reference } from '#core/reference'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

const usd = (cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(cents / 100)

test.group('Browser: carrier payments', (group) => {
  group.each.setup(() => resetDatabase())
  group.teardown(() => closeBrowser())

  test('a carrier connects a payout account in the sandbox and sees Payment Setup Complete', async ({
    assert,
  }) => {
    const carrier = await makeUser('carrier', {
      email: 'cora@haulers.test',
      password: 'secret123',
      isApproved: true,
    })
    // Started from localhost, the address `npm start` prints: onboarding must stay on it (the
    // session cookie does not exist on 127.0.0.1).
    const origin = `http://localhost:${process.env.PORT}`
    const { context, page } = await newPage({ origin })
    await signIn(page, 'cora@haulers.test', 'secret123')
    await page.waitForURL('**/carrier')

    await page.goto('/carrier#payments')
    await page.getByText('Set up a bank account to receive payments from shipments').waitFor()
    await page.getByRole('button', { name: 'Connect Bank Account' }).click()

    // The sandbox's stand-in for the provider's hosted onboarding form.
    await page.waitForURL('**/sandbox/onboarding/**')
    assert.isTrue(page.url().startsWith(`${origin}/sandbox/onboarding/`), page.url())
    // Styled like the app, at both widths (issue 32, item 10).
    await page.getByRole('heading', { name: 'Payout onboarding' }).waitFor()
    await page.screenshot({ path: '/tmp/shots/helper-misc/sandbox-onboarding-1280.png' })
    // Readable like the app's pages (no serious or critical axe violation: the orange button
    // and logo mark once failed text contrast), with the app's icon (no /favicon.ico 404).
    const serious = async () =>
      (await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()).violations
        .filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''))
        .map((violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(' | ')}`)
    assert.deepEqual(await serious(), [])
    assert.equal(await page.locator('link[rel="icon"]').getAttribute('href'), '/favicon.svg')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: '/tmp/shots/helper-misc/sandbox-onboarding-390.png' })
    assert.deepEqual(await serious(), [])
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.getByRole('button', { name: 'Complete onboarding' }).click()

    await page.waitForURL('**/carrier#payments')
    assert.isTrue(page.url().startsWith(origin), page.url())
    await page.getByText('Payment Setup Complete').waitFor()
    // Where the payouts land: the sandbox's test bank and its last four digits.
    await page.getByText('Sandbox Test Bank ending in 6789').waitFor()
    const company = await carrierOf(carrier)
    assert.isNotNull(company.stripeAccountId)
    assert.isTrue(company.stripeOnboardingCompleted)
    await context.close()
  })

  test('the payout history shows each booking with its 91% payout and badge', async () => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', {
      email: 'cora@haulers.test',
      password: 'secret123',
      isApproved: true,
    })
    const listing = await makeListing(carrier)
    const paid = await makeBooking(shipper, listing, {
      paymentStatus: 'paid',
      payoutStatus: 'pending',
    })
    const unpaid = await makeBooking(shipper, listing, { paymentStatus: 'pending' })

    const { context, page } = await newPage()
    await signIn(page, 'cora@haulers.test', 'secret123')
    await page.waitForURL('**/carrier')
    await page.goto('/carrier#payouts')
    const paidRow = page.getByRole('row', { name: `Payout ${reference(paid.id)}` })
    await paidRow.getByText('Awaiting Release').waitFor()
    const totalCents = toCents(paid.totalAmount!)
    await paidRow.getByText(usd(splitPayout(totalCents).payoutCents), { exact: true }).waitFor()
    await paidRow.getByText(usd(totalCents), { exact: true }).waitFor()
    await page
      .getByRole('row', { name: `Payout ${reference(unpaid.id)}` })
      .getByText('Payment Pending')
      .waitFor()
    await context.close()
  })
})
