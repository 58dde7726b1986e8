/**
 * Pure pieces of the TMS rate comparison (docs/decisions/0082): the per-provider timeout, the
 * wire shape of a quote, what is stored for it and how long a whole answer may be reused.
 */
import type { CarrierQuote } from '#plugins/rate_quoting/main'
import { fromCents } from '#core/money'

export type ProviderOutcome =
  | { provider: string; ok: true; quotes: CarrierQuote[] }
  | { provider: string; ok: false; reason: string }

/** A quote on the wire: dollars with two decimals, snake_case as docs/spec.md §7 names it. */
export type WireQuote = {
  id: number
  carrier: string
  mode: CarrierQuote['mode']
  service_level: CarrierQuote['serviceLevel']
  transit_days: number
  reliability: number
  total: number
  line_items: { code: string; amount: number }[]
  valid_until: string
  provider: string
}

export type Unavailable = { provider: string; reason: string }

export type ComparisonAnswer = { quotes: WireQuote[]; unavailable: Unavailable[] }

/** How long a timeout reads in a note: "3 s", "250 ms". */
export function durationText(ms: number): string {
  return ms >= 1000 && ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`
}

/**
 * One provider's quotes, or why there are none: it failed, or it did not answer within
 * `timeoutMs` (its late answer is dropped; the timer never outlives the race).
 */
export async function askWithTimeout(
  provider: string,
  ask: () => Promise<CarrierQuote[]>,
  timeoutMs: number
): Promise<ProviderOutcome> {
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<ProviderOutcome>((resolve) => {
    timer = setTimeout(
      () => resolve({ provider, ok: false, reason: `No answer within ${durationText(timeoutMs)}` }),
      timeoutMs
    )
  })
  const answered = Promise.resolve()
    .then(ask)
    .then(
      (quotes): ProviderOutcome => ({ provider, ok: true, quotes }),
      (): ProviderOutcome => ({ provider, ok: false, reason: 'The provider failed to answer' })
    )
  try {
    return await Promise.race([answered, timedOut])
  } finally {
    clearTimeout(timer)
  }
}

/** The line haul and everything else but the fuel surcharge (external_quotes.base_total). */
export function baseTotalCents(quote: Pick<CarrierQuote, 'lineItems'>): number {
  return quote.lineItems.filter((l) => l.code !== 'FSC').reduce((s, l) => s + l.amountCents, 0)
}

export function wireQuote(id: number, provider: string, quote: CarrierQuote): WireQuote {
  return {
    id,
    carrier: quote.carrier,
    mode: quote.mode,
    service_level: quote.serviceLevel,
    transit_days: quote.transitDays,
    reliability: quote.reliability,
    total: fromCents(quote.totalCents),
    line_items: quote.lineItems.map((l) => ({ code: l.code, amount: fromCents(l.amountCents) })),
    valid_until: new Date(quote.validUntil).toISOString(),
    provider,
  }
}

/**
 * Until when an answer may be served again: `lifetimeSeconds` after `now`, never past the
 * earliest quote's validity; null when it must not be kept (a provider did not answer, so the
 * next ask should try it again).
 */
export function cacheUntil(
  nowMs: number,
  answer: ComparisonAnswer,
  lifetimeSeconds: number
): number | null {
  if (answer.unavailable.length > 0 || lifetimeSeconds <= 0) return null
  const limits = [
    nowMs + lifetimeSeconds * 1000,
    ...answer.quotes.map((q) => Date.parse(q.valid_until)),
  ]
  const until = Math.min(...limits)
  return until > nowMs ? until : null
}

/** The partner's idempotency key for booking a quote: one per quote and shipper. */
export function bookingKeyOf(quoteId: number, userId: number): string {
  return `tms-quote-${quoteId}-user-${userId}`
}

/**
 * The one rule that says which partner_carriers driver books a comparison driver's quotes
 * (docs/decisions/0180): the driver `bookWith` names for it (backend/config/tms.ts), else the
 * partner driver registered under the rating driver's own name, else none (the network's own
 * quotes, booked from Search). The answer is stored with each quote when it is made.
 */
export function bookingPartnerOf(
  ratingDriver: string,
  bookWith: Record<string, string>,
  isPartnerDriver: (name: string) => boolean
): string | null {
  if (Object.hasOwn(bookWith, ratingDriver)) return bookWith[ratingDriver]
  return isPartnerDriver(ratingDriver) ? ratingDriver : null
}
