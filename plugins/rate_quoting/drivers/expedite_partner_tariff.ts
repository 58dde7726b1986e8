/**
 * The tariff of Crosstown Expedite, a fictional exclusive-use expedited partner simulated by
 * the `expedite_partner` driver (docs/decisions/0070): the smallest vehicle that carries the
 * freight, a rate per mile by vehicle, a team premium per mile when one driver could not
 * finish in a single hours-of-service shift, and a per-mile fuel surcharge from the diesel
 * price and the vehicle's fuel economy.
 */
import type { FuelRow, QuoteLineItem } from '../types.js'
import { MAX_DRIVING_HOURS, SPEED_MPH } from './lane_model_math.js'
import {
  accessorialLines,
  usd,
  dieselCentsOf,
  milesTimes,
  transitDaysOf,
  type Shipment,
} from './shipment_math.js'

export const EXPEDITE_CARRIER = { name: 'Crosstown Expedite', key: 'crosstown', idPrefix: 'CTX' }

export type Vehicle = {
  type: 'cargo_van' | 'straight_truck' | 'tractor'
  label: string
  maxLbs: number
  maxPallets: number
  /** solo driver, cents per mile */
  centsPerMile: number
  /** added per mile when a team drives */
  teamCentsPerMile: number
  /** fuel economy in tenths of a mile per gallon */
  mpgTenths: number
  liftgate: boolean
}

/** Smallest first; the first that carries the weight and the pallets is used. */
export const VEHICLES: readonly Vehicle[] = [
  {
    type: 'cargo_van',
    label: 'cargo van',
    maxLbs: 3_000,
    maxPallets: 2,
    centsPerMile: 1_85,
    teamCentsPerMile: 40,
    mpgTenths: 180,
    liftgate: false,
  },
  {
    type: 'straight_truck',
    label: '26 ft straight truck',
    maxLbs: 10_000,
    maxPallets: 12,
    centsPerMile: 2_60,
    teamCentsPerMile: 55,
    mpgTenths: 90,
    liftgate: true,
  },
  {
    type: 'tractor',
    label: '53 ft tractor-trailer',
    maxLbs: 45_000,
    maxPallets: 26,
    centsPerMile: 3_10,
    teamCentsPerMile: 75,
    mpgTenths: 65,
    liftgate: true,
  },
]

/** Expedited road speed, the lane model's (docs/decisions/0065). */
export const EXPEDITE_SPEED_MPH = SPEED_MPH.EXP
/**
 * Beyond what one driver covers in the 11 driving hours before a 10-hour break (11 x 55 =
 * 605 miles) the partner sends a team, which swaps at the wheel instead of stopping.
 */
export const TEAM_THRESHOLD_MILES = MAX_DRIVING_HOURS * EXPEDITE_SPEED_MPH
/** Accessorials an exclusive-use vehicle does not perform: no flatbeds, no terminal. */
export const EXPEDITE_NOT_PERFORMED = ['TARP', 'SORT_SEG'] as const
/** A truck held for a shipment is priced for hours, not days. */
export const EXPEDITE_VALIDITY_HOURS = 4
/** Fuel surcharge base: the diesel price at which the surcharge is zero, cents a gallon. */
export const EXPEDITE_FSC_BASE_CENTS = 125

/** The smallest vehicle that carries the freight (and a liftgate when asked), else null. */
export function vehicleFor(shipment: Shipment): Vehicle | null {
  const needsLiftgate = shipment.accessorials.some((a) => a.code === 'LIFTGATE')
  return (
    VEHICLES.find(
      (v) =>
        shipment.weightLbs <= v.maxLbs &&
        shipment.pallets <= v.maxPallets &&
        (v.liftgate || !needsLiftgate)
    ) ?? null
  )
}

export function needsTeam(distanceMiles: number): boolean {
  return distanceMiles > TEAM_THRESHOLD_MILES
}

/** Driving hours: a solo run stays within one shift and a team does not stop, so no breaks. */
export function expediteTransitHours(distanceMiles: number): number {
  return Math.round((distanceMiles / EXPEDITE_SPEED_MPH) * 10) / 10
}

/** Fuel surcharge, cents: miles x (diesel - $1.25) / mpg, rounded once. */
export function expediteFuelSurchargeCents(
  distanceMiles: number,
  dieselCents: number | null,
  vehicle: Vehicle
): number {
  if (dieselCents === null || dieselCents <= EXPEDITE_FSC_BASE_CENTS) return 0
  const hundredthsOfMiles = Math.round(distanceMiles * 100)
  // hundredths of a mile x cents a gallon x 10 / (tenths of a mpg x 100) = cents
  return Math.round(
    (hundredthsOfMiles * (dieselCents - EXPEDITE_FSC_BASE_CENTS) * 10) / (vehicle.mpgTenths * 100)
  )
}

export type ExpediteRating = {
  vehicle: Vehicle
  team: boolean
  transitHours: number
  transitDays: number
  lineItems: QuoteLineItem[]
}

/** The tariff's arithmetic for a shipment, or null when no vehicle carries it. */
export function rateExpedite(shipment: Shipment, fuel: FuelRow | null): ExpediteRating | null {
  if (shipment.mode !== 'EXP') return null
  const vehicle = vehicleFor(shipment)
  if (!vehicle) return null
  const miles = shipment.distanceMiles
  const team = needsTeam(miles)
  const diesel = dieselCentsOf(fuel)
  const fscCents = expediteFuelSurchargeCents(miles, diesel, vehicle)
  const lineItems: QuoteLineItem[] = [
    {
      code: 'LINEHAUL',
      description: `Line haul: ${vehicle.label}, ${miles} mi at ${usd(vehicle.centsPerMile)}/mi`,
      amountCents: milesTimes(miles, vehicle.centsPerMile),
    },
  ]
  if (team) {
    lineItems.push({
      code: 'TEAM',
      description: `Team drivers over ${TEAM_THRESHOLD_MILES} mi, ${usd(vehicle.teamCentsPerMile)}/mi`,
      amountCents: milesTimes(miles, vehicle.teamCentsPerMile),
    })
  }
  lineItems.push({
    code: 'FSC',
    description:
      fuel && diesel !== null
        ? `Fuel surcharge: (diesel ${usd(diesel)} - ${usd(EXPEDITE_FSC_BASE_CENTS)}) / ${vehicle.mpgTenths / 10} mpg per mile (week of ${fuel.indexDate})`
        : 'Fuel surcharge: no fuel index on file',
    amountCents: fscCents,
  })
  const transitHours = expediteTransitHours(miles)
  return {
    vehicle,
    team,
    transitHours,
    transitDays: transitDaysOf(transitHours),
    lineItems: [...lineItems, ...accessorialLines(shipment)],
  }
}
