/*
 * The payout job's batches reach the carriers' payout history and the admins' payouts needing
 * attention at once (docs/decisions/0171): one notice per carrier of the batch on its user's
 * channel, and one on the admins' per batch, never one per booking. `{ kind: 'payout', id,
 * change }`: `id` is the first booking of the batch (the carrier's own first on its channel),
 * `change` released, paid, failed or held. The screens fetch their lists again.
 */
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import { notifyAdmins, notifyUsers } from '#core/live_notices'
import '#payments/payout_events'

emitter.on('payouts:changed', async ({ change, payouts }) => {
  if (payouts.length === 0) return
  const firstOf = new Map<number, number>()
  for (const { bookingId, carrierId } of payouts) {
    firstOf.set(carrierId, Math.min(bookingId, firstOf.get(carrierId) ?? bookingId))
  }
  const carriers: { id: number; userId: number | null }[] = await db
    .from('carriers')
    .whereIn('id', [...firstOf.keys()])
    .select('id', 'user_id as userId')
  for (const carrier of carriers) {
    notifyUsers([carrier.userId], { kind: 'payout', id: firstOf.get(carrier.id)!, change })
  }
  notifyAdmins({ kind: 'payout', id: Math.min(...payouts.map((p) => p.bookingId)), change })
})

/*
 * A cargo claim's step (docs/decisions/0233) reaches its shipper, its carrier's user and the
 * admins: `{ kind: 'claim', id, change }` with the claim's id and new status.
 */
emitter.on('claims:changed', async ({ claimId, status }) => {
  const parties = await db
    .from('cargo_claims')
    .join('carriers', 'carriers.id', 'cargo_claims.carrier_id')
    .where('cargo_claims.id', claimId)
    .select('cargo_claims.shipper_id as shipperId', 'carriers.user_id as carrierUserId')
    .first()
  if (parties) {
    notifyUsers([Number(parties.shipperId), Number(parties.carrierUserId)], {
      kind: 'claim',
      id: claimId,
      change: status,
    })
  }
  notifyAdmins({ kind: 'claim', id: claimId, change: status })
})
