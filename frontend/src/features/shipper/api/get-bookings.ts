import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { ShipperBooking } from '@/types/booking'

export type { BookingStatus, RevealedCarrier, ShipperBooking } from '@/types/booking'

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

/**
 * A carrier's status change reaches the list at once through the shipper's live notices (the
 * app layout's `LiveUpdates`, docs/decisions/0171); the 30-second poll is the fallback.
 */
export const BOOKINGS_REFRESH_MS = 30_000

export function useBookings() {
  return useSWR<ShipperBooking[]>(bookingsKey, getBookings, {
    refreshInterval: BOOKINGS_REFRESH_MS,
  })
}
