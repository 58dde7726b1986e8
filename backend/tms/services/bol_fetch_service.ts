import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import type { DateTime } from 'luxon'
import BolFetchQueueItem from '#tms/models/bol_fetch_queue_item'
import BookingDocumentsService from '#marketplace/services/booking_documents_service'
import DocumentService from '#tms/services/document_service'
import partnerCarriers from '#plugins/partner_carriers/services/main'
import { Clock } from '#core/clock'
import { rowCount, writeTransaction } from '#core/transactions'
import { isUniqueViolation } from '#core/validation'

/** Backoff of a partner BOL fetch (docs/decisions/0084): 60 s, doubled each attempt, capped. */
export const BOL_FETCH_BASE_SECONDS = 60
export const BOL_FETCH_FACTOR = 2
export const BOL_FETCH_MAX_DELAY_SECONDS = 6 * 3600
/** Attempts (pending answers included) after which the row stops, keeping its last error. */
export const BOL_FETCH_MAX_ATTEMPTS = 10
/** A claimed row is not due again for this long, so a crashed run's row is retried later. */
export const BOL_FETCH_LEASE_SECONDS = 300
const BATCH = 20

/** Seconds to wait after the `attempts`-th attempt (1-based). */
export function bolFetchDelaySeconds(attempts: number, retryAfterSeconds?: number | null) {
  const backoff = Math.min(
    BOL_FETCH_BASE_SECONDS * BOL_FETCH_FACTOR ** Math.max(0, attempts - 1),
    BOL_FETCH_MAX_DELAY_SECONDS
  )
  return Math.max(backoff, retryAfterSeconds ?? 0)
}

export type BolFetchOutcome = 'stored' | 'pending' | 'failed' | 'stopped' | 'skipped'
export type BolFetchRun = { bookingId: number; outcome: BolFetchOutcome }[]

/**
 * Fetches partner bookings' bills of lading through the `bol_fetch_queue` (one row per
 * booking): due rows are claimed by a conditional update (after `FOR UPDATE SKIP LOCKED` on
 * PostgreSQL, under the write lock on SQLite), so two runners never fetch one row at once.
 */
@inject()
export default class BolFetchService {
  constructor(
    private clock: Clock,
    private bookings: BookingDocumentsService,
    private documents: DocumentService
  ) {}

  /** Queues a partner booking's BOL for fetching now; a booking already queued stays as is. */
  async enqueue(bookingId: number): Promise<void> {
    if (await BolFetchQueueItem.find(bookingId)) return
    try {
      await BolFetchQueueItem.create({
        bookingId,
        attempts: 0,
        nextAttemptAt: this.clock.now(),
        lastError: null,
      })
    } catch (error) {
      // Queued meanwhile by another caller: one row per booking is all that is wanted.
      if (!isUniqueViolation(error)) throw error
    }
  }

  /** One pass over the due rows; what happened to each. */
  async run(): Promise<BolFetchRun> {
    const results: BolFetchRun = []
    for (const bookingId of await this.claimDue()) {
      results.push({ bookingId, outcome: await this.fetchOne(bookingId) })
    }
    return results
  }

  private async claimDue(): Promise<number[]> {
    const now = this.clock.now()
    return writeTransaction(async (trx) => {
      const stamp = (at: DateTime) => at.toFormat(trx.dialect.dateTimeFormat)
      const query = trx
        .from('bol_fetch_queue')
        .whereNotNull('next_attempt_at')
        .where('next_attempt_at', '<=', stamp(now))
        .where('attempts', '<', BOL_FETCH_MAX_ATTEMPTS)
        .orderBy('next_attempt_at', 'asc')
        .limit(BATCH)
        .select('booking_id', 'next_attempt_at')
      if (trx.dialect.name === 'postgres') query.forUpdate().skipLocked()
      const due = await query
      const claimed: number[] = []
      const lease = stamp(now.plus({ seconds: BOL_FETCH_LEASE_SECONDS }))
      for (const row of due) {
        const updated = await trx
          .from('bol_fetch_queue')
          .where('booking_id', row.booking_id)
          .where('next_attempt_at', row.next_attempt_at)
          .update({ next_attempt_at: lease, updated_at: stamp(now) })
        if (rowCount(updated) === 1) claimed.push(Number(row.booking_id))
      }
      return claimed
    })
  }

  private async fetchOne(bookingId: number): Promise<BolFetchOutcome> {
    const item = await BolFetchQueueItem.find(bookingId)
    const booking = await this.bookings.facts(bookingId)
    if (!item) return 'skipped'
    if (!booking || !booking.partnerShipmentId || booking.provider === 'internal') {
      return this.stop(item, 'The booking has no partner shipment to fetch a BOL for')
    }
    if (await this.bookings.billOfLading(bookingId)) {
      await item.delete()
      return 'skipped'
    }
    const attempts = item.attempts + 1
    let answer
    try {
      const driver = await partnerCarriers.use(booking.provider)
      answer = await driver.fetchBol(booking.partnerShipmentId)
    } catch (error) {
      answer = {
        ok: false as const,
        retryable: true,
        retryAfterSeconds: null,
        message: error instanceof Error ? error.message : String(error),
      }
    }
    if (answer.ok && answer.status === 'ready') {
      await this.documents.storeBillOfLading(booking, answer.bolNumber, answer.pdf)
      await item.delete()
      return 'stored'
    }
    if (answer.ok) {
      return this.retry(item, attempts, answer.retryAfterSeconds, item.lastError, 'pending')
    }
    if (!answer.retryable) return this.stop(item, answer.message, attempts)
    return this.retry(item, attempts, answer.retryAfterSeconds, answer.message, 'failed')
  }

  private async retry(
    item: BolFetchQueueItem,
    attempts: number,
    retryAfterSeconds: number | null,
    lastError: string | null,
    outcome: 'pending' | 'failed'
  ): Promise<BolFetchOutcome> {
    if (attempts >= BOL_FETCH_MAX_ATTEMPTS) {
      return this.stop(item, lastError ?? 'The partner never made the BOL ready', attempts)
    }
    item.merge({
      attempts,
      lastError,
      nextAttemptAt: this.clock
        .now()
        .plus({ seconds: bolFetchDelaySeconds(attempts, retryAfterSeconds) }),
    })
    await item.save()
    return outcome
  }

  /** No more attempts: the row stays with its last error for an operator to see. */
  private async stop(item: BolFetchQueueItem, error: string, attempts = item.attempts) {
    item.merge({ attempts, lastError: error.slice(0, 2000), nextAttemptAt: null })
    await item.save()
    logger.warn({ bookingId: item.bookingId, attempts, error }, 'partner BOL fetch stopped')
    return 'stopped' as const
  }
}

/**
 * Queues a partner booking's bill of lading for `tms:fetch-bols`: the partner booking service
 * calls it once the booking exists (idempotent).
 */
export async function enqueueBolFetch(bookingId: number): Promise<void> {
  const service = await app.container.make(BolFetchService)
  await service.enqueue(bookingId)
}
