import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import { makeUser, resetDatabase } from '#tests/helpers'
import app from '@adonisjs/core/services/app'
import User from '#accounts/models/user'
import ApprovalMailService, {
  AccountApprovedMail,
  AccountRejectedMail,
} from '#accounts/services/approval_mail_service'

test.group('Approval emails', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    const fake = mail.fake()
    return () => {
      fake.mails.clear()
      mail.restore()
    }
  })

  const decide = (client: any, admin: any, userId: number, isApproved: unknown) =>
    client
      .put(`/api/admin/users/${userId}/approve`)
      .json({ isApproved })
      .loginAs(admin)
      .withCsrfToken()

  test('an approved carrier is told by email', async ({ client, assert }) => {
    const { mails } = mail.fake()
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: false, firstName: 'Cora' })
    const res = await decide(client, admin, carrier.id, true)
    res.assertStatus(200)
    mails.assertSentCount(1)
    mails.assertSent(AccountApprovedMail, ({ message }) => {
      message.assertTo(carrier.email)
      message.assertSubject('Your PalletLine account is approved')
      message.assertFrom('no-reply@palletline.test', 'PalletLine')
      message.assertTextIncludes('Hello Cora,')
      message.assertTextIncludes('your carrier account has been approved')
      message.assertTextIncludes('/login')
      message.assertHtmlIncludes('<p>Hello Cora,</p>')
      return true
    })
    assert.lengthOf(
      mails.sent((m) => m instanceof AccountRejectedMail),
      0
    )
  })

  test('a rejected carrier is told how to follow up', async ({ client }) => {
    const { mails } = mail.fake()
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: false })
    const res = await decide(client, admin, carrier.id, false)
    res.assertStatus(200)
    mails.assertSentCount(1)
    mails.assertSent(AccountRejectedMail, ({ message }) => {
      message.assertTo(carrier.email)
      message.assertSubject('Your PalletLine account application')
      message.assertTextIncludes('cannot approve it at this time')
      message.assertTextIncludes('support@palletline.com')
      return true
    })
  })

  test('no email when nothing was decided', async ({ client }) => {
    const { mails } = mail.fake()
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: false })
    ;(await decide(client, admin, carrier.id, 'yes')).assertStatus(422)
    ;(await decide(client, admin, 999999, true)).assertStatus(404)
    ;(await decide(client, admin, (await makeUser('admin')).id, true)).assertStatus(409)
    mails.assertNoneSent()
  })

  test('a mail failure never fails or undoes the decision', async ({ client, assert, cleanup }) => {
    class BrokenMail extends ApprovalMailService {
      async notify(): Promise<void> {
        throw new Error('SMTP is down')
      }
    }
    app.container.swap(ApprovalMailService, () => new BrokenMail())
    cleanup(() => app.container.restore(ApprovalMailService))
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: false })
    const res = await decide(client, admin, carrier.id, true)
    res.assertStatus(200)
    assert.isTrue((await User.findOrFail(carrier.id)).isApproved)
  })
})
