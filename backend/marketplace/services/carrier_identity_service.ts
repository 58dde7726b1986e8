import { createHmac } from 'node:crypto'
import { inject } from '@adonisjs/core'
import { DateTime } from 'luxon'
import { appKey } from '#config/app'
import Booking from '#marketplace/models/booking'
import CarrierPublicProfileService, {
  type CarrierPublicFacts,
  type Lane,
} from '#fleet/services/carrier_public_profile_service'
import { BUSINESS_TIME_ZONE, isoDay } from '#core/business_time'

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
  /** delivered on or before the agreed delivery date, of delivered loads with one; null if none */
  onTimeRate: number | null
  equipmentTypes: string[]
}

export type CarrierDetails = CarrierProfile & { trucks: number; lanes: Lane[] }

type DeliveryRecord = { completedLoads: number; onTimeRate: number | null }

@inject()
export default class CarrierIdentityService {
  constructor(private publicProfiles: CarrierPublicProfileService) {}

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

  /** Profiles of several carriers, in three queries whatever their number. */
  async profiles(carrierIds: number[]): Promise<Map<number, CarrierProfile>> {
    const ids = [...new Set(carrierIds)]
    const [facts, records] = await Promise.all([
      this.publicProfiles.factsFor(ids),
      this.deliveryRecords(ids),
    ])
    return new Map(ids.map((id) => [id, this.profile(id, facts.get(id), records.get(id))]))
  }

  /** The Carrier Details dialog: the profile plus fleet size and active lanes. */
  async details(carrierId: number): Promise<CarrierDetails> {
    const [facts, records, lanes] = await Promise.all([
      this.publicProfiles.factsFor([carrierId]),
      this.deliveryRecords([carrierId]),
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
    record: DeliveryRecord | undefined
  ): CarrierProfile {
    return {
      label: this.label(carrierId, fact?.verified ?? false),
      verified: fact?.verified ?? false,
      memberSince: fact?.memberSince ?? null,
      completedLoads: record?.completedLoads ?? 0,
      onTimeRate: record?.onTimeRate ?? null,
      equipmentTypes: fact?.equipmentTypes ?? [],
    }
  }

  /**
   * Completed loads = delivered bookings. On time = delivered (in the business time zone) on
   * or before the delivery date the shipper booked; loads without a delivery date don't count.
   */
  private async deliveryRecords(carrierIds: number[]): Promise<Map<number, DeliveryRecord>> {
    if (carrierIds.length === 0) return new Map()
    const rows = await Booking.query()
      .whereIn('carrierId', carrierIds)
      .where('status', 'delivered')
      .select('carrier_id', 'delivery_date', 'delivered_at')
    const tally = new Map<number, { delivered: number; judged: number; onTime: number }>()
    for (const row of rows) {
      const entry = tally.get(row.carrierId!) ?? { delivered: 0, judged: 0, onTime: 0 }
      entry.delivered += 1
      const due = isoDay(row.deliveryDate)
      if (due && row.deliveredAt) {
        entry.judged += 1
        const deliveredOn = (row.deliveredAt as DateTime).setZone(BUSINESS_TIME_ZONE).toISODate()!
        if (deliveredOn <= due) entry.onTime += 1
      }
      tally.set(row.carrierId!, entry)
    }
    return new Map(
      [...tally].map(([id, t]) => [
        id,
        {
          completedLoads: t.delivered,
          onTimeRate: t.judged ? Math.round((t.onTime / t.judged) * 1000) / 1000 : null,
        },
      ])
    )
  }
}
