import { api } from '@/lib/api-client'
import { IDEMPOTENCY_HEADER } from '@/lib/idempotency'
import type { ResponseOf } from '@/types/api-contract'

/** A booking's quick-pay quote: the payout, the fee and what is paid now, or why not (0222). */
export type QuickPayQuote = ResponseOf<'/api/carrier/bookings/{id}/quick-pay', 'get'>

/** What a quick pay did: the transfer's outcome and the quote as it stands after. */
export type QuickPayResult = ResponseOf<'/api/carrier/bookings/{id}/quick-pay', 'post'>

export const quickPayPath = (bookingId: number) => `/api/carrier/bookings/${bookingId}/quick-pay`

/**
 * POST /api/carrier/bookings/:id/quick-pay: takes the delivered booking's payout now, for the
 * fee (decision 0222). One key per confirmation: a retry after a lost answer gets the first
 * answer instead of acting twice (and the server pays a booking once whatever the keys).
 */
export function takeQuickPay(bookingId: number, idempotencyKey: string): Promise<QuickPayResult> {
  return api.post<QuickPayResult>(quickPayPath(bookingId), undefined, {
    headers: { [IDEMPOTENCY_HEADER]: idempotencyKey },
  })
}
