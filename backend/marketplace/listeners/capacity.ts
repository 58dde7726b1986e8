/*
 * Listing capacity follows bookings: a cancelled booking frees its pallets, and a listing
 * that was full goes back on the market (docs/decisions/0024).
 */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'

emitter.on('booking:cancelled', async (event) => {
  const { default: BookingService } = await import('#marketplace/services/booking_service')
  const bookings = await app.container.make(BookingService)
  await bookings.releaseCapacity(event.bookingId)
})
