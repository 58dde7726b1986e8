/*
 * The carrier's paperwork at the dock: a proof of delivery signed by the consignee, uploaded
 * through the TMS's own upload service before the booking is marked delivered (a delivery
 * needs its POD on file, docs/decisions/0166).
 */
import type { DateTime } from 'luxon'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { bookingReference } from '#core/reference'
import type { DemoServices } from './context.js'

/** A one-page POD as a driver's scanning app would send it. */
async function podPdf(bookingId: number, signedAt: DateTime) {
  const pdf = await PDFDocument.create()
  const page = pdf.addPage([612, 792])
  const font = await pdf.embedFont(StandardFonts.Helvetica)
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold)
  const local = signedAt.setZone(BUSINESS_TIME_ZONE)
  page.drawText('PROOF OF DELIVERY', { x: 56, y: 720, size: 20, font: bold })
  const lines = [
    `Shipment ${bookingReference(bookingId)}`,
    `Signed ${local.toFormat('yyyy-MM-dd HH:mm')} (New York time)`,
    'Received in good order, pallet count as tendered.',
    'Consignee signature: on file',
  ]
  lines.forEach((line, i) => page.drawText(line, { x: 56, y: 680 - i * 22, size: 12, font }))
  return pdf.save()
}

/** The carrier uploads the booking's POD, signed at `signedAt`. */
export async function uploadProofOfDelivery(
  services: DemoServices,
  bookingId: number,
  carrierUserId: number,
  signedAt: DateTime
) {
  const parties = await services.bookingDocuments.parties(bookingId)
  if (!parties) throw new Error(`Demo plan: no booking ${bookingId} for its POD`)
  await services.documentHub.upload(
    parties,
    {
      docType: 'POD',
      stopNumber: 2,
      mimeType: 'application/pdf',
      extension: 'pdf',
      // The name the driver's scanning app gave the file: the Document Hub shows it (decision 0184).
      originalName: `POD ${bookingReference(bookingId)}.pdf`,
    },
    await podPdf(bookingId, signedAt),
    carrierUserId
  )
}

/**
 * The carrier accepts a paid booking's rate confirmation before its pickup, as the product asks
 * (docs/decisions/0226); seeded, so no IP or user agent is recorded.
 */
export async function acceptRateConfirmation(
  services: DemoServices,
  bookingId: number,
  carrierUserId: number,
  name: string
) {
  await services.rateConfirmations.accept(bookingId, {
    userId: carrierUserId,
    name,
    ip: null,
    userAgent: null,
  })
}
