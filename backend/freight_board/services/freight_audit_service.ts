import type { QueryClientContract } from '@adonisjs/lucid/types/database'
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

/** Who acted: a user with a role, or the system (scheduled expiry, payment deadline). */
export type FreightActor = { userId: number | null; role: string }

export const SYSTEM: FreightActor = { userId: null, role: 'system' }

export type AuditEntry = {
  id: number
  action: string
  actor_role: string | null
  created_at: string
  meta: Record<string, unknown> | null
}

/** The listing's audit trail: one row per action, with actor, role and meta. */
export default class FreightAuditService {
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
        meta,
        createdAt: at,
      },
      client ? { client } : undefined
    )
  }

  /** Oldest first. */
  async list(listingId: number): Promise<AuditEntry[]> {
    const rows = await FreightListingAudit.query()
      .where('listingId', listingId)
      .orderBy('createdAt', 'asc')
      .orderBy('id', 'asc')
      .limit(1000)
    return rows.map((row) => ({
      id: row.id,
      action: row.action,
      actor_role: row.actorRole,
      created_at: isoUtc(row.createdAt)!,
      meta: row.meta,
    }))
  }
}
