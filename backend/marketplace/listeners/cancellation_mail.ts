/*
 * The carrier is told by mail when a person (the shipper, an admin) cancels its booking, with
 * the late-cancel fee it earns (docs/decisions/0178). The platform's own cancellations of
 * unpaid bookings are not mailed.
 */
import emitter from '@adonisjs/core/services/emitter'

emitter.on('booking:cancelled', async (event) => {
  if (event.actorUserId === null) return
  const { mailCancellation } = await import('#marketplace/services/cancellation_notice')
  await mailCancellation(event.bookingId)
})
