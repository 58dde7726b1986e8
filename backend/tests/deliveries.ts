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

/** The smallest bytes the upload checks take for a PNG photo. */
export const PHOTO_PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('crushed pallet'),
])

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

/**
 * The carrier accepts the booking's rate confirmation (issued now if the booking was made
 * paid by a factory), as a pickup needs (docs/decisions/0226).
 */
export async function acceptRateConfirmation(bookingId: number, carrierUserId: number) {
  const { default: RateConfirmationService } =
    await import('#marketplace/services/rate_confirmation_service')
  const confirmations = await app.container.make(RateConfirmationService)
  return confirmations.accept(bookingId, {
    userId: carrierUserId,
    name: 'Test Carrier',
    ip: '127.0.0.1',
    userAgent: 'japa',
  })
}
