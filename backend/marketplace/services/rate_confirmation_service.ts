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

/** "RC-2026-0000042": the year issued and the booking id; one rate confirmation per booking. */
export function formatRateConfirmationNumber(year: number, bookingId: number): string {
  return `RC-${year}-${String(bookingId).padStart(7, '0')}`
}

/** Why a carrier cannot report the pickup yet (docs/decisions/0226). */
export const RATE_CONFIRMATION_REFUSAL =
  'The rate confirmation has not been accepted yet: accept it before reporting the pickup'

export const NO_RATE_CONFIRMATION =
  'No rate confirmation yet: it is issued once the booking is paid'

/** The bookings among these whose rate confirmation is accepted. */
export async function acceptedRateConfirmations(
  bookingIds: number[],
  client?: QueryClientContract
): Promise<Set<number>> {
  if (bookingIds.length === 0) return new Set()
  const rows = await (client ?? db)
    .from('rate_confirmations')
    .whereIn('booking_id', bookingIds)
    .whereNotNull('accepted_at')
    .select('booking_id')
  return new Set(rows.map((row) => Number(row.booking_id)))
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
  /** a partner booking's: the partner confirmed the rate when it took the booking */
  acceptedBy?: { name: string; at: DateTime }
}

/** Who accepts, as a user's terms acceptance is recorded (docs/decisions/0226). */
export type Acceptor = { userId: number; name: string; ip: string | null; userAgent: string | null }

export type RateConfirmationView = {
  bookingId: number
  number: string
  status: 'issued' | 'accepted'
  issuedAt: string
  downloadUrl: string
  lineHaulCents: number
  accessorialsCents: number
  carrierPayCents: number | null
  termsVersion: string | null
  accepted: { at: string; name: string } | null
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

  async find(bookingId: number, client?: QueryClientContract) {
    return RateConfirmation.query(client ? { client } : {})
      .where('bookingId', bookingId)
      .first()
  }

  /** Records a rate confirmation once; false when another run recorded it first. */
  async record(bookingId: number, issued: IssuedRateConfirmation): Promise<boolean> {
    if (await this.find(bookingId)) return false
    try {
      await transaction(async (trx) => {
        await RateConfirmation.create(
          {
            bookingId,
            number: issued.number,
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
   * The carrier accepts: one conditional update, so a double click or two tabs record the
   * first acceptance and answer it again.
   */
  async accept(bookingId: number, acceptor: Acceptor): Promise<RateConfirmationView> {
    const row = await this.ensure(bookingId)
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
        .where('booking_id', bookingId)
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
    if (rowCount(updated) === 1) {
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

  present(row: RateConfirmation): RateConfirmationView {
    return {
      bookingId: row.bookingId,
      number: row.number,
      status: row.acceptedAt ? 'accepted' : 'issued',
      issuedAt: row.issuedAt.toUTC().toISO()!,
      downloadUrl: row.downloadUrl,
      lineHaulCents: Number(row.lineHaulCents),
      accessorialsCents: Number(row.accessorialsCents),
      carrierPayCents: row.carrierPayCents === null ? null : Number(row.carrierPayCents),
      termsVersion: row.termsVersion,
      accepted: row.acceptedAt
        ? { at: row.acceptedAt.toUTC().toISO()!, name: row.acceptedName ?? '' }
        : null,
    }
  }
}
