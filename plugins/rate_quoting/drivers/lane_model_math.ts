/**
 * The lane model's arithmetic, pure and unit-tested (docs/decisions/0064, 0065, 0066):
 * percentiles, US census regions, the widening thresholds, hours-of-service transit time, the
 * fuel row in force and the cost model.
 */
import type { Equipment, FreightMode, FuelRow, LaneSample, QuoteScope } from '../types.js'
import {
  freightClassOf,
  type FreightClass,
  type UnitDims,
} from '../../../contract/freight_class.js'
import { LTL_CLASS_PERCENT } from './ltl_partner_tariff.js'

/** The p-th percentile (0-1) with linear interpolation between closest ranks. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) throw new RangeError('percentile of no values')
  const sorted = [...values].sort((a, b) => a - b)
  const rank = (sorted.length - 1) * p
  const lower = Math.floor(rank)
  const upper = Math.ceil(rank)
  return sorted[lower] + (sorted[upper] - sorted[lower]) * (rank - lower)
}

/** The four US Census Bureau regions, by state code. */
export const CENSUS_REGIONS: Record<string, string[]> = {
  northeast: ['CT', 'ME', 'MA', 'NH', 'RI', 'VT', 'NJ', 'NY', 'PA'],
  midwest: ['IL', 'IN', 'MI', 'OH', 'WI', 'IA', 'KS', 'MN', 'MO', 'NE', 'ND', 'SD'],
  south: [
    'DE',
    'DC',
    'FL',
    'GA',
    'MD',
    'NC',
    'SC',
    'VA',
    'WV',
    'AL',
    'KY',
    'MS',
    'TN',
    'AR',
    'LA',
    'OK',
    'TX',
  ],
  west: ['AZ', 'CO', 'ID', 'MT', 'NV', 'NM', 'UT', 'WY', 'AK', 'CA', 'HI', 'OR', 'WA'],
}

export function regionOf(state: string): string | null {
  const code = state.toUpperCase()
  for (const [region, states] of Object.entries(CENSUS_REGIONS)) {
    if (states.includes(code)) return region
  }
  return null
}

/** Samples needed before a scope is trusted; the model widens until one is met. */
export const MIN_SAMPLES: Record<QuoteScope, number> = { zip3: 8, state: 12, region: 20 }

export type Lane = {
  originPostal: string
  destPostal: string
  originState: string
  destState: string
}

const zip3 = (postal: string) => postal.slice(0, 3)

function sameLane(scope: QuoteScope, lane: Lane, sample: LaneSample) {
  if (scope === 'zip3') {
    return (
      zip3(sample.originPostal) === zip3(lane.originPostal) &&
      zip3(sample.destPostal) === zip3(lane.destPostal)
    )
  }
  if (scope === 'state') {
    return sample.originState === lane.originState && sample.destState === lane.destState
  }
  const from = regionOf(lane.originState)
  const to = regionOf(lane.destState)
  return (
    from !== null &&
    to !== null &&
    regionOf(sample.originState) === from &&
    regionOf(sample.destState) === to
  )
}

/**
 * The share of a truck's price a load of `pallets` pays: a single pallet still costs 40 percent
 * of a truck, a full trailer (26 pallets) all of it (docs/decisions/0176).
 */
export function palletShare(pallets: number): number {
  return 0.4 + (0.6 * Math.min(pallets, FULL_TRUCK_PALLETS)) / FULL_TRUCK_PALLETS
}

/**
 * A sample's price per pallet-mile restated for a load of `pallets`: what the sample paid per
 * truck-mile share (its price over its pallets' share of a truck), times this load's share,
 * per pallet. A price per pallet-mile does not carry from a 6-pallet load to a 20-pallet one
 * (a truck's cost is mostly the truck), so without this a 20-pallet load would be priced at
 * more than three 6-pallet loads (docs/decisions/0176). A sample that does not say its pallets
 * is taken as it is.
 */
function restated(sample: LaneSample, pallets: number | undefined): number {
  if (!pallets || pallets <= 0 || !sample.pallets || sample.pallets <= 0) {
    return sample.pricePerPalletMile
  }
  const perTruckMile = (sample.pricePerPalletMile * sample.pallets) / palletShare(sample.pallets)
  return (perTruckMile * palletShare(pallets)) / pallets
}

/** A total restated per pallet-mile, in whole cents (what the rate estimate shows). */
export function perPalletMileCents(totalCents: number, pallets: number, miles: number): number {
  if (pallets <= 0 || miles <= 0) return 0
  return Math.round(totalCents / (pallets * miles))
}

/**
 * The narrowest scope with enough comparable samples (same equipment and mode where the sample
 * says), and those samples' prices per pallet-mile; null when even the region is thin.
 */
export function widen(
  lane: Lane,
  equipment: Equipment,
  mode: FreightMode,
  history: LaneSample[],
  pallets?: number
): { scope: QuoteScope; prices: number[] } | null {
  const comparable = history.filter(
    (s) =>
      (s.equipment === null || s.equipment === equipment) &&
      (s.mode === null || s.mode === mode) &&
      Number.isFinite(s.pricePerPalletMile) &&
      s.pricePerPalletMile > 0
  )
  for (const scope of ['zip3', 'state', 'region'] as const) {
    const prices = comparable
      .filter((s) => sameLane(scope, lane, s))
      .map((s) => restated(s, pallets))
    if (prices.length >= MIN_SAMPLES[scope]) return { scope, prices }
  }
  return null
}

/** Average speed on the road, mph, by mode (docs/decisions/0065). */
export const SPEED_MPH: Record<FreightMode, number> = { TL: 50, LTL: 45, EXP: 55 }
export const MAX_DRIVING_HOURS = 11
export const REST_HOURS = 10
export const LTL_TERMINAL_HOURS = 24

/**
 * Who drives: a team swaps instead of stopping (the default for EXP, decision 0065); a solo
 * driver who has already driven `drivenInShift` hours of the current shift has only the rest
 * of those 11 hours before the first 10-hour break (a live ETA, decision 0126).
 */
export type HosClock = { team?: boolean; drivenInShift?: number }

/**
 * Transit hours under hours-of-service: at most 11 hours of driving, then a 10-hour break.
 * Expedited runs team drivers (no break) unless `clock` says solo; LTL adds a day of terminal
 * handling. One decimal.
 */
export function etaHours(distanceMiles: number, mode: FreightMode, clock: HosClock = {}): number {
  const driving = distanceMiles / SPEED_MPH[mode]
  let hours = driving
  if (!(clock.team ?? mode === 'EXP')) {
    const used = Math.min(MAX_DRIVING_HOURS, Math.max(0, clock.drivenInShift ?? 0))
    const beyondShift = driving - (MAX_DRIVING_HOURS - used)
    if (beyondShift > 0) hours += Math.ceil(beyondShift / MAX_DRIVING_HOURS) * REST_HOURS
  }
  if (mode === 'LTL') hours += LTL_TERMINAL_HOURS
  return Math.round(hours * 10) / 10
}

/** The fuel row in force on `day` (the latest dated on or before it), else the latest row. */
export function fuelRowFor(rows: FuelRow[], day: string | null): FuelRow | null {
  if (rows.length === 0) return null
  const sorted = [...rows].sort((a, b) => a.indexDate.localeCompare(b.indexDate))
  if (day) {
    const inForce = sorted.filter((r) => r.indexDate <= day)
    if (inForce.length > 0) return inForce[inForce.length - 1]
  }
  return sorted[sorted.length - 1]
}

/** Line-haul dollars per mile for a full truck, by equipment (docs/decisions/0064). */
export const PER_MILE: Record<Equipment, number> = {
  VAN: 2.0,
  REEFER: 2.4,
  FLATBED: 2.5,
  BOX: 1.8,
  SPRINTER: 1.5,
}

/** Mode factors on the per-mile rate: LTL shares the truck, expedited runs a team. */
export const MODE_FACTOR: Record<FreightMode, number> = { TL: 1.0, LTL: 0.6, EXP: 1.5 }

/**
 * The pallet the lane model's per-pallet prices stand for: the default load's 1,000 lb on
 * 48 x 40 x 60 in, 15 lb per cubic foot, NMFC class 70 (docs/decisions/0201, 0228).
 */
export const STANDARD_PALLET_LBS = 1000
export const STANDARD_PALLET_CLASS: FreightClass = 70
/** An LTL load never prices below half, nor above three times, its pallets' standard price. */
export const LTL_CLASS_FACTOR_MIN = 0.5
export const LTL_CLASS_FACTOR_MAX = 3

/**
 * How an LTL load's freight class moves its price (docs/decisions/0228). LTL tariffs charge per
 * hundredweight at a rate set by class, so the lane model's per-pallet price, which stands for
 * the standard pallet, is re-rated the way such a tariff would: the load's weight per pallet over
 * the standard's, times its class's rate over class 70's (the class relativities of the LTL
 * tariff, `LTL_CLASS_PERCENT`), kept within 0.5 to 3. The standard pallet's factor is exactly 1.
 */
export function ltlClassFactor(
  weightLbs: number,
  pallets: number,
  dims: UnitDims
): { factor: number; freightClass: FreightClass; densityPcf: number } {
  const { freightClass, densityPcf } = freightClassOf(weightLbs, pallets, dims)
  const raw =
    (weightLbs / pallets / STANDARD_PALLET_LBS) *
    (LTL_CLASS_PERCENT[freightClass] / LTL_CLASS_PERCENT[STANDARD_PALLET_CLASS])
  const factor = Math.min(LTL_CLASS_FACTOR_MAX, Math.max(LTL_CLASS_FACTOR_MIN, raw))
  return { factor: Math.round(factor * 10_000) / 10_000, freightClass, densityPcf }
}

/** Pallet positions of a 53-foot trailer. */
export const FULL_TRUCK_PALLETS = 26
/** The most weight a legal load carries, lb. */
export const FULL_WEIGHT_LBS = 45_000
export const COST_MODEL_SPREAD = 0.15

/**
 * The cost model's mid, in cents: distance x per-mile rate x mode factor x pallet factor x
 * weight factor x (1 + fuel surcharge). A single pallet still costs 40 percent of a truck
 * (0.4 + 0.6 x pallets / 26), and weight adds up to 10 percent at a full legal load.
 */
export function costModelCents(input: {
  distanceMiles: number
  equipment: Equipment
  mode: FreightMode
  pallets: number
  weightLbs: number
  fscPct: number
}): number {
  const palletFactor = palletShare(input.pallets)
  const weightFactor = 1 + (0.1 * Math.min(input.weightLbs, FULL_WEIGHT_LBS)) / FULL_WEIGHT_LBS
  const dollars =
    input.distanceMiles *
    PER_MILE[input.equipment] *
    MODE_FACTOR[input.mode] *
    palletFactor *
    weightFactor *
    (1 + input.fscPct / 100)
  return Math.round(dollars * 100)
}

/** The marketplace's own carriers as one carrier in the TMS comparison (docs/decisions/0070). */
export const NETWORK_CARRIER = { name: 'PalletLine Network', key: 'palletline', idPrefix: 'PLN' }
/** The network's price follows its history, which moves daily: a quote holds for a day. */
export const NETWORK_VALIDITY_HOURS = 24
/** The network's carriers hold no tarp unless the shipment is on a flatbed. */
export const NETWORK_FLATBED_ONLY = ['TARP'] as const

/**
 * The network's line haul for a shipment, in cents, without the fuel surcharge: the median
 * price per pallet-mile of the lane's history (what shippers paid all in) read as line haul
 * plus the surcharge in force, so divided by (1 + FSC %); where history is thin, the cost
 * model with no fuel factor (scope null). Rounded once.
 */
export function networkLineHaul(input: {
  lane: Lane
  distanceMiles: number
  equipment: Equipment
  mode: FreightMode
  pallets: number
  weightLbs: number
  fscPct: number
  history: LaneSample[]
}): { cents: number; scope: QuoteScope | null; samples: number } {
  const found = widen(input.lane, input.equipment, input.mode, input.history, input.pallets)
  if (found) {
    const allInDollars = percentile(found.prices, 0.5) * input.pallets * input.distanceMiles
    return {
      cents: Math.round((allInDollars * 100) / (1 + input.fscPct / 100)),
      scope: found.scope,
      samples: found.prices.length,
    }
  }
  return {
    cents: costModelCents({ ...input, fscPct: 0 }),
    scope: null,
    samples: 0,
  }
}
