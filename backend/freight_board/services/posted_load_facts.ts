import db from '@adonisjs/lucid/services/db'

/** What a posted load's alerts need (docs/decisions/0239): where, what, and its price. */
export type PostedLoadFacts = {
  id: number
  status: string
  origin: {
    postal: string
    city: string
    state: string
    latitude: number | null
    longitude: number | null
  }
  destination: {
    postal: string
    city: string
    state: string
    latitude: number | null
    longitude: number | null
  }
  equipment: string
  mode: string
  priceCents: number | null
  /** road miles, as the board's rate per mile divides by */
  distanceMiles: number | null
}

const num = (value: unknown) => (value === null || value === undefined ? null : Number(value))

/** A posted load's facts for the saved-lane matcher, or null when there is no such load. */
export default class PostedLoadFactsService {
  async facts(loadId: number): Promise<PostedLoadFacts | null> {
    const row = await db
      .from('freight_listings')
      .where('id', loadId)
      .select(
        'id',
        'status',
        'origin_postal',
        'origin_city',
        'origin_state',
        'origin_latitude',
        'origin_longitude',
        'dest_postal',
        'dest_city',
        'dest_state',
        'dest_latitude',
        'dest_longitude',
        'equipment',
        'mode',
        'price_cents',
        'distance_miles'
      )
      .first()
    if (!row) return null
    return {
      id: Number(row.id),
      status: row.status,
      origin: {
        postal: row.origin_postal,
        city: row.origin_city,
        state: row.origin_state,
        latitude: num(row.origin_latitude),
        longitude: num(row.origin_longitude),
      },
      destination: {
        postal: row.dest_postal,
        city: row.dest_city,
        state: row.dest_state,
        latitude: num(row.dest_latitude),
        longitude: num(row.dest_longitude),
      },
      equipment: row.equipment,
      mode: row.mode,
      priceCents: num(row.price_cents),
      distanceMiles: num(row.distance_miles),
    }
  }
}
