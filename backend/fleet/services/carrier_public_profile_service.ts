import { inject } from '@adonisjs/core'
import Carrier from '#fleet/models/carrier'
import { Clock } from '#core/clock'
import { businessToday, isoDay } from '#core/business_time'
import Truck from '#fleet/models/truck'
import Listing from '#fleet/models/listing'

/**
 * What a shipper may learn about a carrier before payment: nothing that identifies it (no
 * company name, contact, DOT or MC number, no user id), only facts about its service.
 */
export type CarrierPublicFacts = {
  carrierId: number
  /**
   * approved by an admin, passing its FMCSA vetting and insured by a certificate that has not
   * expired today (what "Verified" means to a shipper, docs/decisions/0090)
   */
  verified: boolean
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

@inject()
export default class CarrierPublicProfileService {
  constructor(private clock: Clock) {}

  async factsFor(carrierIds: number[]): Promise<Map<number, CarrierPublicFacts>> {
    const ids = [...new Set(carrierIds)]
    if (ids.length === 0) return new Map()
    const [carriers, trucks] = await Promise.all([
      Carrier.query()
        .join('users', 'users.id', 'carriers.user_id')
        .whereIn('carriers.id', ids)
        .select(
          'carriers.id',
          'carriers.created_at',
          'carriers.verified',
          'carriers.insurance_expires_on',
          'users.is_approved as approved'
        ),
      Truck.query()
        .whereIn('carrierId', ids)
        .groupBy('carrier_id', 'truck_type')
        .select('carrier_id', 'truck_type')
        .count('* as trucks'),
    ])
    const facts = new Map<number, CarrierPublicFacts>()
    const today = businessToday(this.clock)
    for (const carrier of carriers) {
      const insuredUntil = isoDay(carrier.insuranceExpiresOn)
      facts.set(carrier.id, {
        carrierId: carrier.id,
        verified:
          Boolean(carrier.$extras.approved) &&
          carrier.verified &&
          insuredUntil !== null &&
          insuredUntil >= today,
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
