import type {
  CarrierQuote,
  Confidence,
  QuoteInput,
  QuoteResult,
  QuoteScope,
  RateRecommender,
  ShipmentRateInput,
  ShipmentRater,
} from '../types.js'
import {
  COST_MODEL_SPREAD,
  costModelCents,
  etaHours,
  fuelRowFor,
  MIN_SAMPLES,
  NETWORK_CARRIER,
  NETWORK_FLATBED_ONLY,
  NETWORK_VALIDITY_HOURS,
  networkLineHaul,
  ltlClassFactor,
  percentile,
  widen,
} from './lane_model_math.js'
import {
  accessorialLines,
  carrierQuote,
  partnerQuoteIdOf,
  percentOf,
  performsAll,
  reliabilityOf,
  shipmentOf,
  transitDaysOf,
  validUntilOf,
} from './shipment_math.js'

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
 * and miles; where history is thin, the cost model with the fuel surcharge in force. As a
 * carrier in the TMS comparison, the network prices at the median, net of fuel, plus the
 * surcharge in force and the requested accessorials.
 */
export class LaneModelDriver implements RateRecommender, ShipmentRater {
  async quote(input: QuoteInput): Promise<QuoteResult> {
    const eta = etaHours(input.distanceMiles, input.mode)
    const fuel = fuelRowFor(input.fuel, input.pickupDate)
    const lane = {
      originPostal: input.origin.postal,
      destPostal: input.destination.postal,
      originState: input.origin.state,
      destState: input.destination.state,
    }
    const found = widen(lane, input.equipment, input.mode, input.history, input.pallets)
    // LTL is priced by its class (docs/decisions/0228); TL and expedited buy the truck's space.
    const ltl =
      input.mode === 'LTL' ? ltlClassFactor(input.weightLbs, input.pallets, input.dims) : null
    const byClass = (cents: number) => (ltl ? Math.round(cents * ltl.factor) : cents)
    const classWords = ltl
      ? `; class ${ltl.freightClass} at ${ltl.densityPcf} lb/cu ft prices at ${ltl.factor} x the standard pallet`
      : ''
    if (found) {
      const palletMiles = input.pallets * input.distanceMiles
      const cents = (p: number) =>
        byClass(Math.round(percentile(found.prices, p) * palletMiles * 100))
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
          description: `25th-75th percentile of ${found.prices.length} ${input.equipment} ${input.mode} shipments per pallet-mile on ${SCOPE_WORDS[found.scope]}${classWords}`,
          fuelIndexDate: null,
        },
      }
    }
    const fscPct = fuel?.fscPct ?? 0
    const midCents = byClass(costModelCents({ ...input, fscPct }))
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
          ? `Cost model: ${input.equipment} ${input.mode} per-mile rate with a ${fscPct}% fuel surcharge (diesel index of ${fuel.indexDate})${classWords}; too few comparable shipments on this lane`
          : `Cost model: ${input.equipment} ${input.mode} per-mile rate, no fuel index on file${classWords}; too few comparable shipments on this lane`,
        fuelIndexDate: fuel?.indexDate ?? null,
      },
    }
  }

  async rateShipment(input: ShipmentRateInput): Promise<CarrierQuote[]> {
    const shipment = shipmentOf(input)
    const onFlatbed = shipment.equipment === 'FLATBED'
    if (!onFlatbed && !performsAll(shipment, NETWORK_FLATBED_ONLY)) return []
    const fuel = fuelRowFor(input.fuel, shipment.pickupDay)
    const fscPct = fuel?.fscPct ?? 0
    const lineHaul = networkLineHaul({
      lane: {
        originPostal: input.origin.postal,
        destPostal: input.destination.postal,
        originState: input.origin.state,
        destState: input.destination.state,
      },
      distanceMiles: shipment.distanceMiles,
      equipment: shipment.equipment,
      mode: shipment.mode,
      pallets: shipment.pallets,
      weightLbs: shipment.weightLbs,
      fscPct,
      history: input.history,
    })
    const serviceLevel = shipment.mode === 'EXP' ? 'EXPEDITED' : 'STANDARD'
    return [
      carrierQuote({
        carrier: NETWORK_CARRIER.name,
        carrierKey: NETWORK_CARRIER.key,
        mode: shipment.mode,
        serviceLevel,
        transitDays: transitDaysOf(etaHours(shipment.distanceMiles, shipment.mode)),
        reliability: reliabilityOf(input.reliability[NETWORK_CARRIER.key]),
        lineItems: [
          {
            code: 'LINEHAUL',
            description:
              lineHaul.scope === null
                ? `Line haul: cost model, ${shipment.equipment} ${shipment.mode} per-mile rate for ${shipment.pallets} pallet(s), ${shipment.weightLbs} lb`
                : `Line haul: median of ${lineHaul.samples} ${shipment.equipment} ${shipment.mode} shipments per pallet-mile on ${SCOPE_WORDS[lineHaul.scope]}, net of fuel`,
            amountCents: lineHaul.cents,
          },
          {
            code: 'FSC',
            description: fuel
              ? `Fuel surcharge ${fscPct}% of line haul (diesel index of ${fuel.indexDate})`
              : 'Fuel surcharge: no fuel index on file',
            amountCents: percentOf(lineHaul.cents, fscPct),
          },
          ...accessorialLines(shipment),
        ],
        validUntil: validUntilOf(shipment.now, NETWORK_VALIDITY_HOURS),
        partnerQuoteId: partnerQuoteIdOf(
          NETWORK_CARRIER.idPrefix,
          shipment,
          NETWORK_CARRIER.key,
          serviceLevel
        ),
      }),
    ]
  }
}
