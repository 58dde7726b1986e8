/*
 * Companies under concurrent requests at a real server and a second server process (issue 35,
 * docs/decisions/0223): an invite redeemed several times at once makes one login; two owners
 * removing each other at once leave one owner.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import CompanyService, {
  INVITE_SPENT,
  LAST_OWNER,
  NOT_AN_OWNER,
} from '#accounts/services/company_service'
import { CompanyInviteMail } from '#accounts/services/company_invite_mail'
import { companyFor, makeMember } from '#accounts/tests/companies'
import {
  Browserless,
  baseUrl,
  makeUser,
  resetDatabase,
  signInSessions,
  startServer,
} from '#tests/helpers'

test.group('Companies: races at two server processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 150)
    return () => second.stop()
  })

  test('one invite redeemed four times at once: one login is made, three are refused', async ({
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    await companyFor(owner)
    const { mails } = mail.fake()
    let token: string
    try {
      const companies = await app.container.make(CompanyService)
      await companies.invite(
        { accountUserId: owner.id, personId: owner.id },
        'racer@carriers.test',
        'driver',
        baseUrl()
      )
      const [sent] = mails.sent((m) => m instanceof CompanyInviteMail)
      token = /\/invite\/([\w-]+)/.exec(String(sent.message.toJSON().message.text))![1]
    } finally {
      mail.restore()
    }
    const browsers = [0, 1, 2, 3].map((i) => new Browserless(i % 2 === 0 ? baseUrl() : second.url))
    for (const browser of browsers) await browser.request('GET', '/api/user')
    const results = await Promise.all(
      browsers.map((browser, i) =>
        browser.request('POST', `/api/invites/${token}/accept`, {
          firstName: 'Racing',
          lastName: `Driver ${i}`,
          password: `racing member password ${i}`,
          termsAccepted: true,
        })
      )
    )
    assert.deepEqual(
      results.map((r) => r.status).sort(),
      [201, 422, 422, 422],
      JSON.stringify(results.map((r) => r.body))
    )
    for (const refused of results.filter((r) => r.status === 422)) {
      assert.equal(refused.body.errors[0].message, INVITE_SPENT)
    }
    const logins = await db.from('users').where('email', 'racer@carriers.test')
    assert.lengthOf(logins, 1)
    const members = await db.from('company_members').where('user_id', logins[0].id)
    assert.lengthOf(members, 1)
    assert.equal(members[0].role, 'driver')
  })

  test('two owners removing each other at once: one owner remains', async ({ assert }) => {
    for (let round = 0; round < 3; round++) {
      const founder = await makeUser('shipper')
      const partner = await makeMember(founder, 'owner')
      const founderMember = await db.from('company_members').where('user_id', founder.id).first()
      const [a, b] = await signInSessions([founder, partner], [baseUrl(), second.url])
      const results = await Promise.all([
        a.request('DELETE', `/api/company/members/${partner.memberId}`),
        b.request('DELETE', `/api/company/members/${founderMember.id}`),
      ])
      // The loser is refused by the lock (409: no longer an owner, or the last one), or, when
      // the winner's removal has already ended its sessions, at the door (401).
      const statuses = results.map((r) => r.status).sort()
      assert.oneOf(
        statuses.join(),
        ['204,409', '204,401'],
        JSON.stringify(results.map((r) => r.body))
      )
      const loserIndex = results.findIndex((r) => r.status !== 204)
      const loser = results[loserIndex]
      if (loser.status === 409) assert.oneOf(loser.body.message, [LAST_OWNER, NOT_AN_OWNER])
      else {
        // Signed out only because the winner removed them: their membership is the removed one.
        const loserId = loserIndex === 0 ? founder.id : partner.id
        const row = await db.from('company_members').where('user_id', loserId).first()
        assert.isNotNull(row.removed_at)
      }
      const owners = await db
        .from('company_members')
        .where('company_id', partner.companyId)
        .where('role', 'owner')
        .whereNull('removed_at')
      assert.lengthOf(owners, 1)
    }
  })
})
