/**
 * The NMFC density scale: the freight class of a shipment rated on density alone.
 *
 * Source: the National Motor Freight Traffic Association's standard 13-subprovision density
 * scale introduced by NMFC Docket 2025-1, effective 19 July 2025 (the NMFC itself is a
 * subscription publication; the figures were checked against several carriers' and
 * forwarders' published summaries of the docket). Each subprovision reads "X but less than Y"
 * pounds per cubic foot, so a lower bound belongs to its own class. Classes 77.5, 110, 150,
 * 200 and 500 exist in the NMFC but are not outputs of this scale (docs/decisions/0070).
 */
export type FreightClass = 50 | 55 | 60 | 65 | 70 | 85 | 92.5 | 100 | 125 | 175 | 250 | 300 | 400

/** From the densest: the class of every density at or above `minPcf` (and below the row above). */
export const NMFC_DENSITY_SCALE: readonly { minPcf: number; freightClass: FreightClass }[] = [
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
]

export function densityClass(pcf: number): FreightClass {
  if (!(Number.isFinite(pcf) && pcf > 0)) throw new RangeError(`density must be positive: ${pcf}`)
  return NMFC_DENSITY_SCALE.find((row) => pcf >= row.minPcf)!.freightClass
}
