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

/** The reason an admin gives for a reveal: 10 to 500 characters (docs/decisions/0186). */
export const REVEAL_REASON_MIN = 10
export const REVEAL_REASON_MAX = 500

/**
 * POST /api/admin/bookings/{id}/reveal-carrier: shows one carrier on purpose, logged with the
 * admin's reason on every call.
 */
export function revealCarrier(bookingId: number, reason: string): Promise<RevealedCarrier> {
  return api.post<RevealedCarrier>(
    `/api/admin/bookings/${encodeURIComponent(String(bookingId))}/reveal-carrier`,
    { reason }
  )
}
