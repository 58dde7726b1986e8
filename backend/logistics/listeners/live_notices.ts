/*
 * A drayage move's change reaches the screens of its shipper and of the carrier on it at once
 * (docs/decisions/0171): `{ kind: 'drayage', id: <move id>, change }`, after the commit (the
 * services emit `drayage:changed` then). The notice names no carrier; the screens fetch again
 * through the API, which shows a shipper the carrier's anonymous label (decision 0157).
 */
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import { notifyUsers } from '#core/live_notices'
import '#logistics/drayage_events'

emitter.on('drayage:changed', async ({ drayageMoveId, change }) => {
  const parties = await db
    .from('drayage_moves')
    .leftJoin('carriers', 'carriers.id', 'drayage_moves.carrier_id')
    .where('drayage_moves.id', drayageMoveId)
    .select('drayage_moves.shipper_id as shipperId', 'carriers.user_id as carrierUserId')
    .first()
  if (!parties) return
  notifyUsers([parties.shipperId, parties.carrierUserId], {
    kind: 'drayage',
    id: drayageMoveId,
    change,
  })
})
