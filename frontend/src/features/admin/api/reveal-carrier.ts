import { api } from '@/lib/api-client'

export type RevealedCarrier = {
  bookingId: number
  carrier: {
    companyName: string
    contactName: string | null
    email: string
    phone: string | null
    dotNumber: string | null
    mcNumber: string | null
  }
}

/** POST /api/admin/bookings/{id}/reveal-carrier: shows one carrier on purpose, logged once. */
export function revealCarrier(bookingId: number): Promise<RevealedCarrier> {
  return api.post<RevealedCarrier>(
    `/api/admin/bookings/${encodeURIComponent(String(bookingId))}/reveal-carrier`
  )
}
