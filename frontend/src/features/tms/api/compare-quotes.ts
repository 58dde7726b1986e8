import { api } from '@/lib/api-client'
import type { RequestOf, ResponseOf } from '@/types/api-contract'

export type QuoteRequest = RequestOf<'/api/tms/quotes', 'post'>
export type QuoteComparison = ResponseOf<'/api/tms/quotes', 'post'>
export type TmsQuote = QuoteComparison['quotes'][number]
export type QuoteMode = NonNullable<QuoteRequest['mode']>

export const compareQuotesPath = '/api/tms/quotes'

/**
 * POST /api/tms/quotes: every provider's quote for one shipment, and the providers that did not
 * answer in time (`unavailable`). 422 with field errors on `origin.postal`, `destination.postal`,
 * `weight_lbs`, `mode`. A comparison is a question asked on demand, so it has no SWR key.
 */
export function compareQuotes(input: QuoteRequest): Promise<QuoteComparison> {
  return api.post<QuoteComparison>(compareQuotesPath, input)
}
