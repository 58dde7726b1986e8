import { api } from '@/lib/api-client'
import type { RequestOf, ResponseOf } from '@/types/api-contract'

export type BookQuoteInput = RequestOf<'/api/tms/quotes/{id}/book', 'post'>
export type BookedQuote = ResponseOf<'/api/tms/quotes/{id}/book', 'post', 201>

/**
 * POST /api/tms/quotes/{id}/book: a partner books the shipment and a booking awaits payment at
 * `payment_url`. 422 for a PalletLine Network quote or a bad pickup date, 409 expired, 502 the
 * partner could not book.
 */
export function bookQuote(quoteId: number, input: BookQuoteInput): Promise<BookedQuote> {
  return api.post<BookedQuote>(`/api/tms/quotes/${quoteId}/book`, input)
}
