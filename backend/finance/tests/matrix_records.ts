/* Finance's records for the route authorization matrix: an issued invoice and a carrier's charge. */
import { DateTime } from 'luxon'
import AdvancedInvoice from '#finance/models/advanced_invoice'
import BookingAccessorial from '#finance/models/booking_accessorial'

export async function financeMatrixRecords(booking: {
  id: number
  shipperId: number
  carrierId: number | null
}) {
  const invoice = await AdvancedInvoice.create({
    shipmentId: booking.id,
    shipperId: booking.shipperId,
    carrierId: booking.carrierId,
    currency: 'USD',
    amount: 100,
    items: [],
    status: 'ISSUED',
    kind: 'CARRIER',
    flagged: true,
    createdAt: DateTime.now(),
  })
  const charge = await BookingAccessorial.create({
    bookingId: booking.id,
    code: 'LIFTGATE',
    description: 'Liftgate',
    quantity: 1,
    unitPrice: 75,
    amount: 75,
    source: 'CARRIER',
    note: 'Matrix charge',
    createdAt: DateTime.now(),
  })
  return { invoice, charge }
}

/** Bodies of finance's id routes that would succeed if nothing refused them. */
export function financeMatrixBodies(documentId: number): Record<string, Record<string, unknown>> {
  return {
    'PUT /api/bookings/:id/stop-times': {
      stop: 'DELIVERY',
      arrivedAt: DateTime.now().minus({ hours: 4 }).toISO(),
      departedAt: DateTime.now().minus({ hours: 1 }).toISO(),
    },
    'POST /api/bookings/:id/accessorials': {
      code: 'LIFTGATE',
      note: 'Matrix liftgate',
      documentId,
    },
    'POST /api/bookings/:id/detention': { stop: 'DELIVERY' },
    'POST /api/advanced-invoices/:id/decision': { decision: 'ACCEPTED' },
    'PUT /api/admin/finance/accessorials/:code': { description: 'Matrix', defaultPrice: 1 },
    'POST /api/admin/finance/bookings/:id/partner-invoice': {
      lines: [{ code: 'LINEHAUL', description: 'Matrix', quantity: 1, unitPrice: 1 }],
    },
  }
}
