import { useCallback, useState } from 'react'
import { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency'
import { bookingsKey, getBookings, type ShipperBooking } from '@/features/shipper/api/get-bookings'
import {
  dashboardMetricsKey,
  getDashboardMetrics,
} from '@/features/shipper/api/get-dashboard-metrics'
import { refresh } from '@/features/shipper/api/refresh'
import type { BookingFreightInput } from '@/lib/booking-freight'

/** What the shipper chooses; the server geocodes, measures and prices it itself. */
export type CreateBookingInput = {
  listingId: number
  pickupAddress: string
  deliveryAddress: string
  numberOfPallets: number
  /** `YYYY-MM-DD` */
  pickupDate: string
  /** `YYYY-MM-DD` */
  deliveryDate: string
  specialInstructions?: string
  /** accessorial codes asked for with the booking */
  accessorials?: string[]
  /** the freight's total weight; with `freight`, empty is 1,000 lb a pallet */
  weightLbs?: number | null
  freight?: BookingFreightInput
}

/**
 * POST /api/bookings: reserves the pallets; the booking starts pending payment. The key makes a
 * retry of the same submission return the first booking instead of booking twice.
 */
export function createBooking(
  input: CreateBookingInput,
  idempotencyKey?: string
): Promise<ShipperBooking> {
  return api.post<ShipperBooking>(bookingsKey, input, {
    headers: idempotencyKey ? { [IDEMPOTENCY_HEADER]: idempotencyKey } : {},
  })
}

/** Create a booking, then revalidate the bookings list and the dashboard figures. */
export function useCreateBooking() {
  const swr = useSWRConfig()
  const [isCreating, setIsCreating] = useState(false)

  const create = useCallback(
    async (input: CreateBookingInput, idempotencyKey?: string) => {
      setIsCreating(true)
      try {
        const booking = await createBooking(input, idempotencyKey)
        void refresh(swr, bookingsKey, getBookings)
        void refresh(swr, dashboardMetricsKey, getDashboardMetrics)
        return booking
      } finally {
        setIsCreating(false)
      }
    },
    [swr]
  )

  return { create, isCreating }
}
