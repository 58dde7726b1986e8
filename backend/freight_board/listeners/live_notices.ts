/*
 * A posted load's change reaches its shipper's My Posted Loads at once (docs/decisions/0171):
 * `{ kind: 'load', id, change: <posted, funded, held, released, claimed, ...> }`, never who held
 * or claimed it. `freight:changed` is emitted after the commit.
 */
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import { notifyUsers } from '#core/live_notices'

emitter.on('freight:changed', async (change) => {
  const load = await db
    .from('freight_listings')
    .where('id', change.id)
    .select('shipper_id as shipperId')
    .first()
  if (load) notifyUsers([load.shipperId], { kind: 'load', id: change.id, change: change.type })
})
