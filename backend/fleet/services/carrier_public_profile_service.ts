import Carrier from '#fleet/models/carrier'
import Truck from '#fleet/models/truck'
import Listing from '#fleet/models/listing'

/**
 * What a shipper may learn about a carrier before payment: nothing that identifies it (no
 * company name, contact, DOT or MC number, no user id), only facts about its service.
 */
export type CarrierPublicFacts = {
  carrierId: number
  /** its account is approved by an admin (what "verified" means to a shipper) */
  approved: boolean
  /** `YYYY-MM`: when the carrier joined the platform */
  memberSince: string
  /** distinct truck types of its fleet */
  equipmentTypes: string[]
  trucks: number
}

export type Lane = {
  pickupCity: string
  pickupState: string
  deliveryCity: string
  deliveryState: string
}

/** How many lanes the Carrier Details dialog lists at most. */
export const MAX_LANES = 20

export default class CarrierPublicProfileService {
  async factsFor(carrierIds: number[]): Promise<Map<number, CarrierPublicFacts>> {
    const ids = [...new Set(carrierIds)]
    if (ids.length === 0) return new Map()
    const [carriers, trucks] = await Promise.all([
      Carrier.query()
        .join('users', 'users.id', 'carriers.user_id')
        .whereIn('carriers.id', ids)
        .select('carriers.id', 'carriers.created_at', 'users.is_approved as approved'),
      Truck.query()
        .whereIn('carrierId', ids)
        .groupBy('carrier_id', 'truck_type')
        .select('carrier_id', 'truck_type')
        .count('* as trucks'),
    ])
    const facts = new Map<number, CarrierPublicFacts>()
    for (const carrier of carriers) {
      facts.set(carrier.id, {
        carrierId: carrier.id,
        approved: Boolean(carrier.$extras.approved),
        memberSince: carrier.createdAt.toUTC().toFormat('yyyy-MM'),
        equipmentTypes: [],
        trucks: 0,
      })
    }
    for (const truck of trucks) {
      const entry = facts.get(truck.carrierId)
      if (!entry) continue
      entry.trucks += Number(truck.$extras.trucks)
      entry.equipmentTypes.push(truck.truckType)
    }
    for (const entry of facts.values()) entry.equipmentTypes.sort()
    return facts
  }

  /** The distinct lanes of the carrier's active listings, by city and state. */
  async activeLanes(carrierId: number): Promise<Lane[]> {
    const rows = await Listing.query()
      .where('carrierId', carrierId)
      .where('status', 'active')
      .whereNotNull('originCity')
      .whereNotNull('originState')
      .whereNotNull('destinationCity')
      .whereNotNull('destinationState')
      .distinct('origin_city', 'origin_state', 'destination_city', 'destination_state')
      .orderBy('origin_state')
      .orderBy('origin_city')
      .orderBy('destination_state')
      .orderBy('destination_city')
      .limit(MAX_LANES)
    return rows.map((row) => ({
      pickupCity: row.originCity!,
      pickupState: row.originState!,
      deliveryCity: row.destinationCity!,
      deliveryState: row.destinationState!,
    }))
  }
}
