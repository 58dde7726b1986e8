import emitter from '@adonisjs/core/services/emitter'
import app from '@adonisjs/core/services/app'

/** A claimed load whose booking is cancelled goes back on the board (docs/decisions/0061). */
emitter.on('booking:cancelled', async (event) => {
  const { default: FreightLifecycleService } =
    await import('#freight_board/services/freight_lifecycle_service')
  const board = await app.container.make(FreightLifecycleService)
  await board.reopenForCancelledBooking(event.bookingId)
})
