/*
 * The contact form sends (docs/decisions/0185): a visitor's message is stored and the admin
 * console lists it.
 */
import { test } from '@japa/runner'
import ContactMessage from '#accounts/models/contact_message'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn } from '#tests/browser_helpers'

for (const viewport of [
  { width: 1280, height: 900 },
  { width: 390, height: 844 },
]) {
  test.group(`Browser: contact form at ${viewport.width} px`, (group) => {
    group.each.setup(async () => {
      await resetDatabase()
      await limiter.clear()
    })
    group.teardown(() => closeBrowser())
    group.each.timeout(120_000)

    test('a visitor sends a message and an admin reads it in the console', async ({ assert }) => {
      const subject = `Pallet rates at ${viewport.width}`
      const visitor = await newPage({ viewport })
      const page = visitor.page
      await page.goto('/contact')
      await page.getByLabel('Full Name').fill('Pat Lee')
      await page.getByLabel('Email').fill('pat@example.com')
      await page.getByLabel('Subject').fill(subject)
      await page.getByLabel('Message').fill('How much for 4 pallets from Chicago to Dallas?')
      await page.getByRole('button', { name: 'Send Message' }).click()
      await page.getByText('Thank you for your message!').waitFor()
      await page.screenshot({
        path: `/tmp/shots/helper-misc/contact-sent-${viewport.width}.png`,
        fullPage: true,
      })
      const rows = await ContactMessage.all()
      assert.lengthOf(rows, 1)
      assert.include(rows[0].serialize(), { name: 'Pat Lee', email: 'pat@example.com', subject })
      await visitor.context.close()

      await makeUser('admin', { email: 'boss@palletline.test', password: 'adminpass1' })
      const admin = await newPage({ viewport })
      await signIn(admin.page, 'boss@palletline.test', 'adminpass1')
      await admin.page.waitForURL('**/admin')
      const inbox = admin.page.locator('#contact-messages')
      await inbox.scrollIntoViewIfNeeded()
      const list = inbox.getByRole('list', { name: 'Contact messages' })
      await list.getByText(subject).waitFor()
      await list.getByText('How much for 4 pallets from Chicago to Dallas?').waitFor()
      await inbox.screenshot({ path: `/tmp/shots/helper-misc/contact-inbox-${viewport.width}.png` })
      await admin.context.close()
    })
  })
}
