import { inject } from '@adonisjs/core'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { ConflictException, NotFoundException } from '#core/exceptions/http_errors'
import { formatUsd, fromCents, toCents } from '#core/money'
import { isoUtc } from '#core/timestamps'
import { validationError } from '#core/validation'
import BookingDocumentsService from '#marketplace/services/booking_documents_service'
import DocumentHubService from '#tms/services/document_hub_service'
import RateConfirmationService from '#marketplace/services/rate_confirmation_service'
import AdvancedInvoice from '#finance/models/advanced_invoice'
import BookingAccessorial from '#finance/models/booking_accessorial'
import StopTime from '#finance/models/stop_time'
import { bookingTransaction } from '#finance/services/booking_lock'
import AccessorialService from '#finance/services/accessorial_service'
import { DETENTION_CODE, FREE_MINUTES, detentionFor } from '#finance/detention'
import { lineAmountCents, makeLine, type InvoiceLine } from '#finance/invoice_rules'

export const BOOKING_NOT_FOUND = 'Booking not found'
export const NOT_ON_THE_ROAD = 'Charges are recorded once the booking is in transit or delivered'
export const INVOICE_ISSUED = 'The invoice for this booking is already issued'
export const DETENTION_EXISTS = 'Detention at this stop is already billed'
export const USE_DETENTION = 'Detention is billed from the check-in and check-out times'
export const NO_DETENTION = 'No detention: the stay was within the free time'
export const NO_STOP_TIME = 'Record the check-in and check-out at this stop first'
export const CHARGE_NOT_FOUND = 'Charge not found'

const EVIDENCE_STATUSES = ['in_transit', 'delayed', 'delivered']
/** The longest stay recorded at one stop: longer is a typing error, not detention. */
export const MAX_STAY_HOURS = 72

export type Stop = 'PICKUP' | 'DELIVERY'

const chargeView = (row: BookingAccessorial) => ({
  id: row.id,
  code: row.code,
  description: row.description,
  quantity: row.quantity,
  unitPrice: fromCents(toCents(row.unitPrice)),
  amount: fromCents(toCents(row.amount)),
  source: row.source,
  note: row.note,
  documentId: row.documentId,
  stop: row.stop,
  startedAt: isoUtc(row.startedAt),
  endedAt: isoUtc(row.endedAt),
  createdAt: isoUtc(row.createdAt)!,
})

/**
 * What a booking's charges rest on (docs/decisions/0131): the carrier's check-in and check-out
 * at each stop, the accessorials asked for at booking or added afterwards with evidence, and
 * detention from the documented times. Locked once the booking's invoice is issued.
 */
@inject()
export default class BookingEvidenceService {
  constructor(
    private clock: Clock,
    private bookings: BookingDocumentsService,
    private documents: DocumentHubService,
    private master: AccessorialService,
    private confirmations: RateConfirmationService
  ) {}

  /**
   * A charge changed what the rate confirmation prints: a revision is issued (docs/decisions/
   * 0250). After the charge's commit; a failure to render is logged and leaves the charge.
   */
  private async revise(bookingId: number, reason: string) {
    await this.confirmations.revise(bookingId, reason).catch((err) => {
      logger.error({ err, bookingId }, 'could not issue a revised rate confirmation')
    })
  }

  async forBooking(bookingId: number) {
    const [stops, charges] = await Promise.all([
      StopTime.query().where('bookingId', bookingId).orderBy('stop', 'desc'),
      BookingAccessorial.query().where('bookingId', bookingId).orderBy('id', 'asc'),
    ])
    const rate = await this.master.priceOf(DETENTION_CODE).catch(() => null)
    return {
      bookingId,
      freeMinutes: FREE_MINUTES,
      detentionHourlyRate: rate ? fromCents(rate.unitCents) : null,
      stops: stops.map((s) => {
        const due = rate
          ? detentionFor(s.arrivedAt.toMillis(), s.departedAt.toMillis(), rate.unitCents)
          : null
        return {
          stop: s.stop,
          arrivedAt: isoUtc(s.arrivedAt)!,
          departedAt: isoUtc(s.departedAt)!,
          dwellMinutes: Math.floor(s.departedAt.diff(s.arrivedAt, 'minutes').minutes),
          detentionHours: due?.hours ?? 0,
          detentionAmount: due ? fromCents(due.amountCents) : 0,
          detentionBilled: charges.some((c) => c.code === DETENTION_CODE && c.stop === s.stop),
        }
      }),
      charges: charges.map(chargeView),
    }
  }

  /** The carrier's check-in and check-out at a stop; replaces an earlier record of it. */
  async recordStop(
    bookingId: number,
    userId: number,
    input: { stop: Stop; arrivedAt: DateTime; departedAt: DateTime }
  ) {
    await this.assertOpen(bookingId)
    // Lucid writes a timestamp in its DateTime's own zone and SQLite reads it back as local time.
    const arrivedAt = input.arrivedAt.toLocal()
    const departedAt = input.departedAt.toLocal()
    const problems = []
    if (departedAt <= arrivedAt) {
      problems.push({
        field: 'departedAt',
        message: 'Departure must be after arrival',
        rule: 'after',
      })
    } else if (departedAt.diff(arrivedAt, 'hours').hours > MAX_STAY_HOURS) {
      problems.push({
        field: 'departedAt',
        message: `A stay at one stop is at most ${MAX_STAY_HOURS} hours`,
        rule: 'maxStay',
      })
    }
    if (departedAt > this.clock.now()) {
      problems.push({
        field: 'departedAt',
        message: 'Departure cannot be in the future',
        rule: 'past',
      })
    }
    if (problems.length) throw validationError(problems)
    const now = this.clock.now()
    await bookingTransaction(bookingId, async (trx) => {
      const billed = await BookingAccessorial.query({ client: trx })
        .where({ bookingId, code: DETENTION_CODE, stop: input.stop })
        .first()
      if (billed) throw new ConflictException(DETENTION_EXISTS)
      const row = await StopTime.query({ client: trx })
        .where({ bookingId, stop: input.stop })
        .first()
      if (row) {
        row.merge({ arrivedAt, departedAt, recordedByUserId: userId, updatedAt: now })
        await row.useTransaction(trx).save()
      } else {
        await StopTime.create(
          {
            bookingId,
            stop: input.stop,
            arrivedAt,
            departedAt,
            recordedByUserId: userId,
            createdAt: now,
            updatedAt: now,
          },
          { client: trx }
        )
      }
    })
    return this.forBooking(bookingId)
  }

  /** An accessorial the carrier adds after booking, priced from the master, with evidence. */
  async addCharge(
    bookingId: number,
    userId: number,
    input: { code: string; quantity?: number; note: string; documentId?: number }
  ) {
    if (input.code === DETENTION_CODE) {
      throw validationError([{ field: 'code', message: USE_DETENTION, rule: 'detention' }])
    }
    await this.assertOpen(bookingId)
    const price = await this.master.priceOf(input.code).catch(() => {
      throw validationError([
        { field: 'code', message: 'Unknown accessorial code', rule: 'exists' },
      ])
    })
    if (input.documentId !== undefined) {
      const upload = await this.documents.uploadOf(input.documentId)
      if (!upload || upload.bookingId !== bookingId) {
        throw validationError([
          {
            field: 'documentId',
            message: 'Not a document uploaded for this booking',
            rule: 'exists',
          },
        ])
      }
    }
    const quantity = input.quantity ?? 1
    const row = await BookingAccessorial.create({
      bookingId,
      code: price.code,
      description: price.description,
      quantity,
      unitPrice: fromCents(price.unitCents),
      amount: fromCents(lineAmountCents(quantity, price.unitCents)),
      source: 'CARRIER',
      note: input.note,
      documentId: input.documentId ?? null,
      stop: null,
      startedAt: null,
      endedAt: null,
      createdByUserId: userId,
      createdAt: this.clock.now(),
    })
    await this.revise(
      bookingId,
      `Accessorial added: ${row.description}, ${formatUsd(toCents(row.amount))}`
    )
    return chargeView(row)
  }

  /** Detention at a stop from its check-in and check-out, the timestamps kept as evidence. */
  async addDetention(bookingId: number, userId: number, stop: Stop) {
    await this.assertOpen(bookingId)
    const times = await StopTime.query().where({ bookingId, stop }).first()
    if (!times) throw validationError([{ field: 'stop', message: NO_STOP_TIME, rule: 'stopTime' }])
    const rate = await this.master.priceOf(DETENTION_CODE)
    const due = detentionFor(
      times.arrivedAt.toMillis(),
      times.departedAt.toMillis(),
      rate.unitCents
    )
    if (due.amountCents === 0) {
      throw validationError([{ field: 'stop', message: NO_DETENTION, rule: 'detention' }])
    }
    const row = await bookingTransaction(bookingId, async (trx) => {
      const billed = await BookingAccessorial.query({ client: trx })
        .where({ bookingId, code: DETENTION_CODE, stop })
        .first()
      if (billed) throw new ConflictException(DETENTION_EXISTS)
      return BookingAccessorial.create(
        {
          bookingId,
          code: DETENTION_CODE,
          description: `Detention at ${stop.toLowerCase()}, ${due.hours} h after ${FREE_MINUTES / 60} free hours`,
          quantity: due.hours,
          unitPrice: fromCents(rate.unitCents),
          amount: fromCents(due.amountCents),
          source: 'CARRIER',
          note: null,
          documentId: null,
          stop,
          startedAt: times.arrivedAt,
          endedAt: times.departedAt,
          createdByUserId: userId,
          createdAt: this.clock.now(),
        },
        { client: trx }
      )
    })
    await this.revise(
      bookingId,
      `Accessorial added: ${row.description}, ${formatUsd(toCents(row.amount))}`
    )
    return chargeView(row)
  }

  /** Removes a charge the carrier added, while the invoice is not issued. */
  async removeCharge(bookingId: number, chargeId: number) {
    await this.assertOpen(bookingId)
    const row = await BookingAccessorial.query()
      .where({ id: chargeId, bookingId, source: 'CARRIER' })
      .first()
    if (!row) throw new NotFoundException(CHARGE_NOT_FOUND)
    await row.delete()
    await this.revise(
      bookingId,
      `Accessorial removed: ${row.description}, ${formatUsd(toCents(row.amount))}`
    )
  }

  /** The booking's charges as invoice lines, their evidence attached. */
  async lines(bookingId: number): Promise<{ line: InvoiceLine; booked: boolean }[]> {
    const rows = await BookingAccessorial.query().where('bookingId', bookingId).orderBy('id', 'asc')
    return rows.map((row) => ({
      booked: row.source === 'BOOKING',
      line: makeLine(row.code, row.description, row.quantity, toCents(row.unitPrice), {
        note: row.note,
        documentId: row.documentId,
        stop: row.stop,
        startedAt: isoUtc(row.startedAt),
        endedAt: isoUtc(row.endedAt),
      }),
    }))
  }

  /** Evidence changes only while the booking is on the road or delivered and not invoiced. */
  private async assertOpen(bookingId: number) {
    const facts = await this.bookings.facts(bookingId)
    if (!facts) throw new NotFoundException(BOOKING_NOT_FOUND)
    if (!EVIDENCE_STATUSES.includes(facts.status)) throw new ConflictException(NOT_ON_THE_ROAD)
    const issued = await AdvancedInvoice.query()
      .where('shipmentId', bookingId)
      .whereIn('status', ['ISSUED', 'PAID'])
      .first()
    if (issued) throw new ConflictException(INVOICE_ISSUED)
  }
}
