/*
 * Plausible delivery histories for tests (docs/decisions/0166): a booking is delivered only
 * after its pickup day and with a proof of delivery on file, so tests that deliver one build
 * that history instead of skipping the rule.
 */
import app from '@adonisjs/core/services/app'
import type { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { businessDateColumn } from '#core/business_time'
import BookingDocumentsService from '#marketplace/services/booking_documents_service'
import DocumentHubService from '#tms/services/document_hub_service'

/** The smallest file the upload's sniffing takes for a PDF. */
export const POD_PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')

/**
 * A booking's dates for a truck already on the road as of `clock` (the wall clock unless
 * given): picked up yesterday, due today. Spread into `makeBooking`'s overrides.
 */
export function onTheRoad(clock: Clock = new Clock()): {
  pickupDate: DateTime
  deliveryDate: DateTime
} {
  return {
    pickupDate: businessDateColumn(clock, -1),
    deliveryDate: businessDateColumn(clock, 0),
  }
}

/** The carrier uploads a POD to the booking through the TMS's own upload service. */
export async function uploadProofOfDelivery(bookingId: number, carrierUserId: number) {
  const bookings = await app.container.make(BookingDocumentsService)
  const hub = await app.container.make(DocumentHubService)
  const parties = await bookings.parties(bookingId)
  if (!parties) throw new Error(`No booking ${bookingId} to upload a POD to`)
  return hub.upload(
    parties,
    { docType: 'POD', stopNumber: 2, mimeType: 'application/pdf', extension: 'pdf' },
    POD_PDF,
    carrierUserId
  )
}
