/*
 * Listeners of the payments module: a paid booking cancelled before pickup is refunded in
 * full through the provider (docs/decisions/0042).
 */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'

emitter.on('booking:cancelled', async (event) => {
  const { default: PaymentService } = await import('#payments/services/payment_service')
  const payments = await app.container.make(PaymentService)
  await payments.refundCancelled(event.bookingId)
})
