import type { ShipperBooking } from '@/types/booking'

/** A booking as GET /api/bookings/{id} sends it to its shipper (paid, Chicago to Detroit). */
export function makeBooking(overrides: Partial<ShipperBooking> = {}): ShipperBooking {
  const id = overrides.id ?? 7
  return {
    id,
    reference: `TRT-${String(id).padStart(3, '0')}`,
    status: 'booked',
    paymentStatus: 'paid',
    payoutStatus: 'pending',
    carrierName: 'Verified carrier #4821',
    carrier: null,
    paymentFailureMessage: null,
    paymentDueAt: null,
    carrierProfile: null,
    carrierVetting: null,
    pickupAddress: 'Chicago, IL',
    pickupCity: 'Chicago',
    pickupState: 'IL',
    pickupZip: null,
    deliveryAddress: 'Detroit, MI',
    deliveryCity: 'Detroit',
    deliveryState: 'MI',
    deliveryZip: '48201',
    numberOfPallets: 4,
    distance: 283.4,
    ratePerMilePerPallet: 2.5,
    totalAmount: 3089.06,
    priceBreakdown: { lineHaul: 2834, platformFee: 255.06, total: 3089.06 },
    pickupDate: '2025-06-12',
    deliveryDate: '2025-06-13',
    specialInstructions: null,
    listingId: 11,
    createdAt: '2025-06-01T12:00:00.000Z',
    deliveredAt: null,
    completedAt: null,
    cancelledAt: null,
    canCancel: true,
    canComplete: false,
    partner: null,
    ...overrides,
  }
}
