/*
 * Listeners of the payments module: a paid booking cancelled before pickup is refunded in
 * full through the provider (docs/decisions/0042), and a completed booking releases the
 * carrier's payout at once (docs/decisions/0043).
 */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import logger from '@adonisjs/core/services/logger'

emitter.on('booking:cancelled', async (event) => {
  const { default: RefundService } = await import('#payments/services/refund_service')
  const refunds = await app.container.make(RefundService)
  await refunds.refundCancelled(event.bookingId)
})

emitter.on('booking:completed', async (event) => {
  const { default: PayoutService } = await import('#payments/services/payout_service')
  const payouts = await app.container.make(PayoutService)
  try {
    await payouts.releaseCompleted(event.bookingId)
  } catch (error) {
    // The release run retries whatever this attempt left undone.
    logger.error({ err: error, bookingId: event.bookingId }, 'payout release on completion failed')
  }
})
