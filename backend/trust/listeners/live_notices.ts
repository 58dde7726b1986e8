/*
 * A failed vetting puts the carrier on the admins' flagged list at once (docs/decisions/0171):
 * `{ kind: 'carrier', id: <carrier id>, change: 'vetting_failed' }`.
 */
import emitter from '@adonisjs/core/services/emitter'
import { notifyAdmins } from '#core/live_notices'

emitter.on('carrier:vetting_failed', ({ carrierId }) => {
  notifyAdmins({ kind: 'carrier', id: carrierId, change: 'vetting_failed' })
})
