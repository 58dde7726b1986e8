import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import type { DateTime } from 'luxon'
import RateConfirmation from '#marketplace/models/rate_confirmation'
import { RateConfirmationIssuer } from '#marketplace/contracts/rate_confirmation_issuer'
import { Clock } from '#core/clock'
import { rowCount, transaction } from '#core/transactions'
import { sqlTimestamp } from '#core/timestamps'
import { isUniqueViolation } from '#core/validation'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'

/**
 * "RC-2026-0000042": the year issued and the booking id; a revision adds "-R1", "-R2"...
 * (docs/decisions/0250). The year is the revision's own.
 */
export function formatRateConfirmationNumber(
  year: number,
  bookingId: number,
  revision = 0
): string {
  const base = `RC-${year}-${String(bookingId).padStart(7, '0')}`
  return revision > 0 ? `${base}-R${revision}` : base
}

/** Accepting a revision that is no longer the latest (docs/decisions/0250). */
export const staleRevision = (latest: string) =>
  `A newer rate confirmation was issued: read ${latest} before accepting it`

/** Why a carrier cannot report the pickup yet (docs/decisions/0226). */
export const RATE_CONFIRMATION_REFUSAL =
  'The rate confirmation has not been accepted yet: accept it before reporting the pickup'

export const NO_RATE_CONFIRMATION =
  'No rate confirmation yet: it is issued once the booking is paid'

/**
 * The bookings among these whose pickup the rate confirmation no longer holds: the latest
 * revision issued before the pickup is accepted. A revision issued after the pickup asks for
 * acceptance but holds nothing (docs/decisions/0250).
 */
export async function acceptedRateConfirmations(
  bookingIds: number[],
  client?: QueryClientContract
): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set()
  const rows = await (client ?? db)
    .from('rate_confirmations')
    .whereIn('booking_id', bookingIds)
    .where('holds_pickup', true)
    .select('booking_id', 'revision', 'accepted_at')
  const latest = new Map<number, { revision: number; accepted: boolean }>()
  for (const row of rows) {
    const bookingId = Number(row.booking_id)
    const revision = Number(row.revision)
    const seen = latest.get(bookingId)
    if (!seen || revision > seen.revision) {
      latest.set(bookingId, { revision, accepted: row.accepted_at !== null })
    }
  }
  return new Set([...latest].filter(([, r]) => r.accepted).map(([id]) => id))
}

/** What the issuer records once the PDF is stored. */
export type IssuedRateConfirmation = {
  number: string
  documentId: number
  downloadUrl: string
  lineHaulCents: number
  accessorialsCents: number
  carrierPayCents: number | null
  termsVersion: string | null
  issuedAt: DateTime
  /** 0 for the first; n for the n-th revision (docs/decisions/0250) */
  revision?: number
  /** what changed, on a revision */
  reason?: string | null
  /** false for a revision issued after the pickup */
  holdsPickup?: boolean
  /** a partner booking's: the partner confirmed the rate when it took the booking */
  acceptedBy?: { name: string; at: DateTime }
}

/** Who accepts, as a user's terms acceptance is recorded (docs/decisions/0226). */
export type Acceptor = { userId: number; name: string; ip: string | null; userAgent: string | null }

/** One revision as the parties read it (docs/decisions/0250). */
export type RateConfirmationRevisionView = {
  number: string
  revision: number
  status: 'issued' | 'accepted' | 'superseded'
  reason: string | null
  issuedAt: string
  downloadUrl: string
  accepted: { at: string; name: string } | null
}

export type RateConfirmationView = {
  bookingId: number
  number: string
  revision: number
  /** what changed, when this is a revision */
  reason: string | null
  /** whether its acceptance holds the pickup report (false when issued after the pickup) */
  holdsPickup: boolean
  status: 'issued' | 'accepted'
  issuedAt: string
  downloadUrl: string
  lineHaulCents: number
  accessorialsCents: number
  carrierPayCents: number | null
  termsVersion: string | null
  accepted: { at: string; name: string } | null
  /** every revision, the first first; all but the last superseded */
  revisions: RateConfirmationRevisionView[]
}

/**
 * A booking's rate confirmation (docs/decisions/0226): marketplace's row of it, its
 * acceptance by the carrier, and whether a booking's pickup may be reported. The PDF is the
 * TMS's (`RateConfirmationIssuer`).
 */
@inject()
export default class RateConfirmationService {
  constructor(
    private clock: Clock,
    private issuer: RateConfirmationIssuer
  ) {}

  /** The booking's current rate confirmation: its latest revision. */
  async find(bookingId: number, client?: QueryClientContract) {
    return RateConfirmation.query(client ? { client } : {})
      .where('bookingId', bookingId)
      .orderBy('revision', 'desc')
      .first()
  }

  /** Every revision of the booking's rate confirmation, the first first. */
  async revisions(bookingId: number): Promise<RateConfirmation[]> {
    return RateConfirmation.query().where('bookingId', bookingId).orderBy('revision', 'asc')
  }

  /**
   * Records a rate confirmation once per revision; false when another run recorded that
   * revision first (the issuer then tries the next number or, for the first, stops). A
   * revision marks every earlier one superseded in the same transaction.
   */
  async record(bookingId: number, issued: IssuedRateConfirmation): Promise<boolean> {
    const revision = issued.revision ?? 0
    if (revision === 0 && (await this.find(bookingId))) return false
    try {
      await transaction(async (trx) => {
        await RateConfirmation.create(
          {
            bookingId,
            number: issued.number,
            revision,
            reason: issued.reason ?? null,
            holdsPickup: issued.holdsPickup ?? true,
            supersededAt: null,
            documentId: issued.documentId,
            downloadUrl: issued.downloadUrl,
            lineHaulCents: issued.lineHaulCents,
            accessorialsCents: issued.accessorialsCents,
            carrierPayCents: issued.carrierPayCents,
            termsVersion: issued.termsVersion,
            issuedAt: issued.issuedAt,
            acceptedAt: issued.acceptedBy?.at ?? null,
            acceptedName: issued.acceptedBy?.name ?? null,
          },
          { client: trx }
        )
        if (revision > 0) {
          await trx
            .from('rate_confirmations')
            .where('booking_id', bookingId)
            .where('revision', '<', revision)
            .whereNull('superseded_at')
            .update({ superseded_at: sqlTimestamp(issued.issuedAt, trx) })
        }
      })
    } catch (error) {
      if (isUniqueViolation(error)) return false
      throw error
    }
    return true
  }

  /**
   * The booking's rate confirmation for one of its parties (the route's policy checked who):
   * only once the booking is paid (anonymity: it names both companies). A paid booking whose
   * confirmation is missing (paid before rate confirmations, or its issue failed) gets it now.
   */
  async show(bookingId: number): Promise<RateConfirmationView> {
    return this.present(await this.ensure(bookingId))
  }

  /**
   * Something the rate confirmation printed changed on a booked load (docs/decisions/0250):
   * a revision is issued with the next number, the earlier one kept as superseded, and both
   * parties are told. Nothing happens while there is no rate confirmation yet (the first one
   * will print the change) or once the booking is cancelled or completed. After the pickup the
   * revision asks for acceptance without holding the delivery.
   */
  async revise(bookingId: number, reason: string): Promise<RateConfirmation | null> {
    const current = await this.find(bookingId)
    if (!current) return null
    const booking = await db.from('bookings').where('id', bookingId).select('status').first()
    if (!booking || booking.status === 'cancelled' || booking.status === 'completed') return null
    const pickedUp =
      ['in_transit', 'delivered'].includes(String(booking.status)) ||
      (await db
        .from('booking_status_changes')
        .where('booking_id', bookingId)
        .where('to_status', 'in_transit')
        .first()) !== null
    await this.issuer.revise(bookingId, reason.slice(0, 300), !pickedUp)
    const revised = await this.find(bookingId)
    if (revised && revised.revision > current.revision) {
      await emitter.emit('booking:rate_confirmation', {
        bookingId,
        change: 'rate_confirmation_revised',
      })
    }
    return revised
  }

  /**
   * The carrier accepts: one conditional update, so a double click or two tabs record the
   * first acceptance and answer it again.
   */
  async accept(
    bookingId: number,
    acceptor: Acceptor,
    /** the revision the carrier read; a newer one is a 409 (docs/decisions/0250) */
    number?: string
  ): Promise<RateConfirmationView> {
    const row = await this.ensure(bookingId)
    if (number !== undefined && number !== row.number) {
      const known = (await this.revisions(bookingId)).some((r) => r.number === number)
      if (!known) throw new NotFoundException(`No rate confirmation ${number} on this booking`)
      throw new ConflictException(staleRevision(row.number))
    }
    if (row.acceptedAt) return this.present(row)
    const status = await db.from('bookings').where('id', bookingId).select('status').first()
    if (status?.status === 'cancelled') {
      throw new ConflictException(
        'The booking is cancelled: its rate confirmation cannot be accepted'
      )
    }
    const now = this.clock.now()
    const updated = await transaction(async (trx) =>
      trx
        .from('rate_confirmations')
        .where('id', row.id)
        .whereNull('superseded_at')
        .whereNull('accepted_at')
        .update({
          accepted_at: sqlTimestamp(now, trx),
          accepted_by_user_id: acceptor.userId,
          accepted_name: acceptor.name.slice(0, 200),
          accepted_ip: acceptor.ip?.slice(0, 64) ?? null,
          accepted_user_agent: acceptor.userAgent,
          updated_at: sqlTimestamp(now, trx),
        })
    )
    if (rowCount(updated) !== 1) {
      const latest = (await this.find(bookingId))!
      if (latest.id !== row.id) throw new ConflictException(staleRevision(latest.number))
    } else {
      await emitter.emit('booking:rate_confirmation', {
        bookingId,
        change: 'rate_confirmation_accepted',
      })
    }
    return this.present((await this.find(bookingId))!)
  }

  private async ensure(bookingId: number): Promise<RateConfirmation> {
    const existing = await this.find(bookingId)
    if (existing) return existing
    const booking = await db
      .from('bookings')
      .where('id', bookingId)
      .select('payment_status')
      .first()
    if (!booking) throw new NotFoundException('Booking not found')
    if (booking.payment_status !== 'paid') throw new NotFoundException(NO_RATE_CONFIRMATION)
    await this.issuer.issue(bookingId)
    const issued = await this.find(bookingId)
    if (!issued) throw new NotFoundException(NO_RATE_CONFIRMATION)
    return issued
  }

  async present(row: RateConfirmation): Promise<RateConfirmationView> {
    const revisions = await this.revisions(row.bookingId)
    return {
      bookingId: row.bookingId,
      number: row.number,
      revision: row.revision,
      reason: row.reason,
      holdsPickup: Boolean(row.holdsPickup),
      status: row.acceptedAt ? 'accepted' : 'issued',
      issuedAt: row.issuedAt.toUTC().toISO()!,
      downloadUrl: row.downloadUrl,
      lineHaulCents: Number(row.lineHaulCents),
      accessorialsCents: Number(row.accessorialsCents),
      carrierPayCents: row.carrierPayCents === null ? null : Number(row.carrierPayCents),
      termsVersion: row.termsVersion,
      accepted: accepted(row),
      revisions: revisions.map((r) => ({
        number: r.number,
        revision: r.revision,
        status: r.supersededAt ? 'superseded' : r.acceptedAt ? 'accepted' : 'issued',
        reason: r.reason,
        issuedAt: r.issuedAt.toUTC().toISO()!,
        downloadUrl: r.downloadUrl,
        accepted: accepted(r),
      })),
    }
  }
}

function accepted(row: RateConfirmation) {
  return row.acceptedAt
    ? { at: row.acceptedAt.toUTC().toISO()!, name: row.acceptedName ?? '' }
    : null
}
