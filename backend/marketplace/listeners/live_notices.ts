/*
 * A booking's status change reaches the screens of its shipper, its carrier and the admins at
 * once (docs/decisions/0171): `{ kind: 'booking', id, change: <new status> }`, after the commit
 * (the status service emits then). The screens fetch again through the API.
 */
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import { notifyAdmins, notifyUsers, type LiveNotice } from '#core/live_notices'

emitter.on('booking:status_changed', async (event) => {
  const parties = await db
    .from('bookings')
    .leftJoin('carriers', 'carriers.id', 'bookings.carrier_id')
    .where('bookings.id', event.bookingId)
    .select('bookings.shipper_id as shipperId', 'carriers.user_id as carrierUserId')
    .first()
  const notice: LiveNotice = { kind: 'booking', id: event.bookingId, change: event.to }
  if (parties) notifyUsers([parties.shipperId, parties.carrierUserId], notice)
  notifyAdmins(notice)
})
