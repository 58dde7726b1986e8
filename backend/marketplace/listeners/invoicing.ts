/* Listeners of marketplace events: a delivered booking gets its invoice (exactly once). */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import InvoiceService from '#marketplace/services/invoice_service'

emitter.on('booking:delivered', async (event) => {
  const invoices = await app.container.make(InvoiceService)
  await invoices.invoiceDelivery(event.bookingId, event.at)
})
