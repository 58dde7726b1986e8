/**
 * The arithmetic every carrier quote shares (docs/decisions/0070), pure and unit-tested: the
 * shipment with its defaults filled in, density, money rounding, the fuel price a surcharge
 * reads, reliability, the validity window, the partner quote id, and the balanced total.
 */
import { createHash } from 'node:crypto'
import type {
  AccessorialPrice,
  CarrierQuote,
  ChargeCode,
  Dims,
  Equipment,
  FreightMode,
  FuelRow,
  OnTimeRecord,
  QuoteLineItem,
  ShipmentRateInput,
} from '../types.js'

/** One pallet as the post-load form defaults it (docs/spec.md §9: dims 48 x 40 x 60 in). */
export const DEFAULT_DIMS: Dims = { l: 48, w: 40, h: 60 }
/** Pallets derived from weight: one per started 1,000 lb (the form's default pallet weighs 1,000). */
export const LBS_PER_DERIVED_PALLET = 1000
export { CUBIC_INCHES_PER_CUBIC_FOOT, densityPcf } from '../../../contract/freight_class.js'

export const CHARGE_CODES: readonly ChargeCode[] = [
  'LINEHAUL',
  'DISCOUNT',
  'FSC',
  'GUARANTEED',
  'TEAM',
]

/** A shipment with its defaults filled in and its requested accessorials priced. */
export type Shipment = {
  originPostal: string
  destPostal: string
  distanceMiles: number
  mode: FreightMode
  weightLbs: number
  pallets: number
  dims: Dims
  equipment: Equipment
  /** `YYYY-MM-DD` the fuel row is looked up for */
  pickupDay: string
  now: string
  accessorials: AccessorialPrice[]
}

const positive = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n > 0

/**
 * Validates the input and fills the defaults: pallets from weight, the standard pallet's dims,
 * VAN, the pickup day from `now`. An unknown or reserved accessorial code is a RangeError.
 */
export function shipmentOf(input: ShipmentRateInput): Shipment {
  if (!positive(input.weightLbs)) throw new RangeError(`weightLbs must be positive`)
  if (!positive(input.distanceMiles)) throw new RangeError(`distanceMiles must be positive`)
  if (input.pallets !== undefined && !(Number.isInteger(input.pallets) && input.pallets >= 1)) {
    throw new RangeError(`pallets must be a whole number of at least 1`)
  }
  const dims = input.dims ?? DEFAULT_DIMS
  if (![dims.l, dims.w, dims.h].every(positive)) throw new RangeError(`dims must be positive`)
  if (Number.isNaN(Date.parse(input.now))) throw new RangeError(`now is not an ISO instant`)

  const requested = [...new Set(input.requestedAccessorials ?? [])]
  const accessorials = requested.map((code) => {
    if ((CHARGE_CODES as readonly string[]).includes(code)) {
      throw new RangeError(`${code} is a charge code, not an accessorial`)
    }
    const found = input.accessorials.find((a) => a.code === code)
    if (!found) throw new RangeError(`Unknown accessorial code ${code}`)
    if (!Number.isSafeInteger(found.defaultPriceCents) || found.defaultPriceCents < 0) {
      throw new RangeError(`Accessorial ${code} has no price in cents`)
    }
    return found
  })

  return {
    originPostal: input.origin.postal,
    destPostal: input.destination.postal,
    distanceMiles: input.distanceMiles,
    mode: input.mode,
    weightLbs: input.weightLbs,
    pallets: input.pallets ?? derivedPallets(input.weightLbs),
    dims,
    equipment: input.equipment ?? 'VAN',
    pickupDay: input.pickupDate ?? input.now.slice(0, 10),
    now: input.now,
    accessorials,
  }
}

export function derivedPallets(weightLbs: number): number {
  return Math.max(1, Math.ceil(weightLbs / LBS_PER_DERIVED_PALLET))
}

/*
 * Money: every line item is rounded once, half up, from an exact product of integers where the
 * inputs allow (miles to hundredths, percentages to hundredths, rates in whole cents), as
 * docs/decisions/0020 does; the total is the sum of the rounded items.
 */

/** `cents x pct / 100`, pct with at most two decimals, rounded half up. */
export function percentOf(cents: number, pct: number): number {
  return Math.round((cents * Math.round(pct * 100)) / 10_000)
}

/** Miles (to the hundredth) times a rate in whole cents per mile, rounded half up. */
export function milesTimes(distanceMiles: number, centsPerMile: number): number {
  return Math.round((Math.round(distanceMiles * 100) * centsPerMile) / 100)
}

/** Dollars to integer cents, half up, rounded on the decimal digits (1.005 is 101 cents). */
export function dollarsToCents(dollars: number): number {
  return Math.round(Number((dollars * 100).toFixed(6)))
}

/** "$1,234.56", for line item descriptions. */
export function usd(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
}

/** The platform's surcharge table (docs/decisions/0067): 1 % per full $0.06 above $1.20. */
export const PLATFORM_FSC_BASE = 1.2
export const PLATFORM_FSC_STEP = 0.06

/**
 * The diesel price a partner's own surcharge schedule reads, in cents a gallon: the row's
 * price, else (a row from before prices were kept) the lowest price the platform's table maps
 * to the row's percent; null without a row.
 */
export function dieselCentsOf(row: FuelRow | null): number | null {
  if (!row) return null
  if (row.dieselPrice !== null) return dollarsToCents(row.dieselPrice)
  return dollarsToCents(PLATFORM_FSC_BASE + PLATFORM_FSC_STEP * row.fscPct)
}

/** Whole transit days for a number of hours on the road, at least one. */
export function transitDaysOf(hours: number): number {
  return Math.max(1, Math.ceil(hours / 24))
}

/**
 * Reliability prior (docs/decisions/0070): every carrier starts at 90 % on time, weighted as
 * 20 shipments, so a short record moves the figure a little and a long one decides it.
 */
export const RELIABILITY_PRIOR = 0.9
export const RELIABILITY_PRIOR_WEIGHT = 20

/** `(onTime + 0.9 x 20) / (total + 20)`, to three decimals; the prior alone without a record. */
export function reliabilityOf(record: OnTimeRecord | undefined): number {
  const onTime = record?.onTime ?? 0
  const total = record?.total ?? 0
  if (!(Number.isInteger(onTime) && Number.isInteger(total) && onTime >= 0 && onTime <= total)) {
    throw new RangeError(`An on-time record needs 0 <= onTime <= total, got ${onTime}/${total}`)
  }
  const blended =
    (onTime + RELIABILITY_PRIOR * RELIABILITY_PRIOR_WEIGHT) / (total + RELIABILITY_PRIOR_WEIGHT)
  return Math.round(blended * 1000) / 1000
}

/** `now` plus a window of hours, as an ISO instant in UTC. */
export function validUntilOf(now: string, hours: number): string {
  return new Date(Date.parse(now) + hours * 3_600_000).toISOString()
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/**
 * What identifies a request: lane, freight, pickup day and accessorials, not `now` or the
 * reference data, so asking again for the same shipment gives the same ids.
 */
export function shipmentRequestHash(shipment: Shipment): string {
  return sha256(
    JSON.stringify([
      shipment.originPostal,
      shipment.destPostal,
      shipment.distanceMiles,
      shipment.mode,
      shipment.weightLbs,
      shipment.pallets,
      [shipment.dims.l, shipment.dims.w, shipment.dims.h],
      shipment.equipment,
      shipment.pickupDay,
      shipment.accessorials.map((a) => a.code).sort(),
    ])
  )
}

/** The request hash of an input, e.g. for external_quotes.requestHash. */
export function requestHashOf(input: ShipmentRateInput): string {
  return shipmentRequestHash(shipmentOf(input))
}

/** `PREFIX-` and 16 hex digits of the request hash, carrier key and service level. */
export function partnerQuoteIdOf(
  prefix: string,
  shipment: Shipment,
  carrierKey: string,
  serviceLevel: string
): string {
  const digest = sha256(`${shipmentRequestHash(shipment)}:${carrierKey}:${serviceLevel}`)
  return `${prefix}-${digest.slice(0, 16).toUpperCase()}`
}

/** The requested accessorials as line items at their accessorials_master price. */
export function accessorialLines(shipment: Shipment): QuoteLineItem[] {
  return shipment.accessorials.map((a) => ({
    code: a.code,
    description: a.description,
    amountCents: a.defaultPriceCents,
  }))
}

/** True when none of the requested accessorials is one the carrier does not perform. */
export function performsAll(shipment: Shipment, notPerformed: readonly string[]): boolean {
  return shipment.accessorials.every((a) => !notPerformed.includes(a.code))
}

/** Throws unless every amount is whole cents, only DISCOUNT is negative, and they sum to the total. */
export function assertBalanced(quote: Pick<CarrierQuote, 'totalCents' | 'lineItems'>): void {
  let sum = 0
  for (const item of quote.lineItems) {
    if (!Number.isSafeInteger(item.amountCents)) {
      throw new Error(`${item.code} is not whole cents: ${item.amountCents}`)
    }
    if (item.amountCents < 0 && item.code !== 'DISCOUNT') {
      throw new Error(`${item.code} is negative: ${item.amountCents}`)
    }
    sum += item.amountCents
  }
  if (sum !== quote.totalCents) {
    throw new Error(`Line items sum to ${sum} cents, the total says ${quote.totalCents}`)
  }
  if (quote.totalCents <= 0) throw new Error(`A quote's total must be positive`)
}

/** A quote whose total is the sum of its line items (checked). */
export function carrierQuote(fields: Omit<CarrierQuote, 'totalCents' | 'currency'>): CarrierQuote {
  const quote: CarrierQuote = {
    ...fields,
    totalCents: fields.lineItems.reduce((sum, item) => sum + item.amountCents, 0),
    currency: 'USD',
  }
  assertBalanced(quote)
  return quote
}
