import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import { Clock } from '#core/clock'
import { businessToday, isoDay } from '#core/business_time'
import { readTimestamp } from '#core/timestamps'
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

  /**
   * Read from the carrier's row: its fleet summary (`truck_count`, `equipment_types`) is kept
   * up to date by triggers on `trucks` (decision 0087), so no truck is grouped per call.
   */
  async factsFor(carrierIds: number[]): Promise<Map<number, CarrierPublicFacts>> {
    const ids = [...new Set(carrierIds)]
    if (ids.length === 0) return new Map()
    const rows = await db
      .from('carriers')
      .join('users', 'users.id', 'carriers.user_id')
      .whereIn('carriers.id', ids)
      .select(
        'carriers.id',
        'carriers.created_at',
        'carriers.truck_count',
        'carriers.equipment_types',
        'carriers.verified',
        'carriers.insurance_expires_on',
        'users.is_approved as approved'
      )
    const facts = new Map<number, CarrierPublicFacts>()
    const today = businessToday(this.clock)
    for (const row of rows) {
      const id = Number(row.id)
      const types = String(row.equipment_types ?? '')
      const insuredUntil = isoDay(row.insurance_expires_on)
      facts.set(id, {
        carrierId: id,
        verified:
          Boolean(row.approved) &&
          Boolean(row.verified) &&
          insuredUntil !== null &&
          insuredUntil >= today,
        memberSince: readTimestamp(row.created_at)?.toUTC().toFormat('yyyy-MM') ?? '',
        equipmentTypes: types ? types.split(',').sort() : [],
        trucks: Number(row.truck_count),
      })
    }
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
