import useSWR from 'swr'
import { api } from '@/lib/api-client'

export type BookingStatus =
  'pending' | 'booked' | 'confirmed' | 'in_transit' | 'delivered' | 'delayed' | 'cancelled'

/** The choices of the carrier's status updater (SPEC point 4), in this order. */
export const CARRIER_STATUS_CHOICES = [
  'booked',
  'confirmed',
  'in_transit',
  'delivered',
  'delayed',
] as const satisfies readonly BookingStatus[]

export type CarrierBooking = {
  id: number
  reference: string
  status: BookingStatus
  paymentStatus: string
  payoutStatus: string
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
  pickupDate: string | null
  deliveryDate: string | null
  expectedDeliveryDate: string | null
  specialInstructions: string | null
  listingId: number | null
  truckId: number | null
  shipper: {
    firstName: string | null
    lastName: string | null
    email: string
    phone: string | null
  } | null
  deliveredAt: string | null
  completedAt: string | null
  cancelledAt: string | null
  createdAt: string
  /** Next statuses the carrier may choose, from the server's status machine. */
  allowedStatuses: string[]
}

export const carrierBookingsKey = '/api/carrier/bookings'

/** GET /api/carrier/bookings: every booking on the carrier's trucks, newest first. */
export function getCarrierBookings(): Promise<CarrierBooking[]> {
  return api.get<CarrierBooking[]>(carrierBookingsKey)
}

export function useCarrierBookings() {
  return useSWR<CarrierBooking[]>(carrierBookingsKey, getCarrierBookings)
}
