/**
 * A load's defaults and limits: the one place they are written (docs/decisions/0201). The
 * validators, the services that fill a form's empty fields and the presenters read them from
 * here; the screens read them from `GET /api/platform/constants` (`platformConstants`), never
 * from a copy of their own.
 */

/** Inches: length, width, height. */
export type PalletDims = { l: number; w: number; h: number }

/**
 * What a load form's empty fields mean (docs/spec.md §7, Post a Load): one standard 48 x 40 in
 * pallet, 60 in high, of 1,000 lb.
 */
export const LOAD_DEFAULTS: Readonly<{
  pallets: number
  weightLbs: number
  dims: Readonly<PalletDims>
}> = Object.freeze({
  pallets: 1,
  weightLbs: 1000,
  dims: Object.freeze({ l: 48, w: 40, h: 60 }),
})

/** The weight one pallet stands for where pallets are counted from a weight. */
export const PALLET_WEIGHT_LBS = LOAD_DEFAULTS.weightLbs / LOAD_DEFAULTS.pallets

/** A 53 ft trailer's pallet positions: the most a partner booking or an expedited job carries. */
export const TRAILER_PALLETS = 26

/** The heaviest legal load of a 53 ft dry van or reefer: the rate comparison's maximum weight. */
export const TRAILER_WEIGHT_LBS = 45_000

/**
 * Pallets for a shipment known by its weight: one per started `PALLET_WEIGHT_LBS`, at least one
 * and at most a trailer's `TRAILER_PALLETS`.
 */
export function palletsForWeight(weightLbs: number): number {
  return Math.min(TRAILER_PALLETS, Math.max(1, Math.ceil(weightLbs / PALLET_WEIGHT_LBS)))
}
