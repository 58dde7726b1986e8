/*
 * A suspension is told as what it is (docs/decisions/0186): the suspended user reads why and how
 * to appeal, suspension and reinstatement are mailed, and Fleet Oversight keeps the history.
 */
import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import {
  AccountReinstatedMail,
  AccountSuspendedMail,
} from '#accounts/services/standing_mail_service'

const REASON = 'Out-of-service order seen on the roadside inspection'

test.group('Suspension told truthfully', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    const fake = mail.fake()
    return () => {
      fake.mails.clear()
      mail.restore()
    }
  })

  test('the carrier is mailed, reads the reason and the appeal, and the history stays', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const admin = await makeUser('admin')
    const user = await makeUser('carrier', { isApproved: true, firstName: 'Sam' })
    const carrier = await carrierOf(user)

    const before = await client.get('/api/account/standing').loginAs(user)
    before.assertStatus(200)
    assert.equal(before.body().approvalStatus, 'approved')
    assert.isNull(before.body().suspension)

    const suspended = await client
      .post(`/api/admin/carriers/${carrier.id}/suspend`)
      .json({ reason: REASON })
      .loginAs(admin)
      .withCsrfToken()
    suspended.assertStatus(200)
    mails.assertSent(AccountSuspendedMail, ({ message }) => {
      message.assertTo(user.email)
      message.assertSubject('Your PalletLine account is suspended')
      message.assertTextIncludes('Hello Sam,')
      message.assertTextIncludes(`Reason: ${REASON}`)
      message.assertTextIncludes('/contact')
      return true
    })

    const standing = await client.get('/api/account/standing').loginAs(user)
    standing.assertStatus(200)
    assert.equal(standing.body().approvalStatus, 'suspended')
    assert.equal(standing.body().suspension.reason, REASON)
    assert.match(standing.body().suspension.since, /^\d{4}-\d{2}-\d{2}T/)
    assert.equal(standing.body().appeal.contactPath, '/contact')
    // Work is still refused while suspended.
    ;(await client.get('/api/carrier/bookings').loginAs(user)).assertStatus(403)

    const back = await client
      .post(`/api/admin/carriers/${carrier.id}/reinstate`)
      .json({ reason: 'Order lifted, proof on file' })
      .loginAs(admin)
      .withCsrfToken()
    back.assertStatus(200)
    mails.assertSent(AccountReinstatedMail, ({ message }) => {
      message.assertTo(user.email)
      message.assertSubject('Your PalletLine account is active again')
      return true
    })
    assert.isNull((await client.get('/api/account/standing').loginAs(user)).body().suspension)

    // Fleet Oversight keeps both changes, newest first, with their reasons.
    const list = await client.get('/api/admin/carriers').loginAs(admin)
    list.assertStatus(200)
    const row = list.body().data.find((r: any) => r.carrierId === carrier.id)
    assert.deepEqual(
      row.standingHistory.map((c: any) => [c.action, c.reason, c.adminUserId]),
      [
        ['reinstated', 'Order lifted, proof on file', admin.id],
        ['suspended', REASON, admin.id],
      ]
    )
    assert.deepEqual(back.body().standingHistory, row.standingHistory)
  })

  test('the standing needs a signed-in user', async ({ client }) => {
    ;(await client.get('/api/account/standing')).assertStatus(401)
  })
})
