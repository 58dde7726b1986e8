/*
 * A carrier's delivery record follows its deliveries (docs/decisions/0096): a booking set
 * Delivered, or a DELIVERED milestone stored for it later by a tracking feed.
 */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'

async function rewriteFor(bookingId: number) {
  const { default: BookingFactsService } =
    await import('#marketplace/services/booking_facts_service')
  const booking = await (await app.container.make(BookingFactsService)).parties(bookingId)
  if (booking?.carrierId == null || booking.status !== 'delivered') return
  const { default: RatingSummaryService } = await import('#reviews/services/rating_summary_service')
  await (await app.container.make(RatingSummaryService)).rewriteDeliveries(booking.carrierId)
}

emitter.on('booking:delivered', async (change) => rewriteFor(change.bookingId))
emitter.on('shipment:delivered', async (event) => rewriteFor(event.bookingId))
