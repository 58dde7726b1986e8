import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { transaction } from '#core/transactions'
import type { Infer } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import geocoding from '#plugins/geocoding/services/main'
import rateQuoting from '#plugins/rate_quoting/services/main'
import partnerCarriers from '#plugins/partner_carriers/services/main'
import {
  assertBalanced,
  requestHashOf,
  type AccessorialPrice,
  type CarrierQuote,
  type FuelRow,
  type LaneSample,
  type ShipmentRateInput,
} from '#plugins/rate_quoting/main'
import { CENSUS_REGIONS, regionOf } from '#plugins/rate_quoting/drivers/lane_model_math'
import { Clock } from '#core/clock'
import { roadMiles } from '#core/geo'
import { sqlTimestamp } from '#core/timestamps'
import { toCents } from '#core/money'
import { validationError, type FieldError } from '#core/validation'
import LaneHistoryService from '#marketplace/services/lane_history_service'
import PartnerBookingService from '#marketplace/services/partner_booking_service'
import ExternalQuote from '#tms/models/external_quote'
import RateCache from '#tms/models/rate_cache'
import type { quoteRequestValidator } from '#tms/validators/quote'
import type { TmsConfig } from '#config/tms'
import {
  askWithTimeout,
  baseTotalCents,
  bookingPartnerOf,
  cacheUntil,
  wireQuote,
  type ComparisonAnswer,
  type ProviderOutcome,
} from '#tms/services/quote_math'
import { LOAD_DEFAULTS } from '#core/load_rules'

export type QuoteRequest = Infer<typeof quoteRequestValidator>

/** docs/spec.md §2's defaults for the rate form; the weight is a load's (docs/decisions/0201). */
export const QUOTE_DEFAULTS = { mode: 'LTL' as const, weightLbs: LOAD_DEFAULTS.weightLbs }

/** A placed stop, as stored with each quote so a booking needs no second geocoding. */
export type QuoteStop = { postal: string; city: string; state: string; lat: number; lng: number }

/** What external_quotes.response holds: the carrier's quote and the shipment it prices. */
export type StoredQuote = {
  quote: CarrierQuote
  shipment: {
    origin: QuoteStop
    destination: QuoteStop
    distanceMiles: number
    mode: CarrierQuote['mode']
    weightLbs: number
  }
}

function regionStates(state: string): string[] {
  const region = regionOf(state)
  return region ? CENSUS_REGIONS[region] : [state]
}

/** A date column as `YYYY-MM-DD` whichever way the driver returns it. */
function dayOf(value: unknown): string {
  if (DateTime.isDateTime(value)) return value.toISODate()!
  if (value instanceof Date) return DateTime.fromJSDate(value).toISODate()!
  return String(value).slice(0, 10)
}

/**
 * The TMS rate comparison (docs/decisions/0070, 0082): places both postal codes offline, asks
 * every comparison driver of the rate_quoting plugin in parallel under its own timeout, keeps
 * each quote in external_quotes (so it can be booked while valid) and the whole answer in
 * rates_cache for a short while.
 */
@inject()
export default class QuoteService {
  constructor(
    private clock: Clock,
    private laneHistory: LaneHistoryService,
    private partnerBookings: PartnerBookingService
  ) {}

  private config(): TmsConfig {
    return app.config.get<TmsConfig>('tms')
  }

  async compare(userId: number, form: QuoteRequest): Promise<ComparisonAnswer> {
    const mode = form.mode ?? QUOTE_DEFAULTS.mode
    const weightLbs = form.weight_lbs ?? QUOTE_DEFAULTS.weightLbs
    const [origin, destination] = await this.placeBoth(form)
    // Whole seconds: every database keeps the validity it derives exactly as the wire shows it.
    const now = this.clock.now().startOf('second')
    const distanceMiles = roadMiles(
      { latitude: origin.lat, longitude: origin.lng },
      { latitude: destination.lat, longitude: destination.lng }
    )
    const [fuel, accessorials, history, reliability] = await Promise.all([
      this.fuelRows(),
      this.accessorials(),
      this.history(origin.state, destination.state),
      this.partnerBookings.onTimeRecords(),
    ])
    const input: ShipmentRateInput = {
      origin: { postal: origin.postal, lat: origin.lat, lng: origin.lng, state: origin.state },
      destination: {
        postal: destination.postal,
        lat: destination.lat,
        lng: destination.lng,
        state: destination.state,
      },
      distanceMiles,
      mode,
      weightLbs,
      pickupDate: null,
      now: now.toUTC().toISO()!,
      fuel,
      accessorials,
      history,
      reliability,
    }
    const requestHash = requestHashOf(input)
    const cacheKey = `tms-quotes:${userId}:${requestHash}`
    const cached = await RateCache.query()
      .where('cacheKey', cacheKey)
      .where('expiresAt', '>', sqlTimestamp(now, db.connection()))
      .first()
    if (cached) return cached.response as ComparisonAnswer

    const { quoteTimeoutMs, quoteCacheSeconds } = this.config()
    const outcomes = await Promise.all(
      rateQuoting
        .comparison()
        .map((provider) =>
          askWithTimeout(provider, () => rateQuoting.rateShipment(provider, input), quoteTimeoutMs)
        )
    )
    const shipment = { origin, destination, distanceMiles, mode, weightLbs }
    const answer = await this.store(userId, requestHash, outcomes, shipment)
    const until = cacheUntil(now.toMillis(), answer, quoteCacheSeconds)
    if (until !== null) await this.cache(cacheKey, answer, DateTime.fromMillis(until), now)
    return answer
  }

  /** Each quote in external_quotes (its id is the quote's id), in the providers' order. */
  private async store(
    userId: number,
    requestHash: string,
    outcomes: ProviderOutcome[],
    shipment: StoredQuote['shipment']
  ): Promise<ComparisonAnswer> {
    const answer: ComparisonAnswer = { quotes: [], unavailable: [] }
    const { bookWith } = this.config()
    await transaction(async (trx) => {
      for (const outcome of outcomes) {
        if (!outcome.ok) {
          answer.unavailable.push({ provider: outcome.provider, reason: outcome.reason })
          continue
        }
        const balanced = outcome.quotes.filter((quote) => {
          try {
            assertBalanced(quote)
            return true
          } catch {
            return false
          }
        })
        if (balanced.length < outcome.quotes.length) {
          answer.unavailable.push({
            provider: outcome.provider,
            reason: 'The provider answered a quote whose line items do not add up',
          })
        }
        const bookedBy = bookingPartnerOf(outcome.provider, bookWith, (name) =>
          partnerCarriers.has(name)
        )
        for (const quote of balanced) {
          const stored: StoredQuote = { quote, shipment }
          const row = await ExternalQuote.create(
            {
              provider: outcome.provider,
              requestHash,
              userId,
              carrierKey: quote.carrierKey,
              serviceLevel: quote.serviceLevel,
              partnerQuoteId: quote.partnerQuoteId,
              bookedBy,
              validUntil: DateTime.fromISO(quote.validUntil),
              response: stored,
              baseTotal: baseTotalCents(quote) / 100,
              totalWithSurcharge: quote.totalCents / 100,
            },
            { client: trx }
          )
          answer.quotes.push(wireQuote(row.id, outcome.provider, quote))
        }
      }
    })
    return answer
  }

  private async cache(key: string, answer: ComparisonAnswer, until: DateTime, now: DateTime) {
    try {
      await transaction(async (trx) => {
        // Expired answers go as new ones come (indexed on expires_at), so the table stays small.
        await trx.from('rates_cache').where('expires_at', '<=', sqlTimestamp(now, trx)).delete()
        await trx.from('rates_cache').where('cache_key', key).delete()
        await RateCache.create(
          { cacheKey: key, response: answer, expiresAt: until },
          { client: trx }
        )
      })
    } catch {
      // Two identical comparisons at once: the other one's answer is cached; ours was served.
    }
  }

  /** Both postal codes placed by the offline geocoder, or a 422 on each one it does not know. */
  private async placeBoth(form: QuoteRequest): Promise<[QuoteStop, QuoteStop]> {
    const [origin, destination] = await Promise.all([
      this.place(form.origin.postal, 'origin'),
      this.place(form.destination.postal, 'destination'),
    ])
    const errors = [origin, destination].filter((p): p is FieldError => 'field' in p)
    if (errors.length > 0) throw validationError(errors)
    return [origin as QuoteStop, destination as QuoteStop]
  }

  private async place(
    postal: string,
    field: 'origin' | 'destination'
  ): Promise<QuoteStop | FieldError> {
    const notFound: FieldError = {
      field: `${field}.postal`,
      message:
        field === 'origin' ? 'Origin postal code not found' : 'Destination postal code not found',
      rule: 'postalFound',
    }
    const zip = postal.trim()
    if (!/^\d{5}(-\d{4})?$/.test(zip)) return notFound
    const result = await geocoding.geocode(zip.slice(0, 5))
    if (!result.ok) return notFound
    return {
      postal: zip.slice(0, 5),
      city: result.place.city,
      state: result.place.state.toUpperCase(),
      lat: result.place.latitude,
      lng: result.place.longitude,
    }
  }

  /** The weekly fuel index, oldest first (finance's reference table, read only; its percent is stored). */
  private async fuelRows(): Promise<FuelRow[]> {
    const rows = await db
      .from('fuel_indices')
      .select('index_date', 'fsc_pct', 'diesel_price')
      .orderBy('index_date', 'asc')
    return rows.map((row) => ({
      indexDate: dayOf(row.index_date),
      fscPct: Number(row.fsc_pct),
      dieselPrice: row.diesel_price === null ? null : Number(row.diesel_price),
    }))
  }

  /** accessorials_master, its dollar prices in cents. */
  private async accessorials(): Promise<AccessorialPrice[]> {
    const rows = await db
      .from('accessorials_master')
      .select('code', 'description', 'default_price')
      .orderBy('code', 'asc')
    return rows.map((row) => ({
      code: row.code,
      description: row.description,
      defaultPriceCents: toCents(row.default_price),
    }))
  }

  /** The network's priced history on the lane's census regions (lane_model reads it). */
  private async history(originState: string, destState: string): Promise<LaneSample[]> {
    const samples = await this.laneHistory.samples(
      regionStates(originState),
      regionStates(destState)
    )
    return samples.map((s) => ({ ...s, mode: 'TL' as const }))
  }
}
