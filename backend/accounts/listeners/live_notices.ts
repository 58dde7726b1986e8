/*
 * Account changes reach the admins' approvals and figures, and the account's own screens, at
 * once (docs/decisions/0171): `{ kind: 'account', id: <user id>, change }`. A message through
 * the contact form reaches the admins' inbox: `{ kind: 'contact', id: <message id>,
 * change: 'received' }`.
 */
import emitter from '@adonisjs/core/services/emitter'
import { notifyAdmins, notifyUsers } from '#core/live_notices'

emitter.on('account:registered', ({ userId }) => {
  notifyAdmins({ kind: 'account', id: userId, change: 'registered' })
})

for (const change of ['approved', 'rejected', 'suspended', 'reinstated'] as const) {
  emitter.on(`account:${change}`, ({ userId }) => {
    const notice = { kind: 'account', id: userId, change } as const
    notifyAdmins(notice)
    notifyUsers([userId], notice)
  })
}

// Every member of a company listens on its account user's channel (they act as it), so one
// notice reaches them all: a member whose role changed reads it again (decision 0223).
emitter.on('company:changed', ({ companyId, accountUserId, change }) => {
  notifyUsers([accountUserId], { kind: 'company', id: companyId, change })
})

emitter.on('contact:received', ({ contactMessageId }) => {
  notifyAdmins({ kind: 'contact', id: contactMessageId, change: 'received' })
})
