/*
 * A booking's status change reaches the screens of its shipper, its carrier and the admins at
 * once (docs/decisions/0171): `{ kind: 'booking', id, change: <new status> }`, after the commit
 * (the status service emits then). The screens fetch again through the API.
 */
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import { notifyAdmins, notifyUsers, type LiveNotice } from '#core/live_notices'

async function parties(bookingId: number) {
  return db
    .from('bookings')
    .leftJoin('carriers', 'carriers.id', 'bookings.carrier_id')
    .where('bookings.id', bookingId)
    .select('bookings.shipper_id as shipperId', 'carriers.user_id as carrierUserId')
    .first()
}

emitter.on('booking:status_changed', async (event) => {
  const found = await parties(event.bookingId)
  const notice: LiveNotice = { kind: 'booking', id: event.bookingId, change: event.to }
  if (found) notifyUsers([found.shipperId, found.carrierUserId], notice)
  notifyAdmins(notice)
})

// The carrier accepted the rate confirmation (decision 0226), or a revision was issued (0250):
// both parties' screens read it again.
emitter.on('booking:rate_confirmation', async (event) => {
  const found = await parties(event.bookingId)
  const notice: LiveNotice = { kind: 'booking', id: event.bookingId, change: event.change }
  if (found) notifyUsers([found.shipperId, found.carrierUserId], notice)
})
