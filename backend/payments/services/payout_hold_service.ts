import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import { Clock } from '#core/clock'
import { isoUtc, sqlTimestamp } from '#core/timestamps'

/** How long a carrier's payouts wait after a change to its payout account, email or phone. */
export const PAYOUT_HOLD_HOURS = 72

export type PayoutHoldKind = 'payout_account' | 'email' | 'phone'

const REASONS: Record<PayoutHoldKind, string> = {
  payout_account: 'Payout account changed',
  email: 'Account email changed',
  phone: 'Account phone number changed',
}

/** A hold as the carrier's Payout History and the admin's list show it. */
export type PayoutHold = {
  id: number
  carrierId: number
  kind: PayoutHoldKind
  /** "Payout account changed: payouts held for 72 hours" */
  reason: string
  noticeSentTo: string | null
  startsAt: string
  endsAt: string
}

type HoldRow = {
  id: number
  carrier_id: number
  kind: PayoutHoldKind
  reason: string
  notice_sent_to: string | null
  starts_at: unknown
  ends_at: unknown
}

/** The text a held booking's payout shows: why, and until when (UTC ISO, the UI localises). */
export function holdReason(kind: PayoutHoldKind): string {
  return `${REASONS[kind]}: payouts held for ${PAYOUT_HOLD_HOURS} hours`
}

/** True for the reason a payout hold leaves on a held booking. */
export function isPayoutHoldReason(reason: string | null): boolean {
  return (Object.keys(REASONS) as PayoutHoldKind[]).some((kind) => reason === holdReason(kind))
}

/**
 * Payout holds after a change that a thief who took an account over would make first
 * (docs/decisions/0098): a new payout account, email or phone number holds the carrier's
 * transfers for PAYOUT_HOLD_HOURS on the business clock. Releases still happen (the money
 * moves to the carrier's payable in the ledger); the transfer waits for the hold to end.
 */
@inject()
export default class PayoutHoldService {
  constructor(
    private clock: Clock,
    private carriers: CarrierProfileService
  ) {}

  /** Holds the carrier's payouts from now, inside the caller's transaction; the hold's end. */
  async hold(
    trx: TransactionClientContract,
    carrierId: number,
    kind: PayoutHoldKind,
    noticeSentTo: string | null,
    /** the login that made the change (a company member's own, decision 0246) */
    changedBy: number | null = null
  ): Promise<DateTime> {
    const now = this.clock.now()
    // On a whole second (up): SQLite stores whole seconds, and the time the carrier is told
    // must be the time it ends, never a moment after.
    const end = now.plus({ hours: PAYOUT_HOLD_HOURS })
    const endsAt = end.millisecond === 0 ? end : end.startOf('second').plus({ seconds: 1 })
    await trx.table('payout_holds').insert({
      carrier_id: carrierId,
      kind,
      reason: holdReason(kind),
      notice_sent_to: noticeSentTo,
      changed_by: changedBy,
      starts_at: sqlTimestamp(now, trx),
      ends_at: sqlTimestamp(endsAt, trx),
      created_at: sqlTimestamp(now, trx),
    })
    return endsAt
  }

  /** A user's email or phone changed (accounts' AccountChangeGuard): holds it if a carrier. */
  async holdForUser(
    trx: TransactionClientContract,
    userId: number,
    kind: PayoutHoldKind,
    noticeSentTo: string
  ): Promise<DateTime | null> {
    const carrierId = await this.carriers.findCarrierId(userId, trx)
    if (carrierId === null) return null
    return this.hold(trx, carrierId, kind, noticeSentTo)
  }

  /** The hold in force for a carrier now (the one ending last), or null. */
  async activeFor(carrierId: number): Promise<PayoutHold | null> {
    const [hold] = await this.active().where('carrier_id', carrierId).limit(1)
    return hold ? present(hold as HoldRow) : null
  }

  /** The hold in force now for each of these carriers that has one (the one ending last). */
  async activeForCarriers(carrierIds: number[]): Promise<Map<number, PayoutHold>> {
    const holds = new Map<number, PayoutHold>()
    if (carrierIds.length === 0) return holds
    const rows = (await this.active().whereIn('carrier_id', [...new Set(carrierIds)])) as HoldRow[]
    for (const row of rows) {
      const hold = present(row)
      if (!holds.has(hold.carrierId)) holds.set(hold.carrierId, hold)
    }
    return holds
  }

  /** Holds in force now, for the admin's list, ending last first. */
  async allActive(limit: number): Promise<PayoutHold[]> {
    const rows = (await this.active().limit(limit)) as HoldRow[]
    return rows.map(present)
  }

  private active() {
    const client = db.connection()
    const now = sqlTimestamp(this.clock.now(), client)
    return client
      .from('payout_holds')
      .where('starts_at', '<=', now)
      .where('ends_at', '>', now)
      .select('id', 'carrier_id', 'kind', 'reason', 'notice_sent_to', 'starts_at', 'ends_at')
      .orderBy('ends_at', 'desc')
      .orderBy('id', 'desc')
  }
}

function present(row: HoldRow): PayoutHold {
  return {
    id: Number(row.id),
    carrierId: Number(row.carrier_id),
    kind: row.kind,
    reason: row.reason,
    noticeSentTo: row.notice_sent_to,
    startsAt: isoUtc(row.starts_at)!,
    endsAt: isoUtc(row.ends_at)!,
  }
}
