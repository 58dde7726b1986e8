import { test } from '@japa/runner'
import type { Page } from 'playwright-core'
import mail from '@adonisjs/mail/services/main'
import { FreightInviteMail } from '#freight_board/services/freight_invite_service'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeBooking, makeFreightListing, makeListing } from '#tests/factories'
import { closeBrowser, newPage, signIn, WIDTHS } from '#tests/browser_helpers'

async function toast(page: Page, text: string) {
  await page.getByText(text, { exact: true }).first().waitFor()
}

async function pageWidth(page: Page) {
  // Runs in the page (the backend's TypeScript has no DOM types).
  return page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number)
}

test.group('Browser: a shipper invites a carrier it has shipped with to a load', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => mail.restore())
  group.teardown(() => closeBrowser())

  for (const { name, viewport } of WIDTHS) {
    test(`at ${viewport.width} px (${name}): invite, the link reserves the load, others do not see it, the invited carrier claims it`, async ({
      assert,
    }) => {
      const { mails } = mail.fake()
      const shipper = await makeUser('shipper', {
        email: 'sam@shipper.test',
        password: 'secret123',
      })
      const invited = await makeUser('carrier', {
        email: 'ann@haulers.test',
        password: 'secret123',
        isApproved: true,
      })
      await makeUser('carrier', {
        email: 'bob@haulers.test',
        password: 'secret123',
        isApproved: true,
      })
      // Shipped together before: Ann's company is someone Sam may invite.
      await makeBooking(shipper, await makeListing(invited), { paymentStatus: 'paid' })
      const company = (await carrierOf(invited)).companyName
      const load = await makeFreightListing(shipper)

      // The shipper invites Ann from My posted loads.
      const sam = await newPage({ viewport })
      await signIn(sam.page, 'sam@shipper.test', 'secret123')
      await sam.page.waitForURL('**/shipper')
      await sam.page.goto('/post-load')
      await sam.page
        .getByRole('button', { name: `Invite a carrier to listing #${load.id}` })
        .click()
      const dialog = sam.page.getByRole('dialog', {
        name: `Invite a carrier to listing #${load.id}`,
      })
      await dialog.getByLabel('Carrier', { exact: true }).selectOption({ label: company })
      await dialog.getByRole('button', { name: 'Send invite' }).click()
      await toast(sam.page, 'Invite sent')
      assert.isAtMost(await pageWidth(sam.page), viewport.width)

      const sent = mails.sent((m) => m instanceof FreightInviteMail)
      assert.lengthOf(sent, 1)
      const link = /(\/freight-board\?invite=[\w-]+)/.exec(
        String(sent[0].message.toJSON().message.text)
      )![1]

      // Bob, not invited, does not see the load during the window.
      const bob = await newPage({ viewport })
      await signIn(bob.page, 'bob@haulers.test', 'secret123')
      await bob.page.waitForURL('**/carrier')
      await bob.page.goto('/freight-board')
      await bob.page.getByText('No open loads match').first().waitFor()
      assert.equal(
        await bob.page.getByRole('listitem', { name: new RegExp(`^Load #${load.id}:`) }).count(),
        0
      )

      // Ann opens the link from her mail: the load is reserved for her, marked Invited.
      const ann = await newPage({ viewport })
      await signIn(ann.page, 'ann@haulers.test', 'secret123')
      await ann.page.waitForURL('**/carrier')
      await ann.page.goto(link)
      await ann.page.getByText('Invite accepted').waitFor()
      const card = ann.page.getByRole('listitem', { name: new RegExp(`^Load #${load.id}:`) })
      await card.getByText('Invited', { exact: true }).waitFor()
      assert.isAtMost(await pageWidth(ann.page), viewport.width)

      await card.getByRole('button', { name: `Claim Load #${load.id}` }).click()
      await toast(ann.page, 'Load claimed successfully! Check your bookings.')
      await load.refresh()
      assert.equal(load.status, 'CLAIMED')

      for (const { context } of [sam, bob, ann]) await context.close()
    }).timeout(180_000)
  }
})
