import { PLATFORM_SHARE_PERCENT, assertCents, fromCents, toCents } from '#core/money'

/**
 * Fixed-price booking (docs/spec.md §9): total = pallets × distance × rate per mile per pallet ×
 * (1 + the platform's share, `PLATFORM_SHARE_PERCENT` of #core/money). Computed in integer cents with exact integer arithmetic, each step rounded half up to
 * the cent: line haul first, then the total; the platform fee is the difference, so the three
 * figures always add up. docs/decisions/0020.
 */

export type PriceInput = {
  pallets: number
  /** road miles, at most two decimals (roadMiles gives one) */
  distanceMiles: number
  /** the listing's rate per mile per pallet, in cents */
  rateCents: number
}

export type PriceCents = { lineHaulCents: number; platformFeeCents: number; totalCents: number }

export type PriceBreakdown = { lineHaul: number; platformFee: number; total: number }

/** Integer division rounded half up, for non-negative integers. */
function divideRoundingHalfUp(numerator: number, denominator: number) {
  return Math.floor((2 * numerator + denominator) / (2 * denominator))
}

export function priceShipment({ pallets, distanceMiles, rateCents }: PriceInput): PriceCents {
  if (!Number.isInteger(pallets) || pallets < 0) throw new TypeError(`Bad pallet count ${pallets}`)
  if (!Number.isFinite(distanceMiles) || distanceMiles < 0) {
    throw new TypeError(`Bad distance ${distanceMiles}`)
  }
  assertCents(rateCents)
  if (rateCents < 0) throw new TypeError(`Bad rate ${rateCents}`)
  // Hundredths of a mile are whole numbers, so the product below is an exact integer.
  const hundredthsOfMile = Math.round(distanceMiles * 100)
  const lineHaulCents = divideRoundingHalfUp(pallets * hundredthsOfMile * rateCents, 100)
  const totalCents = divideRoundingHalfUp(lineHaulCents * (100 + PLATFORM_SHARE_PERCENT), 100)
  assertCents(totalCents)
  return { lineHaulCents, platformFeeCents: totalCents - lineHaulCents, totalCents }
}

/** The wire shape: dollars with two decimals. */
export function toBreakdown(price: PriceCents): PriceBreakdown {
  return {
    lineHaul: fromCents(price.lineHaulCents),
    platformFee: fromCents(price.platformFeeCents),
    total: fromCents(price.totalCents),
  }
}

/**
 * The breakdown of a stored booking: its total is authoritative; the line haul is recomputed
 * from its pallets, distance and rate exactly as at booking time.
 */
export function storedBreakdown(booking: {
  numberOfPallets: number
  distance: number | null
  ratePerMilePerPallet: number | null
  totalAmount: number | null
}): PriceBreakdown {
  const totalCents = booking.totalAmount === null ? 0 : toCents(booking.totalAmount)
  if (booking.distance === null || booking.ratePerMilePerPallet === null) {
    return { lineHaul: fromCents(totalCents), platformFee: 0, total: fromCents(totalCents) }
  }
  const price = priceShipment({
    pallets: booking.numberOfPallets,
    distanceMiles: booking.distance,
    rateCents: toCents(booking.ratePerMilePerPallet),
  })
  if (price.totalCents === totalCents) return toBreakdown(price)
  // A booking priced some other way (a partner quote, say): keep its total, split out the fee.
  const lineHaulCents = divideRoundingHalfUp(totalCents * 100, 100 + PLATFORM_SHARE_PERCENT)
  return toBreakdown({ lineHaulCents, platformFeeCents: totalCents - lineHaulCents, totalCents })
}
