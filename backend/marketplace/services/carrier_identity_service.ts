import { createHmac } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { appKey } from '#config/app'
import CarrierPublicProfileService, {
  type CarrierPublicFacts,
  type Lane,
} from '#fleet/services/carrier_public_profile_service'
import { CarrierRecords, type CarrierRecord } from '#marketplace/contracts/carrier_records'

/**
 * Carriers stay anonymous to shippers until payment (docs/spec.md §1): a shipper sees
 * "Verified carrier #4821", a 4-digit code derived from the carrier id with an HMAC keyed by
 * the app key, so the code is stable but neither reveals nor enumerates ids.
 * docs/decisions/0023.
 */

/** The carrier's stable 4-digit code (1000-9999) under `key`. */
export function carrierCode(carrierId: number, key: string): string {
  const digest = createHmac('sha256', key).update(`carrier:${carrierId}`).digest()
  return String(1000 + (digest.readUInt32BE(0) % 9000))
}

/** "Verified carrier #4821" only while the carrier is verified; "Carrier #4821" otherwise. */
export function anonymousLabel(code: string, verified = true) {
  return verified ? `Verified carrier #${code}` : `Carrier #${code}`
}

/** The anonymous profile a shipper sees (search results, bookings, Carrier Details). */
export type CarrierProfile = {
  label: string
  verified: boolean
  /** `YYYY-MM` */
  memberSince: string | null
  completedLoads: number
  /**
   * delivered by the promised day (the earliest DELIVERED milestone, else the carrier's
   * Delivered), of delivered loads with one; null if none (decision 0096)
   */
  onTimeRate: number | null
  /** the shippers' published reviews: mean of every criterion and how many (decision 0096) */
  rating: { average: number | null; count: number }
  /** cargo claims filed per delivered load, 0..1; null with none delivered (decision 0233) */
  claimsRatio: number | null
  equipmentTypes: string[]
}

export type CarrierDetails = CarrierProfile & { trucks: number; lanes: Lane[] }

@inject()
export default class CarrierIdentityService {
  constructor(
    private publicProfiles: CarrierPublicProfileService,
    private records: CarrierRecords
  ) {}

  /** The label alone, for lists that show no profile (its "Verified" word is the profile's rule). */
  label(carrierId: number, verified = true): string {
    return anonymousLabel(carrierCode(carrierId, appKey.release()), verified)
  }

  /** Labels of several carriers, "Verified" only for those verified today. */
  async labels(carrierIds: number[]): Promise<Map<number, string>> {
    const ids = [...new Set(carrierIds)]
    const facts = await this.publicProfiles.factsFor(ids)
    return new Map(ids.map((id) => [id, this.label(id, facts.get(id)?.verified ?? false)]))
  }

  /** Profiles of several carriers, in a few queries whatever their number. */
  async profiles(carrierIds: number[]): Promise<Map<number, CarrierProfile>> {
    const ids = [...new Set(carrierIds)]
    const [facts, records] = await Promise.all([
      this.publicProfiles.factsFor(ids),
      this.records.forCarriers(ids),
    ])
    return new Map(ids.map((id) => [id, this.profile(id, facts.get(id), records.get(id))]))
  }

  /** The Carrier Details dialog: the profile plus fleet size and active lanes. */
  async details(carrierId: number): Promise<CarrierDetails> {
    const [facts, records, lanes] = await Promise.all([
      this.publicProfiles.factsFor([carrierId]),
      this.records.forCarriers([carrierId]),
      this.publicProfiles.activeLanes(carrierId),
    ])
    const fact = facts.get(carrierId)
    return {
      ...this.profile(carrierId, fact, records.get(carrierId)),
      trucks: fact?.trucks ?? 0,
      lanes,
    }
  }

  private profile(
    carrierId: number,
    fact: CarrierPublicFacts | undefined,
    record: CarrierRecord | undefined
  ): CarrierProfile {
    return {
      label: this.label(carrierId, fact?.verified ?? false),
      verified: fact?.verified ?? false,
      memberSince: fact?.memberSince ?? null,
      completedLoads: record?.completedLoads ?? 0,
      onTimeRate: record?.onTimeRate ?? null,
      rating: record?.rating ?? { average: null, count: 0 },
      claimsRatio: record?.claimsRatio ?? null,
      equipmentTypes: fact?.equipmentTypes ?? [],
    }
  }
}
