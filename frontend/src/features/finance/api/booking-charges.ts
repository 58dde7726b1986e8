import useSWR, { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import type { components } from '@/types/api'

export type BookingCharges = components['schemas']['BookingCharges']
export type BookingCharge = components['schemas']['BookingCharge']
export type StopTimeInput = components['schemas']['StopTimeInput']
export type ChargeInput = components['schemas']['ChargeInput']
export type Accessorial = components['schemas']['Accessorial']
export type AccessorialList = components['schemas']['AccessorialList']

export const bookingChargesKey = (bookingId: number) => `/api/bookings/${bookingId}/charges`
export const ACCESSORIALS_KEY = '/api/accessorials'

/** GET /api/bookings/{id}/charges (`null` until a booking is chosen). */
export function useBookingCharges(bookingId: number | null) {
  return useSWR<BookingCharges>(
    bookingId == null ? null : bookingChargesKey(bookingId),
    (key: string) => api.get<BookingCharges>(key)
  )
}

/** GET /api/accessorials: the price list. */
export function useAccessorials() {
  return useSWR<AccessorialList>(ACCESSORIALS_KEY, (key: string) => api.get<AccessorialList>(key))
}

/** The carrier's evidence: check-in/out, accessorials, detention; each refreshes the booking's charges. */
export function useChargeActions(bookingId: number) {
  const { mutate } = useSWRConfig()
  const key = bookingChargesKey(bookingId)
  return {
    recordStop: async (input: StopTimeInput) => {
      const charges = await api.put<BookingCharges>(`/api/bookings/${bookingId}/stop-times`, input)
      await mutate(key, charges, { revalidate: false })
    },
    addCharge: async (input: ChargeInput) => {
      await api.post<BookingCharge>(`/api/bookings/${bookingId}/accessorials`, input)
      await mutate(key)
    },
    removeCharge: async (chargeId: number) => {
      await api.delete(`/api/bookings/${bookingId}/accessorials/${chargeId}`)
      await mutate(key)
    },
    addDetention: async (stop: 'PICKUP' | 'DELIVERY') => {
      await api.post<BookingCharge>(`/api/bookings/${bookingId}/detention`, { stop })
      await mutate(key)
    },
  }
}
