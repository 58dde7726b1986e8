/*
 * A booking's thread changed: its parties' screens hear it live and the other side is mailed
 * for its first unread message (docs/decisions/0230). Emitted by MessageService after its write.
 */
import emitter from '@adonisjs/core/services/emitter'
import app from '@adonisjs/core/services/app'

emitter.on('message:changed', async (event) => {
  const { default: MessageNotices } = await import('#messages/services/message_notices')
  const notices = await app.container.make(MessageNotices)
  await notices.changed(event)
})
