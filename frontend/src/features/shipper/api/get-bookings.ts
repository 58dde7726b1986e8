import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { CarrierProfile } from '@/features/shipper/api/get-carrier-profile'
import type { PriceBreakdown } from '@/features/shipper/api/search-listings'

export type BookingStatus =
  'pending' | 'booked' | 'confirmed' | 'in_transit' | 'delivered' | 'delayed' | 'cancelled'

/** The carrier's real identity, sent only once the booking is paid (SPEC point 1). */
export type RevealedCarrier = {
  companyName: string
  contactName: string | null
  email: string | null
  phone: string | null
  dotNumber: string | null
  mcNumber: string | null
}

/** A booking as its shipper sees it: the carrier stays anonymous until payment. */
export type ShipperBooking = {
  id: number
  reference: string
  /** Known statuses above; an unknown or missing one is shown as booked. */
  status: BookingStatus | (string & {}) | null
  paymentStatus: string | null
  payoutStatus: string | null
  /** The anonymous label until payment, then the carrier's company name. */
  carrierName: string
  /** null (or absent) until the booking is paid. */
  carrier?: RevealedCarrier | null
  /** The card provider's message for the last failed payment attempt. */
  paymentFailureMessage?: string | null
  /** ISO time the server cancels the booking if still unpaid; null (or absent) unless pending. */
  paymentDueAt?: string | null
  carrierProfile: CarrierProfile | null
  pickupAddress: string | null
  pickupCity: string | null
  pickupState: string | null
  pickupZip: string | null
  deliveryAddress: string | null
  deliveryCity: string | null
  deliveryState: string | null
  deliveryZip: string | null
  numberOfPallets: number
  distance: number | null
  ratePerMilePerPallet: number | null
  totalAmount: number | null
  priceBreakdown: PriceBreakdown
  /** `YYYY-MM-DD` */
  pickupDate: string | null
  /** `YYYY-MM-DD` */
  deliveryDate: string | null
  specialInstructions: string | null
  listingId: number | null
  createdAt: string | null
  deliveredAt: string | null
  completedAt: string | null
  cancelledAt: string | null
  canCancel: boolean
  canComplete: boolean
}

export const bookingsKey = '/api/bookings'

/** GET /api/bookings: the signed-in shipper's bookings, newest first. */
export function getBookings(): Promise<ShipperBooking[]> {
  return api.get<ShipperBooking[]>(bookingsKey)
}

/** The carrier as the shipper may name it: the company once paid, else the anonymous label. */
export function carrierDisplayName(booking: Pick<ShipperBooking, 'carrierName' | 'carrier'>) {
  return booking.carrier?.companyName || booking.carrierName
}

/** GET /api/bookings/{id}: one of the signed-in shipper's bookings. */
export function bookingKey(id: number | string) {
  return `/api/bookings/${encodeURIComponent(String(id))}`
}

export function getBooking(id: number | string): Promise<ShipperBooking> {
  return api.get<ShipperBooking>(bookingKey(id))
}

export function useBookings() {
  return useSWR<ShipperBooking[]>(bookingsKey, getBookings)
}
