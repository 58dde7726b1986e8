import { createHmac } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { appKey } from '#config/app'
import CarrierPublicProfileService, {
  type CarrierPublicFacts,
  type Lane,
} from '#fleet/services/carrier_public_profile_service'
import CarrierRecordsService from '#marketplace/services/carrier_records_service'
import { onTimeRate, type DeliveryTally } from '#marketplace/services/delivery_record'

/**
 * Carriers stay anonymous to shippers until payment (SPEC point 1): a shipper sees
 * "Verified carrier #4821", a 4-digit code derived from the carrier id with an HMAC keyed by
 * the app key, so the code is stable but neither reveals nor enumerates ids.
 * docs/decisions/0023.
 */

/** The carrier's stable 4-digit code (1000-9999) under `key`. */
export function carrierCode(carrierId: number, key: string): string {
  const digest = createHmac('sha256', key).update(`carrier:${carrierId}`).digest()
  return String(1000 + (digest.readUInt32BE(0) % 9000))
}

export function anonymousLabel(code: string) {
  return `Verified carrier #${code}`
}

/** The anonymous profile a shipper sees (search results, bookings, Carrier Details). */
export type CarrierProfile = {
  label: string
  verified: boolean
  /** `YYYY-MM` */
  memberSince: string | null
  completedLoads: number
  /** delivered on or before the agreed delivery date, of delivered loads with one; null if none */
  onTimeRate: number | null
  equipmentTypes: string[]
}

export type CarrierDetails = CarrierProfile & { trucks: number; lanes: Lane[] }

const MAX_REMEMBERED_LABELS = 50_000
const labels = new Map<number, string>()

@inject()
export default class CarrierIdentityService {
  constructor(
    private publicProfiles: CarrierPublicProfileService,
    private records: CarrierRecordsService
  ) {}

  label(carrierId: number): string {
    let label = labels.get(carrierId)
    if (label === undefined) {
      label = anonymousLabel(carrierCode(carrierId, appKey.release()))
      // A carrier's label never changes for the app key; remember a bounded number of them.
      if (labels.size >= MAX_REMEMBERED_LABELS) labels.clear()
      labels.set(carrierId, label)
    }
    return label
  }

  /**
   * Profiles of several carriers, in two queries whatever their number, both read from
   * maintained summaries (the carrier's fleet columns and its delivery record, decision 0087).
   */
  async profiles(carrierIds: number[]): Promise<Map<number, CarrierProfile>> {
    const ids = [...new Set(carrierIds)]
    const [facts, records] = await Promise.all([
      this.publicProfiles.factsFor(ids),
      this.records.records(ids),
    ])
    return new Map(ids.map((id) => [id, this.profile(id, facts.get(id), records.get(id))]))
  }

  /** The Carrier Details dialog: the profile plus fleet size and active lanes. */
  async details(carrierId: number): Promise<CarrierDetails> {
    const [facts, records, lanes] = await Promise.all([
      this.publicProfiles.factsFor([carrierId]),
      this.records.records([carrierId]),
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
    record: DeliveryTally | undefined
  ): CarrierProfile {
    return {
      label: this.label(carrierId),
      verified: fact?.approved ?? false,
      memberSince: fact?.memberSince ?? null,
      completedLoads: record?.completed ?? 0,
      onTimeRate: record ? onTimeRate(record.judged, record.onTime) : null,
      equipmentTypes: fact?.equipmentTypes ?? [],
    }
  }
}
