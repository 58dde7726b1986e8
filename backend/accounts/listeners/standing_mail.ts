/* A suspension or reinstatement is emailed to the user (after it is saved; decision 0186). */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import StandingMailService from '#accounts/services/standing_mail_service'

emitter.on('account:suspended', async ({ userId, reason }) => {
  await (await app.container.make(StandingMailService)).suspended(userId, reason)
})

emitter.on('account:reinstated', async ({ userId }) => {
  await (await app.container.make(StandingMailService)).reinstated(userId)
})
