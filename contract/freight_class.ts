/**
 * Freight density and the NMFC density-based class: one pure module the server, the rate
 * plugin and the Post a Load form all import (docs/decisions/0228). It sits in contract/ beside
 * the generated API types because it is part of what the API promises: the form previews with
 * it what the server then computes and stores; contract/ is the one folder both sides may import.
 *
 * The scale: the 13 subprovisions of NMFC Docket 2025-1, in force since 19 July 2025. Each reads
 * "X but less than Y" pounds per cubic foot, so a lower bound belongs to its own band.
 */

export type FreightClass = 50 | 55 | 60 | 65 | 70 | 85 | 92.5 | 100 | 125 | 175 | 250 | 300 | 400

/** From the densest: the class of every density at or above `minPcf` (and below the row above). */
export const NMFC_DENSITY_SCALE: readonly { minPcf: number; freightClass: FreightClass }[] =
  Object.freeze([
    { minPcf: 50, freightClass: 50 },
    { minPcf: 35, freightClass: 55 },
    { minPcf: 30, freightClass: 60 },
    { minPcf: 22.5, freightClass: 65 },
    { minPcf: 15, freightClass: 70 },
    { minPcf: 12, freightClass: 85 },
    { minPcf: 10, freightClass: 92.5 },
    { minPcf: 8, freightClass: 100 },
    { minPcf: 6, freightClass: 125 },
    { minPcf: 4, freightClass: 175 },
    { minPcf: 2, freightClass: 250 },
    { minPcf: 1, freightClass: 300 },
    { minPcf: 0, freightClass: 400 },
  ])

export const CUBIC_INCHES_PER_CUBIC_FOOT = 1728

/** Inches: length, width and height of one handling unit. */
export type UnitDims = { l: number; w: number; h: number }

/** The class of a density known in pounds per cubic foot. */
export function densityClass(pcf: number): FreightClass {
  if (!(Number.isFinite(pcf) && pcf > 0)) throw new RangeError(`density must be positive: ${pcf}`)
  return NMFC_DENSITY_SCALE.find((row) => pcf >= row.minPcf)!.freightClass
}

/** Pounds per cubic foot: the total weight over the handling units' cube. */
export function densityPcf(weightLbs: number, units: number, dims: UnitDims): number {
  return (weightLbs * CUBIC_INCHES_PER_CUBIC_FOOT) / (units * dims.l * dims.w * dims.h)
}

/** Whole positive numbers the exact comparison below can multiply without losing a digit. */
const whole = (n: number) => Number.isSafeInteger(n) && n > 0

/**
 * A shipment's density and class from its total weight and its handling units' size. With
 * whole pounds and inches (every form's input) the band is decided exactly, in integers:
 * `2 x weight x 1728 >= 2 x minPcf x cubic inches` (every band edge is a multiple of 0.5), so a
 * density of exactly 22.5 is class 65 however the division rounds. `densityPcf` is rounded to
 * the hundredth for display and storage only.
 */
export function freightClassOf(
  weightLbs: number,
  units: number,
  dims: UnitDims
): { densityPcf: number; freightClass: FreightClass } {
  const pcf = densityPcf(weightLbs, units, dims)
  if (!(Number.isFinite(pcf) && pcf > 0)) throw new RangeError(`density must be positive: ${pcf}`)
  const shown = Math.round(pcf * 100) / 100
  if (![weightLbs, units, dims.l, dims.w, dims.h].every(whole)) {
    return { densityPcf: shown, freightClass: densityClass(pcf) }
  }
  const left = 2 * weightLbs * CUBIC_INCHES_PER_CUBIC_FOOT
  const cube = units * dims.l * dims.w * dims.h
  const row = NMFC_DENSITY_SCALE.find((r) => left >= 2 * r.minPcf * cube)!
  return { densityPcf: shown, freightClass: row.freightClass }
}

/** How freight is packed on its handling units. */
export const PACKAGING_TYPES = [
  'PALLET',
  'SKID',
  'CRATE',
  'BOX',
  'DRUM',
  'BUNDLE',
  'ROLL',
  'BAG',
] as const
export type PackagingType = (typeof PACKAGING_TYPES)[number]

/** A UN/NA identification number as 49 CFR 172.101 lists them: UN0004 to UN3599 and so on. */
export const UN_NUMBER_PATTERN = /^UN[0-3]\d{3}$/

/**
 * A hazard class, with its division where the class has divisions (49 CFR 173.2): 1.1 to 1.6
 * (with an optional compatibility group letter), 2.1 to 2.3, 3, 4.1 to 4.3, 5.1 and 5.2, 6.1 and
 * 6.2, 7, 8, 9.
 */
export const HAZARD_CLASS_PATTERN =
  /^(1\.[1-6][A-HJKLNS]?|2\.[1-3]|3|4\.[1-3]|5\.[12]|6\.[12]|7|8|9)$/
