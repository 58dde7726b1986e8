/**
 * The tariff of Lakeshore Freight LTL, a fictional less-than-truckload partner simulated by
 * the `ltl_partner` driver (docs/decisions/0070): a base rate per hundredweight by NMFC
 * density class and distance band, a 65 % tariff discount, a minimum charge, its own fuel
 * surcharge schedule on the diesel price, and a guaranteed service at a 30 % premium.
 */
import type { FuelRow, QuoteLineItem, ServiceLevel } from '../types.js'
import { densityClass, type FreightClass } from './nmfc.js'
import {
  accessorialLines,
  usd,
  densityPcf,
  dieselCentsOf,
  percentOf,
  type Shipment,
} from './shipment_math.js'

export const LTL_CARRIER = { name: 'Lakeshore Freight LTL', key: 'lakeshore', idPrefix: 'LFL' }

/** Class 50 rate, cents per hundredweight, and tariff transit days, by distance band. */
export const LTL_DISTANCE_BANDS: readonly {
  upToMiles: number
  class50CentsPerCwt: number
  transitDays: number
}[] = [
  { upToMiles: 250, class50CentsPerCwt: 38_00, transitDays: 1 },
  { upToMiles: 500, class50CentsPerCwt: 45_00, transitDays: 2 },
  { upToMiles: 1000, class50CentsPerCwt: 58_00, transitDays: 3 },
  { upToMiles: 1500, class50CentsPerCwt: 72_00, transitDays: 4 },
  { upToMiles: 2000, class50CentsPerCwt: 84_00, transitDays: 5 },
  { upToMiles: Infinity, class50CentsPerCwt: 96_00, transitDays: 6 },
]

/** Each class's rate as a percentage of the class 50 rate. */
export const LTL_CLASS_PERCENT: Record<FreightClass, number> = {
  50: 100,
  55: 108,
  60: 116,
  65: 124,
  70: 130,
  85: 155,
  92.5: 168,
  100: 185,
  125: 225,
  175: 295,
  250: 390,
  300: 460,
  400: 580,
}

export const LTL_DISCOUNT_PCT = 65
/** The least the line haul comes to after the discount. */
export const LTL_MINIMUM_CHARGE_CENTS = 135_00
/** Guaranteed service: a premium on the discounted line haul. */
export const LTL_GUARANTEED_PCT = 30
/** Heavier or bigger shipments are volume or truckload freight, not rated by this tariff. */
export const LTL_MAX_WEIGHT_LBS = 12_000
export const LTL_MAX_PALLETS = 12
/** Accessorials the partner does not perform: its fleet is dry vans. */
export const LTL_NOT_PERFORMED = ['TARP'] as const
/** A tariff price holds for a week (the fuel index is weekly). */
export const LTL_VALIDITY_HOURS = 7 * 24

/** Fuel surcharge schedule: none at or below $1.20 a gallon, then 0.5 % per full $0.05 above. */
export const LTL_FSC_BASE_CENTS = 120
export const LTL_FSC_STEP_CENTS = 5
export const LTL_FSC_PCT_PER_STEP = 0.5

export function ltlFuelSurchargePct(dieselCents: number | null): number {
  if (dieselCents === null || dieselCents <= LTL_FSC_BASE_CENTS) return 0
  return Math.floor((dieselCents - LTL_FSC_BASE_CENTS) / LTL_FSC_STEP_CENTS) * LTL_FSC_PCT_PER_STEP
}

export function ltlBand(distanceMiles: number) {
  return LTL_DISTANCE_BANDS.find((band) => distanceMiles <= band.upToMiles)!
}

export function ltlRatePerCwtCents(freightClass: FreightClass, distanceMiles: number): number {
  return Math.round(
    (ltlBand(distanceMiles).class50CentsPerCwt * LTL_CLASS_PERCENT[freightClass]) / 100
  )
}

export type LtlRating = {
  densityPcf: number
  freightClass: FreightClass
  ratePerCwtCents: number
  /** rate x hundredweight, before the discount */
  grossCents: number
  discountCents: number
  /** the line haul after the discount, or the minimum charge when that is more */
  netCents: number
  minimumApplied: boolean
  fscPct: number
  fscCents: number
  transitDays: number
}

/** The tariff's arithmetic for a shipment, or null when the tariff does not rate it. */
export function rateLtl(shipment: Shipment, fuel: FuelRow | null): LtlRating | null {
  if (shipment.mode !== 'LTL') return null
  if (shipment.weightLbs > LTL_MAX_WEIGHT_LBS || shipment.pallets > LTL_MAX_PALLETS) return null
  const density = densityPcf(shipment.weightLbs, shipment.pallets, shipment.dims)
  const freightClass = densityClass(density)
  const ratePerCwtCents = ltlRatePerCwtCents(freightClass, shipment.distanceMiles)
  const grossCents = Math.round((ratePerCwtCents * shipment.weightLbs) / 100)
  const discountCents = percentOf(grossCents, LTL_DISCOUNT_PCT)
  const minimumApplied = grossCents - discountCents < LTL_MINIMUM_CHARGE_CENTS
  const netCents = minimumApplied ? LTL_MINIMUM_CHARGE_CENTS : grossCents - discountCents
  const fscPct = ltlFuelSurchargePct(dieselCentsOf(fuel))
  return {
    densityPcf: density,
    freightClass,
    ratePerCwtCents,
    grossCents,
    discountCents,
    netCents,
    minimumApplied,
    fscPct,
    fscCents: percentOf(netCents, fscPct),
    transitDays: ltlBand(shipment.distanceMiles).transitDays,
  }
}

/** The line items of one service level. */
export function ltlLineItems(
  shipment: Shipment,
  rating: LtlRating,
  fuel: FuelRow | null,
  serviceLevel: ServiceLevel
): QuoteLineItem[] {
  const density = `${rating.densityPcf.toFixed(2)} lb/cu ft`
  const lines: QuoteLineItem[] = rating.minimumApplied
    ? [
        {
          code: 'LINEHAUL',
          description: `Line haul: tariff minimum charge (class ${rating.freightClass}, ${density})`,
          amountCents: rating.netCents,
        },
      ]
    : [
        {
          code: 'LINEHAUL',
          description: `Line haul: class ${rating.freightClass} (${density}), ${shipment.weightLbs} lb at ${usd(rating.ratePerCwtCents)}/cwt`,
          amountCents: rating.grossCents,
        },
        {
          code: 'DISCOUNT',
          description: `Tariff discount ${LTL_DISCOUNT_PCT}%`,
          amountCents: -rating.discountCents,
        },
      ]
  lines.push({
    code: 'FSC',
    description: fuel
      ? `Fuel surcharge ${rating.fscPct}% of line haul (diesel ${usd(dieselCentsOf(fuel)!)}/gal, week of ${fuel.indexDate})`
      : 'Fuel surcharge: no fuel index on file',
    amountCents: rating.fscCents,
  })
  if (serviceLevel === 'GUARANTEED') {
    lines.push({
      code: 'GUARANTEED',
      description: `Guaranteed delivery on day ${rating.transitDays}, ${LTL_GUARANTEED_PCT}% of line haul`,
      amountCents: percentOf(rating.netCents, LTL_GUARANTEED_PCT),
    })
  }
  return [...lines, ...accessorialLines(shipment)]
}
