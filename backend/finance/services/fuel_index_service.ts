import { inject } from '@adonisjs/core'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { Clock } from '#core/clock'
import { businessToday, isoDay, toDateColumn } from '#core/business_time'
import { ConflictException } from '#core/exceptions/http_errors'
import { writeTransaction } from '#core/transactions'
import { validationError } from '#core/validation'
import FuelIndex from '#finance/models/fuel_index'
import FuelSurchargeTable from '#finance/models/fuel_surcharge_table'
import { parseDieselCsv } from '#finance/diesel_csv'
import {
  surchargePct,
  tableInForce,
  weekPct,
  type FuelWeek,
  type SurchargeTable,
} from '#finance/fuel_surcharge'

/** How many weeks the admin's fuel index page shows (two years). */
export const WEEKS_SHOWN = 104
export const TABLE_EXISTS = 'A surcharge table already takes effect on that date'

const toWeek = (row: FuelIndex): FuelWeek => ({
  indexDate: isoDay(row.indexDate)!,
  dieselPrice: row.dieselPrice,
  fscPct: row.fscPct,
})

const toTable = (row: FuelSurchargeTable): SurchargeTable => ({
  effectiveDate: isoDay(row.effectiveDate)!,
  basePrice: row.basePrice,
  step: row.step,
})

/**
 * The weekly fuel index and the surcharge table that turns each week's diesel price into its
 * percent (docs/decisions/0067, 0130). A week's percent is stored, computed with the table in
 * force on its date, so every reader (the rate quoting plugins, invoices) reads one row.
 */
@inject()
export default class FuelIndexService {
  constructor(private clock: Clock) {}

  async weeks(limit = WEEKS_SHOWN): Promise<FuelWeek[]> {
    const rows = await FuelIndex.query().orderBy('indexDate', 'desc').limit(limit)
    return rows.map(toWeek).reverse()
  }

  async tables(): Promise<SurchargeTable[]> {
    const rows = await FuelSurchargeTable.query().orderBy('effectiveDate', 'asc')
    return rows.map(toTable)
  }

  /** The week in force on a day (`YYYY-MM-DD`), for invoices; null before the first week. */
  async weekOn(day: string): Promise<FuelWeek | null> {
    const row = await FuelIndex.query()
      .where('indexDate', '<=', day)
      .orderBy('indexDate', 'desc')
      .first()
    return row ? toWeek(row) : null
  }

  /** Records (or corrects) one week's price; its percent comes from the table in force. */
  async recordWeek(indexDate: string, dieselPrice: number): Promise<FuelWeek> {
    this.assertNotFuture('indexDate', indexDate)
    return writeTransaction(async (trx) => {
      const tables = await this.tablesIn(trx)
      const [week] = await this.upsertWeeks(trx, tables, [{ indexDate, dieselPrice }])
      return week
    })
  }

  /**
   * Imports EIA's weekly CSV: every row is checked first; one bad row refuses the file with a
   * report of each bad row and changes nothing. Existing weeks are corrected.
   */
  async importCsv(csv: string) {
    const { rows, rejected } = parseDieselCsv(csv, businessToday(this.clock))
    if (rejected.length > 0) {
      throw validationError(
        rejected.map((r) => ({
          field: r.line === 0 ? 'csv' : `csv.line.${r.line}`,
          message: r.line === 0 ? r.message : `Line ${r.line}: ${r.message}`,
          rule: 'csvRow',
        }))
      )
    }
    return writeTransaction(async (trx) => {
      const tables = await this.tablesIn(trx)
      const existing = await FuelIndex.query({ client: trx })
        .whereIn(
          'indexDate',
          rows.map((r) => r.indexDate)
        )
        .select('indexDate')
      const updated = new Set(existing.map((r) => isoDay(r.indexDate)))
      await this.upsertWeeks(trx, tables, rows)
      return {
        imported: rows.length,
        added: rows.filter((r) => !updated.has(r.indexDate)).length,
        updated: updated.size,
      }
    })
  }

  /**
   * A new version of the surcharge table, in force from its date until the next version's:
   * the weeks it covers get their percent again.
   */
  async addTable(input: SurchargeTable, userId: number) {
    return writeTransaction(async (trx) => {
      const clash = await FuelSurchargeTable.query({ client: trx })
        .where('effectiveDate', input.effectiveDate)
        .first()
      if (clash) throw new ConflictException(TABLE_EXISTS)
      await FuelSurchargeTable.create(
        {
          effectiveDate: toDateColumn(input.effectiveDate),
          basePrice: input.basePrice,
          step: input.step,
          createdByUserId: userId,
          createdAt: this.clock.now(),
        },
        { client: trx }
      )
      const tables = await this.tablesIn(trx)
      const next = tables.find((t) => t.effectiveDate > input.effectiveDate)
      const query = FuelIndex.query({ client: trx })
        .where('indexDate', '>=', input.effectiveDate)
        .whereNotNull('dieselPrice')
      if (next) query.where('indexDate', '<', next.effectiveDate)
      const weeks = await query
      for (const week of weeks) {
        const pct = weekPct(toWeek(week), tables)
        if (pct !== week.fscPct) {
          week.useTransaction(trx)
          week.fscPct = pct
          await week.save()
        }
      }
      return { table: input, weeksRepriced: weeks.length }
    })
  }

  /** The percent a price would get today, for the admin's preview. */
  async pctToday(dieselPrice: number) {
    const table = tableInForce(await this.tables(), businessToday(this.clock))
    return table ? surchargePct(dieselPrice, table) : 0
  }

  private async tablesIn(trx: TransactionClientContract) {
    const rows = await FuelSurchargeTable.query({ client: trx }).orderBy('effectiveDate', 'asc')
    return rows.map(toTable)
  }

  private async upsertWeeks(
    trx: TransactionClientContract,
    tables: SurchargeTable[],
    weeks: { indexDate: string; dieselPrice: number }[]
  ): Promise<FuelWeek[]> {
    const out: FuelWeek[] = []
    for (const { indexDate, dieselPrice } of weeks) {
      const week = { indexDate, dieselPrice, fscPct: 0 }
      week.fscPct = weekPct(week, tables)
      const row = await FuelIndex.query({ client: trx }).where('indexDate', indexDate).first()
      if (row) {
        row.merge({ dieselPrice, fscPct: week.fscPct })
        await row.useTransaction(trx).save()
      } else {
        await FuelIndex.create(
          { indexDate: toDateColumn(indexDate), dieselPrice, fscPct: week.fscPct },
          { client: trx }
        )
      }
      out.push(week)
    }
    return out
  }

  private assertNotFuture(field: string, day: string) {
    if (day > businessToday(this.clock)) {
      throw validationError([
        { field, message: 'The week cannot be in the future', rule: 'beforeOrEqual' },
      ])
    }
  }
}
