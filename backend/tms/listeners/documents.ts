/*
 * A booking's paperwork follows its status: paid (pending -> booked) issues the rate
 * confirmation (docs/decisions/0226) and the bill of lading, or queues a partner booking's
 * bill of lading for fetching; delivered renders the invoice's PDF.
 */
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import DocumentService from '#tms/services/document_service'
import BolFetchService from '#tms/services/bol_fetch_service'
import BookingDocumentsService from '#marketplace/services/booking_documents_service'

emitter.on('booking:status_changed', async (event) => {
  if (event.from !== 'pending' || event.to !== 'booked') return
  const facts = await (await app.container.make(BookingDocumentsService)).facts(event.bookingId)
  if (!facts) return
  if (facts.provider === 'internal') {
    await (await app.container.make(DocumentService)).issueBillOfLading(event.bookingId)
  } else {
    await (await app.container.make(BolFetchService)).enqueue(event.bookingId)
  }
})

// Its own listener, so a failure here never holds up the bill of lading (a read of the rate
// confirmation issues a missing one).
emitter.on('booking:status_changed', async (event) => {
  if (event.from !== 'pending' || event.to !== 'booked') return
  await (await app.container.make(DocumentService)).issueRateConfirmation(event.bookingId)
})

emitter.on('booking:delivered', async (event) => {
  const documents = await app.container.make(DocumentService)
  await documents.issueInvoicePdf(event.bookingId, event.at)
})
