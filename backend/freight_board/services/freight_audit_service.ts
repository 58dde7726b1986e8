import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { inject } from '@adonisjs/core'
import CarrierShownToShipper from '#marketplace/services/carrier_shown_to_shipper'
import type { DateTime } from 'luxon'
import FreightListingAudit from '#freight_board/models/freight_listing_audit'
import { isoUtc } from '#core/timestamps'

export type FreightAction =
  | 'posted'
  | 'recommended'
  | 'funded'
  | 'funding_failed'
  | 'refunded'
  | 'held'
  | 'released'
  | 'expired'
  | 'claimed'
  | 'cancelled'
  | 'reopened'
  | 'invited'
  | 'invite_used'
  /** the invited carrier can no longer take loads: the invite ended (docs/decisions/0158) */
  | 'invite_cancelled'

/** Who acted: a user with a role, or the system (scheduled expiry, payment deadline). */
export type FreightActor = {
  userId: number | null
  role: string
  /** the company member's own login that acted, beside the company (decision 0246) */
  memberUserId?: number | null
}

export const SYSTEM: FreightActor = { userId: null, role: 'system' }

export type AuditEntry = {
  id: number
  action: string
  actor_role: string | null
  created_at: string
  meta: Record<string, unknown> | null
}

/** What a load's recommendation rested on when it was posted (docs/decisions/0176). */
export type RecommendationBasis = {
  method: 'lane_history' | 'cost_model'
  scope: 'zip3' | 'state' | 'region' | null
  sample_size: number
}

/** The listing's audit trail: one row per action, with actor, role and meta. */
@inject()
export default class FreightAuditService {
  constructor(private shown: CarrierShownToShipper) {}

  async record(
    listingId: number,
    action: FreightAction,
    actor: FreightActor,
    at: DateTime,
    meta: Record<string, unknown> | null = null,
    client?: QueryClientContract
  ) {
    await FreightListingAudit.create(
      {
        listingId,
        action,
        actorUserId: actor.userId,
        actorRole: actor.role,
        memberUserId: actor.memberUserId ?? null,
        meta,
        createdAt: at,
      },
      client ? { client } : undefined
    )
  }

  /**
   * What each load's recommendation rested on when it was posted (its `recommended` audit, the
   * latest when there are several), by listing id; loads with none recorded are absent.
   */
  async recommendationBases(listingIds: number[]): Promise<Map<number, RecommendationBasis>> {
    const bases = new Map<number, RecommendationBasis>()
    if (listingIds.length === 0) return bases
    const rows = await FreightListingAudit.query()
      .whereIn('listingId', listingIds)
      .where('action', 'recommended')
      .orderBy('id', 'asc')
    for (const row of rows) {
      const meta = row.meta ?? {}
      const method = meta.method
      if (method !== 'lane_history' && method !== 'cost_model') continue
      const scope = meta.scope
      bases.set(row.listingId, {
        method,
        scope: scope === 'zip3' || scope === 'state' || scope === 'region' ? scope : null,
        sample_size: typeof meta.sample_size === 'number' ? meta.sample_size : 0,
      })
    }
    return bases
  }

  /**
   * Oldest first, as the load's shipper and its claimant read it: the rows keep the carrier's id
   * (admins' oversight reads them), the trail shows its anonymous label in its place, so no
   * carrier id reaches a shipper (docs/decisions/0157).
   */
  async list(listingId: number): Promise<AuditEntry[]> {
    const rows = await FreightListingAudit.query()
      .where('listingId', listingId)
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
      .limit(1000)
    const carrierIds = rows.flatMap((row) => {
      const id = row.meta?.carrier_id
      return typeof id === 'number' ? [id] : []
    })
    const labels = await this.shown.unpaidLabels(carrierIds)
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor_role: row.actorRole,
      created_at: isoUtc(row.createdAt)!,
      meta: row.meta === null ? null : anonymousMeta(row.meta, labels),
    }))
  }
}

/**
 * A trail entry's facts with its carrier id replaced by the carrier's anonymous label, and
 * without an admin's own words on why an invite ended (`detail`: the suspension's reason is for
 * the carrier and the admins, not the shipper); the reason's code stays.
 */
function anonymousMeta(meta: Record<string, unknown>, labels: Map<number, string>) {
  const { carrier_id: carrierId, detail: _detail, ...rest } = meta
  if (carrierId === undefined) return rest
  return {
    ...rest,
    carrier: typeof carrierId === 'number' ? (labels.get(carrierId) ?? null) : null,
  }
}
