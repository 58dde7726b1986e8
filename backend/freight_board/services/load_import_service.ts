import { inject } from '@adonisjs/core'
import emitter from '@adonisjs/core/services/emitter'
import transmit from '@adonisjs/transmit/services/main'
import { errors as vineErrors } from '@vinejs/vine'
import type { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { fromCents } from '#core/money'
import { userChannel } from '#core/live_notices'
import { PayloadTooLargeException } from '#core/exceptions/http_errors'
import { validationError, type FieldError } from '#core/validation'
import { transaction } from '#core/transactions'
import type { FreightActor } from '#freight_board/services/freight_audit_service'
import FreightListingService, {
  type PreparedLoad,
} from '#freight_board/services/freight_listing_service'
import type { FreightListingForm } from '#freight_board/services/load_form'
import { columnOf, parseLoadCsv } from '#freight_board/services/load_csv'
import { freightListingFormValidator } from '#freight_board/validators/freight_listing'

/**
 * The largest CSV an import reads: 512 KB, five times a 500-load file, and inside the JSON body
 * parser's 1 MB with room for escaping (docs/decisions/0248).
 */
export const MAX_IMPORT_BYTES = 512 * 1024

/** A progress message goes out after every this many rows (docs/decisions/0248). */
export const IMPORT_PROGRESS_EVERY = 25

export type ImportRowError = { column: string; field: string; message: string }

export type ImportRowShown = {
  /** the row's line in the file, the header being line 1 */
  row: number
  errors: ImportRowError[]
  /** what will be posted, when the row is valid */
  load: {
    origin: string
    destination: string
    equipment: string
    mode: string
    pallets: number
    weight_lbs: number
    pickup_earliest: string | null
    delivery_latest: string | null
    price: number
    freight_class: string
  } | null
}

export type ImportPreview = {
  total: number
  valid: number
  invalid: number
  rows: ImportRowShown[]
}

/** `{ kind: 'import_progress', phase, done, total }` on the company's user channel. */
export type ImportProgress = {
  kind: 'import_progress'
  phase: 'checking' | 'posting'
  done: number
  total: number
}

type CheckedRow = { row: number; errors: ImportRowError[]; prepared: PreparedLoad | null }

function rowErrors(error: unknown): ImportRowError[] | null {
  if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) return null
  return (error.messages as FieldError[]).map((e) => ({
    column: columnOf(e.field),
    field: e.field,
    message: e.message,
  }))
}

/**
 * Posting many loads from a CSV (docs/decisions/0248): each row is the post-load form, checked by
 * its validator and by `FreightListingService.prepare` as a single post is, with the same
 * messages. A preview writes nothing; a commit posts every row in one transaction or none, then
 * announces each load as a single post does (`freight:changed`, so saved lanes are alerted).
 */
@inject()
export default class LoadImportService {
  constructor(
    private clock: Clock,
    private listings: FreightListingService
  ) {}

  async preview(shipperId: number, csv: string): Promise<ImportPreview> {
    const checked = await this.check(shipperId, csv, this.clock.now())
    const valid = checked.filter((row) => row.prepared !== null).length
    return {
      total: checked.length,
      valid,
      invalid: checked.length - valid,
      rows: checked.map(({ row, errors, prepared }) => ({
        row,
        errors,
        load: prepared && summary(prepared),
      })),
    }
  }

  /** Posts every row or none; a row in error is a 422 naming each row and column. */
  async commit(shipper: FreightActor & { userId: number }, csv: string) {
    const now = this.clock.now()
    const checked = await this.check(shipper.userId, csv, now)
    const bad = checked.filter((row) => row.errors.length > 0)
    if (bad.length > 0) {
      const fieldErrors = bad.flatMap(({ row, errors }) =>
        errors.map((e) => ({
          field: `rows.${row}.${e.column}`,
          message: `Row ${row}, ${e.column}: ${e.message}`,
          rule: 'row',
        }))
      )
      throw validationError(fieldErrors)
    }
    const total = checked.length
    const ids = await transaction(async (trx) => {
      const posted: number[] = []
      for (const { prepared } of checked) {
        posted.push(await this.listings.insert(trx, shipper, prepared!, now))
        this.progress(shipper.userId, 'posting', posted.length, total)
      }
      return posted
    })
    // After the commit, each load as a single post announces it (live boards, saved lanes).
    for (const id of ids) await emitter.emit('freight:changed', { type: 'posted', id })
    return { posted: ids.length, ids }
  }

  private async check(shipperId: number, csv: string, now: DateTime): Promise<CheckedRow[]> {
    if (Buffer.byteLength(csv, 'utf8') > MAX_IMPORT_BYTES) {
      throw new PayloadTooLargeException(
        `File too large: the limit is ${MAX_IMPORT_BYTES / 1024} KB`
      )
    }
    const rows = parseLoadCsv(csv)
    const checked: CheckedRow[] = []
    for (const { line, form } of rows) {
      try {
        const valid: FreightListingForm = await freightListingFormValidator.validate(form)
        checked.push({ row: line, errors: [], prepared: await this.listings.prepare(valid, now) })
      } catch (error) {
        const found = rowErrors(error)
        if (!found) throw error
        checked.push({ row: line, errors: found, prepared: null })
      }
      this.progress(shipperId, 'checking', checked.length, rows.length)
    }
    return checked
  }

  /** Tells the company's screens how far the work is, every few rows and at the end. */
  private progress(userId: number, phase: ImportProgress['phase'], done: number, total: number) {
    if (done % IMPORT_PROGRESS_EVERY !== 0 && done !== total) return
    const message: ImportProgress = { kind: 'import_progress', phase, done, total }
    transmit.broadcast(userChannel(userId), message)
  }
}

function summary({ load }: PreparedLoad): ImportRowShown['load'] {
  return {
    origin: `${load.origin.city}, ${load.origin.state} ${load.origin.postal}`,
    destination: `${load.destination.city}, ${load.destination.state} ${load.destination.postal}`,
    equipment: load.equipment,
    mode: load.mode,
    pallets: load.pallets,
    weight_lbs: load.weightLbs,
    pickup_earliest: load.pickupEarliest?.toUTC().toISO() ?? null,
    delivery_latest: load.deliveryLatest?.toUTC().toISO() ?? null,
    price: fromCents(load.priceCents!),
    freight_class: String(load.freight.freightClass),
  }
}
