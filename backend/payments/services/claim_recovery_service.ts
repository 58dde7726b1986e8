import emitter from '@adonisjs/core/services/emitter'
import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { CLAIM_CHAIN } from '#payments/chains'
import LedgerService, { recoveryDeductionTransaction } from '#payments/services/ledger_service'
import type { PayoutSubjectKind, SubjectPayout } from '#payments/services/payout_subjects'
import { netRecoveries, type OpenRecovery } from '#payments/services/recovery_rules'
import { Clock } from '#core/clock'
import { appendToChain } from '#core/hash_chain'
import { formatUsd } from '#core/money'
import { bookingReference, expeditedReference } from '#core/reference'
import { sqlTimestamp } from '#core/timestamps'
import { rowCount, writeTransaction } from '#core/transactions'
import { isUniqueViolation } from '#core/validation'
import '#payments/payout_events'

/** A deduction as the payout history and the claim screens show it. */
export type RecoveryDeductionView = {
  claimId: number
  /** the claimed booking's reference (the claim's number on the screens) */
  claimReference: string
  amountCents: number
}

/** Recoveries as the quick-pay quote reads them, for many payouts of one kind. */
export type RecoveriesOwed = {
  /** cents already netted from a subject's payout, by the subject's id */
  netted: Map<number, number>
  /** open recoveries by carrier, oldest claim first */
  open: Map<number, OpenRecovery[]>
}

/** What one payout would net: what was netted from it, else the recoveries still open. */
export type RecoveryOwed = { nettedCents: number | null; open: OpenRecovery[] }

/** Rows a concurrent deduction changed under us are read again this many times. */
const MAX_DEDUCTION_TRIES = 5

class RecoveryMoved extends Error {}

/**
 * Collecting cargo-claim recoveries from the carrier company's later payouts
 * (docs/decisions/0254). The payout run asks, for the payouts it is about to transfer, what
 * each one nets: a payout already netted (a retry after a refused transfer, a claim taken over
 * from a dead run) keeps its deductions; a new one is netted against the carrier's open
 * recoveries, oldest claim first, in one transaction that locks those claims (PostgreSQL
 * `FOR UPDATE`, SQLite's one writer), moves `recovered_cents` by a conditional update, writes
 * one `claim_recovery_deductions` row per claim (unique per payout and claim), one ledger
 * transaction per row and one audit step per claim. So two runs at once deduct once.
 */
@inject()
export default class ClaimRecoveryService {
  constructor(
    private clock: Clock,
    private ledger: LedgerService
  ) {}

  /** What each payout nets for recoveries, cents, by the subject's id (absent: nothing). */
  async deduct(kind: PayoutSubjectKind, payouts: SubjectPayout[]): Promise<Map<number, number>> {
    const deducted = new Map<number, number>()
    if (payouts.length === 0) return deducted
    for (const [id, cents] of await this.earlier(
      db.connection(),
      kind,
      payouts.map((p) => p.id)
    )) {
      deducted.set(id, cents)
    }
    const fresh = payouts.filter((p) => !deducted.has(p.id) && p.payoutCents > 0)
    if (fresh.length === 0) return deducted
    const owing = new Set(
      (
        await db
          .from('cargo_claims')
          .whereIn('carrier_id', [...new Set(fresh.map((p) => p.carrierId))])
          .where('status', 'settled')
          .whereRaw('recovery_cents > recovered_cents')
          .distinct('carrier_id')
      ).map((row) => Number(row.carrier_id))
    )
    for (const payout of fresh) {
      if (!owing.has(payout.carrierId)) continue
      const { cents, claims } = await this.deductOne(kind, payout)
      if (cents > 0) deducted.set(payout.id, cents)
      for (const claim of claims) {
        await emitter.emit('claims:changed', {
          claimId: claim.claimId,
          bookingId: claim.bookingId,
          status: 'recovery_collected',
        })
      }
    }
    return deducted
  }

  /** Deductions already recorded for these payouts, summed by the subject's id. */
  private async earlier(
    client: TransactionClientContract | ReturnType<typeof db.connection>,
    kind: PayoutSubjectKind,
    ids: number[]
  ): Promise<Map<number, number>> {
    const rows = await client
      .from('claim_recovery_deductions')
      .where('subject', kind)
      .whereIn('subject_id', ids)
      .groupBy('subject_id')
      .select('subject_id')
      .sum('amount_cents as cents')
    return new Map(rows.map((row) => [Number(row.subject_id), Number(row.cents)]))
  }

  private async deductOne(
    kind: PayoutSubjectKind,
    payout: SubjectPayout
  ): Promise<{ cents: number; claims: { claimId: number; bookingId: number }[] }> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await writeTransaction((trx) => this.deductIn(trx, kind, payout))
      } catch (error) {
        const retry = error instanceof RecoveryMoved || isUniqueViolation(error)
        if (!retry || attempt >= MAX_DEDUCTION_TRIES) throw error
      }
    }
  }

  private async deductIn(
    trx: TransactionClientContract,
    kind: PayoutSubjectKind,
    payout: SubjectPayout
  ) {
    const query = trx
      .from('cargo_claims')
      .where('carrier_id', payout.carrierId)
      .where('status', 'settled')
      .whereRaw('recovery_cents > recovered_cents')
      .orderBy('id')
      .select('id', 'booking_id', 'recovery_cents', 'recovered_cents')
    if (trx.dialect.name === 'postgres') query.forUpdate()
    const rows = await query
    // Netted meanwhile by another run holding the same payout: its deductions stand.
    const already = (await this.earlier(trx, kind, [payout.id])).get(payout.id)
    if (already !== undefined) return { cents: already, claims: [] }
    const open: OpenRecovery[] = rows.map((row) => ({
      claimId: Number(row.id),
      outstandingCents: Number(row.recovery_cents) - Number(row.recovered_cents),
    }))
    const { deductions } = netRecoveries(payout.payoutCents, open)
    if (deductions.length === 0) return { cents: 0, claims: [] }
    const byId = new Map(rows.map((row) => [Number(row.id), row]))
    const now = this.clock.now()
    const stamp = sqlTimestamp(now, trx)
    const reference =
      kind === 'booking' ? bookingReference(payout.id) : expeditedReference(payout.id)
    for (const { claimId, amountCents } of deductions) {
      const row = byId.get(claimId)!
      const moved = await trx
        .from('cargo_claims')
        .where('id', claimId)
        .where('recovered_cents', row.recovered_cents)
        .whereRaw('recovered_cents + ? <= recovery_cents', [amountCents])
        .update({ recovered_cents: Number(row.recovered_cents) + amountCents, updated_at: stamp })
      if (rowCount(moved) !== 1) throw new RecoveryMoved()
      await appendToChain(trx, CLAIM_CHAIN, [
        {
          claim_id: claimId,
          actor_id: null,
          actor_role: 'system',
          action: 'recovery_collected',
          status: 'settled',
          amount_cents: amountCents,
          note: `${formatUsd(amountCents)} netted from the payout of ${reference}`,
          created_at: stamp,
        },
      ])
    }
    await trx.table('claim_recovery_deductions').multiInsert(
      deductions.map(({ claimId, amountCents }) => ({
        claim_id: claimId,
        carrier_id: payout.carrierId,
        subject: kind,
        subject_id: payout.id,
        amount_cents: amountCents,
        created_at: stamp,
      }))
    )
    await this.ledger.postMany(
      trx,
      deductions.map(({ claimId, amountCents }) =>
        recoveryDeductionTransaction(claimId, kind, payout.id, payout.carrierId, amountCents)
      )
    )
    return {
      cents: deductions.reduce((sum, d) => sum + d.amountCents, 0),
      claims: deductions.map(({ claimId }) => ({
        claimId,
        bookingId: Number(byId.get(claimId)!.booking_id),
      })),
    }
  }

  /**
   * What these subjects' payouts would net for recoveries if transferred now, read only (the
   * quick-pay quote): the deductions already recorded for a subject, else its carrier's open
   * recoveries, oldest claim first, to net against (`netRecoveries`).
   */
  async owed(
    kind: PayoutSubjectKind,
    subjects: { id: number; carrierId: number | null }[]
  ): Promise<RecoveriesOwed> {
    const owed: RecoveriesOwed = { netted: new Map(), open: new Map() }
    if (subjects.length === 0) return owed
    owed.netted = await this.earlier(
      db.connection(),
      kind,
      subjects.map((s) => s.id)
    )
    const carriers = [
      ...new Set(subjects.map((s) => s.carrierId).filter((id): id is number => id !== null)),
    ]
    if (carriers.length === 0) return owed
    const rows = await db
      .from('cargo_claims')
      .whereIn('carrier_id', carriers)
      .where('status', 'settled')
      .whereRaw('recovery_cents > recovered_cents')
      .orderBy('id')
      .select('id', 'carrier_id', 'recovery_cents', 'recovered_cents')
    for (const row of rows) {
      const carrierId = Number(row.carrier_id)
      owed.open.set(carrierId, [
        ...(owed.open.get(carrierId) ?? []),
        {
          claimId: Number(row.id),
          outstandingCents: Number(row.recovery_cents) - Number(row.recovered_cents),
        },
      ])
    }
    return owed
  }

  /** One subject's share of `owed`: its recorded deductions, or its carrier's open recoveries. */
  static owedBy(owed: RecoveriesOwed, id: number, carrierId: number | null): RecoveryOwed {
    return {
      nettedCents: owed.netted.get(id) ?? null,
      open: carrierId === null ? [] : (owed.open.get(carrierId) ?? []),
    }
  }

  /** The deductions netted from these payouts, by the subject's id (the payout history). */
  async deductionsOf(
    kind: PayoutSubjectKind,
    ids: number[]
  ): Promise<Map<number, RecoveryDeductionView[]>> {
    const found = new Map<number, RecoveryDeductionView[]>()
    if (ids.length === 0) return found
    const rows = await db
      .from('claim_recovery_deductions as d')
      .join('cargo_claims as c', 'c.id', 'd.claim_id')
      .where('d.subject', kind)
      .whereIn('d.subject_id', ids)
      .orderBy('d.id')
      .select('d.subject_id', 'd.claim_id', 'd.amount_cents', 'c.booking_id')
    for (const row of rows) {
      const id = Number(row.subject_id)
      found.set(id, [
        ...(found.get(id) ?? []),
        {
          claimId: Number(row.claim_id),
          claimReference: bookingReference(Number(row.booking_id)),
          amountCents: Number(row.amount_cents),
        },
      ])
    }
    return found
  }
}
