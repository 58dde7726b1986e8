import useSWR from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

export type BookingStatus = components['schemas']['BookingStatus']

/** The choices of the carrier's status updater (docs/spec.md §4), in this order. */
export const CARRIER_STATUS_CHOICES = [
  'booked',
  'confirmed',
  'in_transit',
  'delivered',
  'delayed',
] as const satisfies readonly BookingStatus[]

/** A booking on one of the carrier's trucks, as the contract (docs/openapi.json) shapes it. */
export type CarrierBooking = components['schemas']['CarrierBooking']

export const carrierBookingsKey = '/api/carrier/bookings'

/** GET /api/carrier/bookings: every booking on the carrier's trucks, newest first. */
export function getCarrierBookings(): Promise<CarrierBooking[]> {
  return api.get<CarrierBooking[]>(carrierBookingsKey)
}

export function useCarrierBookings() {
  // Live notices refetch it at once (docs/decisions/0171); the 30-second poll is the fallback.
  return useSWR<CarrierBooking[]>(carrierBookingsKey, getCarrierBookings, {
    refreshInterval: 30_000,
  })
}
