/*
 * A carrier company's owner runs the team at 1280 and 390 px (issue 35, decision 0223): the
 * Team panel under the profile lists the members, an invite goes out by email, a member is
 * removed after a confirmation; the invitee opens the mailed link, joins and signs in as the
 * company. axe-core finds no serious violation on either screen.
 */
import { test } from '@japa/runner'
import { mkdir } from 'node:fs/promises'
import type { Page } from 'playwright-core'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { CompanyInviteMail } from '#accounts/services/company_invite_mail'
import { companyFor, makeMember } from '#accounts/tests/companies'
import { makeUser, resetDatabase } from '#tests/helpers'
import { closeBrowser, newPage, signIn, seriousViolations, VIEWPORTS } from '#tests/browser_helpers'

async function shot(page: Page, name: string, width: number) {
  const dir = process.env.SHOTS_DIR
  if (!dir) return
  await mkdir(dir, { recursive: true })
  await page.waitForTimeout(300)
  await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: true })
}

async function sideScroll(page: Page) {
  return page.evaluate(() => (globalThis as any).document.documentElement.scrollWidth as number)
}

function inviteMailedTo(mails: ReturnType<typeof mail.fake>['mails'], to: string) {
  const sent = mails.sent((m) => m instanceof CompanyInviteMail && m.message.hasTo(to))
  if (sent.length === 0) throw new Error(`no invite mailed to ${to}`)
  const text = String(sent[sent.length - 1].message.toJSON().message.text)
  return /(\/invite\/[\w-]+)/.exec(text)![1]
}

test.group('Browser: a company owner runs the team; an invitee joins', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => mail.restore())
  group.teardown(() => closeBrowser())
  group.each.timeout(180_000)

  for (const viewport of VIEWPORTS) {
    test(`at ${viewport.width} px: invite, remove after a confirmation, join by the link`, async ({
      assert,
    }) => {
      const { mails } = mail.fake()
      const owner = await makeUser('carrier', {
        isApproved: true,
        email: `owner${viewport.width}@carriers.test`,
        firstName: 'Mike',
        lastName: 'Kowalski',
      })
      const company = await companyFor(owner)
      await makeMember(owner, 'driver', { firstName: 'Tom' })
      const invitee = `rosa${viewport.width}@carriers.test`

      const { context, page } = await newPage({ viewport })
      await signIn(page, owner.email, 'secret123')
      await page.waitForURL('**/carrier**')
      await page.goto('/carrier#profile')
      const team = page.getByRole('list', { name: 'Members' })
      await team.getByText('Tom Member', { exact: true }).waitFor()
      await page.getByText('No invites sent yet').waitFor()

      const form = page.getByRole('form', { name: 'Invite a member' })
      await form.getByLabel('Email').fill('not-an-address')
      await form.getByRole('button', { name: 'Send invite' }).click()
      await form.getByText('Invalid email address').waitFor()
      await form.getByLabel('Email').fill(invitee)
      await form.getByLabel('Role').selectOption('dispatcher')
      await form.getByRole('button', { name: 'Send invite' }).click()
      await page.getByRole('list', { name: 'Invites' }).getByText(invitee).waitFor()
      // The toast has finished sliding in before axe measures its contrast.
      await page.getByText('Invite sent', { exact: true }).waitFor()
      await page.waitForTimeout(600)
      assert.isAtMost(await sideScroll(page), viewport.width)
      assert.deepEqual(await seriousViolations(page), [])
      await page.getByRole('heading', { name: 'Team' }).scrollIntoViewIfNeeded()
      await shot(page, 'team-panel', viewport.width)

      await team.getByRole('button', { name: 'Remove Tom Member' }).click()
      const dialog = page.getByRole('alertdialog', { name: 'Remove Tom Member?' })
      await dialog.waitFor()
      assert.deepEqual(await seriousViolations(page), [])
      await shot(page, 'team-remove-confirm', viewport.width)
      await dialog.getByRole('button', { name: 'Remove member' }).click()
      await team.getByText('Tom Member', { exact: true }).waitFor({ state: 'detached' })
      const left = await db
        .from('company_members')
        .where('company_id', company.id)
        .whereNull('removed_at')
      assert.lengthOf(left, 1)
      await context.close()

      const joining = await newPage({ viewport })
      await joining.page.goto(inviteMailedTo(mails, invitee))
      const join = joining.page.getByRole('form', { name: 'Join the company' })
      await join.getByText(company.name, { exact: true }).waitFor()
      await join.getByRole('button', { name: `Join ${company.name}` }).click()
      await join.getByText('You must accept the User Agreement').waitFor()
      assert.isAtMost(await sideScroll(joining.page), viewport.width)
      assert.deepEqual(await seriousViolations(joining.page), [])
      await shot(joining.page, 'invite-page', viewport.width)
      await join.getByLabel('First name').fill('Rosa')
      await join.getByLabel('Last name').fill('Delgado')
      await join.getByLabel('Password', { exact: true }).fill('violet-harbor-tractor-42')
      await join.getByRole('checkbox').check()
      await join.getByRole('button', { name: `Join ${company.name}` }).click()
      await joining.page.getByText('You have joined').waitFor()
      await shot(joining.page, 'invite-joined', viewport.width)

      await signIn(joining.page, invitee, 'violet-harbor-tractor-42')
      await joining.page.waitForURL('**/carrier**')
      await joining.page.goto('/carrier#profile')
      await joining.page.getByText(`Dispatcher at ${company.name}`).waitFor()
      assert.equal(await joining.page.getByRole('list', { name: 'Members' }).count(), 0)
      await joining.context.close()
    })
  }
})
