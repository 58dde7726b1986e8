import db from '@adonisjs/lucid/services/db'
import geocoding from '#plugins/geocoding/services/main'
import { boundingBox, withinRadius, type LatLng } from '#core/geo'

/** What an expedited job asks of a carrier's fleet (logistics passes it; decision 0126). */
export type ExpeditedNeed = {
  pickup: LatLng
  /** fleet truck types that can run the job's vehicle */
  truckTypes: string[]
  pallets: number
  radiusMiles: number
}

/** A carrier's base and usable trucks, for `fits`. */
export type ExpeditedCarrier = { base: LatLng; trucks: { type: string; capacity: number }[] }

/** Does the carrier fit the job: a fitting truck big enough, based within the radius? */
export function fits(carrier: ExpeditedCarrier, need: ExpeditedNeed): boolean {
  const truck = carrier.trucks.some(
    (t) => need.truckTypes.includes(t.type) && t.capacity >= need.pallets
  )
  return truck && withinRadius(need.pickup, carrier.base, need.radiusMiles)
}

/** Carriers asked at most per match: the radius box keeps it far below this. */
const MATCH_LIMIT = 2000

type Row = {
  id: number
  latitude: number | string | null
  longitude: number | string | null
  zip_code: string | null
  mode_mask: unknown
}

const modes = (value: unknown): string[] => {
  const list = typeof value === 'string' ? safeParse(value) : value
  return Array.isArray(list) ? list.map(String) : []
}
const safeParse = (text: string) => {
  try {
    return JSON.parse(text)
  } catch {
    return []
  }
}

/**
 * Fleet's answer to "who may run this expedited job": approved carriers whose mode list has
 * EXP, with a truck of a fitting type and size that is not in maintenance, based within the
 * radius of the pickup (their stored coordinates, else their business ZIP's centroid).
 */
export default class ExpeditedCarriersService {
  /** carriers.id of every carrier the job is offered to. */
  async matching(need: ExpeditedNeed): Promise<number[]> {
    const query = db
      .from('carriers')
      .join('users', 'users.id', 'carriers.user_id')
      .where('users.role', 'carrier')
      .where('users.is_approved', true)
      .whereExists((sub) =>
        sub
          .from('trucks')
          .whereColumn('trucks.carrier_id', 'carriers.id')
          .whereIn('trucks.truck_type', need.truckTypes)
          .where('trucks.capacity', '>=', need.pallets)
          .whereNot('trucks.status', 'maintenance')
      )
      .select(
        'carriers.id',
        'carriers.latitude',
        'carriers.longitude',
        'carriers.zip_code',
        'carriers.mode_mask'
      )
      .orderBy('carriers.id', 'asc')
      .limit(MATCH_LIMIT)
    const rows: Row[] = await query
    const box = boundingBox(need.pickup, need.radiusMiles)
    const found: number[] = []
    for (const row of rows) {
      if (!modes(row.mode_mask).includes('EXP')) continue
      const base = await this.baseOf(row)
      if (!base) continue
      if (base.latitude < box.minLat || base.latitude > box.maxLat) continue
      if (withinRadius(need.pickup, base, need.radiusMiles)) found.push(row.id)
    }
    return found
  }

  /** Is the job offered to this one carrier? */
  async matches(need: ExpeditedNeed, carrierId: number): Promise<boolean> {
    const carrier = await this.profile(carrierId)
    return carrier !== null && fits(carrier, need)
  }

  /**
   * One carrier's side of the match, read once to filter many jobs: its base and trucks, or
   * null when it runs no expedited work (not approved, no EXP in its modes, no base).
   */
  async profile(carrierId: number): Promise<ExpeditedCarrier | null> {
    const row: (Row & { is_approved: unknown }) | null = await db
      .from('carriers')
      .join('users', 'users.id', 'carriers.user_id')
      .where('carriers.id', carrierId)
      .select(
        'carriers.id',
        'carriers.latitude',
        'carriers.longitude',
        'carriers.zip_code',
        'carriers.mode_mask',
        'users.is_approved'
      )
      .first()
    if (!row || !row.is_approved || !modes(row.mode_mask).includes('EXP')) return null
    const base = await this.baseOf(row)
    if (!base) return null
    const trucks = await db
      .from('trucks')
      .where('carrier_id', carrierId)
      .whereNot('status', 'maintenance')
      .select('truck_type', 'capacity')
    return {
      base,
      trucks: trucks.map((t) => ({ type: String(t.truck_type), capacity: Number(t.capacity) })),
    }
  }

  private async baseOf(row: Row): Promise<LatLng | null> {
    if (row.latitude !== null && row.longitude !== null) {
      return { latitude: Number(row.latitude), longitude: Number(row.longitude) }
    }
    if (!row.zip_code) return null
    const found = await geocoding.geocode(row.zip_code.slice(0, 5))
    return found.ok ? { latitude: found.place.latitude, longitude: found.place.longitude } : null
  }
}
