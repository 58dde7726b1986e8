import type {
  Confidence,
  QuoteInput,
  QuoteResult,
  QuoteScope,
  RateQuotingDriver,
} from '../types.js'
import {
  COST_MODEL_SPREAD,
  costModelCents,
  etaHours,
  fuelRowFor,
  MIN_SAMPLES,
  percentile,
  widen,
} from './lane_model_math.js'

const SCOPE_WORDS: Record<QuoteScope, string> = {
  zip3: 'the same 3-digit origin and destination ZIP areas',
  state: 'the same origin and destination states',
  region: 'the same origin and destination census regions',
}

/** How far to trust a range: narrow lanes with many samples most. */
function confidenceOf(scope: QuoteScope, size: number): Confidence {
  if (scope === 'zip3') return 'high'
  if (scope === 'state') return size >= 2 * MIN_SAMPLES.state ? 'high' : 'medium'
  return size >= 2 * MIN_SAMPLES.region ? 'medium' : 'low'
}

/**
 * The platform's own market: the middle half (25th, 50th, 75th percentiles) of comparable
 * prices per pallet-mile on the narrowest lane with enough samples, times this load's pallets
 * and miles; where history is thin, the cost model with the fuel surcharge in force.
 */
export class LaneModelDriver implements RateQuotingDriver {
  async quote(input: QuoteInput): Promise<QuoteResult> {
    const eta = etaHours(input.distanceMiles, input.mode)
    const fuel = fuelRowFor(input.fuel, input.pickupDate)
    const lane = {
      originPostal: input.origin.postal,
      destPostal: input.destination.postal,
      originState: input.origin.state,
      destState: input.destination.state,
    }
    const found = widen(lane, input.equipment, input.mode, input.history)
    if (found) {
      const palletMiles = input.pallets * input.distanceMiles
      const cents = (p: number) => Math.round(percentile(found.prices, p) * palletMiles * 100)
      return {
        lowCents: cents(0.25),
        midCents: cents(0.5),
        highCents: cents(0.75),
        etaHours: eta,
        sampleSize: found.prices.length,
        confidence: confidenceOf(found.scope, found.prices.length),
        basis: {
          method: 'lane_history',
          scope: found.scope,
          description: `25th-75th percentile of ${found.prices.length} ${input.equipment} ${input.mode} shipments per pallet-mile on ${SCOPE_WORDS[found.scope]}`,
          fuelIndexDate: null,
        },
      }
    }
    const fscPct = fuel?.fscPct ?? 0
    const midCents = costModelCents({ ...input, fscPct })
    return {
      lowCents: Math.round(midCents * (1 - COST_MODEL_SPREAD)),
      midCents,
      highCents: Math.round(midCents * (1 + COST_MODEL_SPREAD)),
      etaHours: eta,
      sampleSize: 0,
      confidence: 'low',
      basis: {
        method: 'cost_model',
        scope: null,
        description: fuel
          ? `Cost model: ${input.equipment} ${input.mode} per-mile rate with a ${fscPct}% fuel surcharge (diesel index of ${fuel.indexDate}); too few comparable shipments on this lane`
          : `Cost model: ${input.equipment} ${input.mode} per-mile rate, no fuel index on file; too few comparable shipments on this lane`,
        fuelIndexDate: fuel?.indexDate ?? null,
      },
    }
  }
}
