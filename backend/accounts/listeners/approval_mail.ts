/* An admin's decision on an account is emailed to the user (after it is saved). */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import ApprovalMailService from '#accounts/services/approval_mail_service'

emitter.on('account:approved', async ({ userId }) => {
  await (await app.container.make(ApprovalMailService)).notify(userId, true)
})

emitter.on('account:rejected', async ({ userId }) => {
  await (await app.container.make(ApprovalMailService)).notify(userId, false)
})
