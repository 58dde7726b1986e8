import { assertCents, splitPayout } from '#core/money'

/**
 * The drayage line-haul tariff (docs/decisions/0187): a flat price in integer cents per
 * distance band from the terminal to the delivery, the first band whose `upToMiles` covers the
 * move's road miles. A terminal keeps its own bands (admins edit them with the terminal); one
 * without bands prices by the platform's default bands below. A move beyond the last band is
 * not drayage and is refused.
 */
export type LineHaulBand = { upToMiles: number; cents: number }

/** The platform's default bands: local, metro, regional and the longest dray a port sells. */
export const DEFAULT_LINE_HAUL_BANDS: LineHaulBand[] = [
  { upToMiles: 25, cents: 45_000 },
  { upToMiles: 50, cents: 60_000 },
  { upToMiles: 100, cents: 85_000 },
  { upToMiles: 200, cents: 130_000 },
  { upToMiles: 300, cents: 180_000 },
]

export function sortBands(bands: LineHaulBand[]): LineHaulBand[] {
  return [...bands].sort((a, b) => a.upToMiles - b.upToMiles)
}

/** Stored as JSON text; an empty list is stored as null (the defaults apply). */
export const bandsColumn = {
  prepare: (v: LineHaulBand[] | null | undefined) =>
    v && v.length > 0 ? JSON.stringify(sortBands(v)) : null,
  consume: (v: unknown): LineHaulBand[] => {
    const parsed = typeof v === 'string' ? JSON.parse(v) : v
    return Array.isArray(parsed) ? sortBands(parsed as LineHaulBand[]) : []
  },
}

/** The bands a terminal prices by: its own, or the defaults when it has none. */
export function bandsOf(terminalBands: LineHaulBand[] | null | undefined): LineHaulBand[] {
  return terminalBands && terminalBands.length > 0
    ? sortBands(terminalBands)
    : DEFAULT_LINE_HAUL_BANDS
}

export type LineHaulQuote =
  { ok: true; lineHaulCents: number; band: LineHaulBand } | { ok: false; maxMiles: number }

/** The line haul of a move of `miles` road miles under `bands`, or how far the bands reach. */
export function lineHaulFor(bands: LineHaulBand[], miles: number): LineHaulQuote {
  if (!Number.isFinite(miles) || miles < 0) throw new TypeError(`Bad distance ${miles}`)
  const sorted = sortBands(bands)
  const band = sorted.find((b) => miles <= b.upToMiles)
  if (!band) return { ok: false, maxMiles: sorted.at(-1)?.upToMiles ?? 0 }
  assertCents(band.cents)
  return { ok: true, lineHaulCents: band.cents, band }
}

/**
 * What the line haul pays whom: the carrier's pay and the platform's share by the one payout
 * split (docs/decisions/0020), adding up to the line haul exactly.
 */
export function lineHaulSplit(lineHaulCents: number) {
  const { payoutCents, platformCents } = splitPayout(lineHaulCents)
  return { lineHaulCents, carrierPayCents: payoutCents, platformCents }
}
