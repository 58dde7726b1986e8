/**
 * The fuel-surcharge rules (docs/decisions/0067, 0130). Pure: which surcharge table and which
 * weekly fuel row are in force on a day, and the percent a diesel price gives.
 */

/** One version of the surcharge table, prices in dollars a gallon. */
export type SurchargeTable = { effectiveDate: string; basePrice: number; step: number }

/** One week of the fuel index. */
export type FuelWeek = { indexDate: string; dieselPrice: number | null; fscPct: number }

/** Percent of surcharge for a price: none up to the base, then 1 per full step above it. */
export function surchargePct(
  dieselPrice: number,
  table: Pick<SurchargeTable, 'basePrice' | 'step'>
) {
  // Tenths of a cent, so prices like 3.659 and steps like 0.06 divide without float error.
  const price = Math.round(dieselPrice * 1000)
  const base = Math.round(table.basePrice * 1000)
  const step = Math.round(table.step * 1000)
  if (price <= base || step <= 0) return 0
  // The column is 5,2: a percent over 999.99 cannot be stored and means a bad table.
  return Math.min(Math.floor((price - base) / step), 999)
}

/** The latest item dated on or before `day` (items with `date` as `YYYY-MM-DD`), else null. */
function inForce<T>(items: T[], day: string, dateOf: (item: T) => string): T | null {
  let best: T | null = null
  for (const item of items) {
    const date = dateOf(item)
    if (date <= day && (best === null || date > dateOf(best))) best = item
  }
  return best
}

/** The surcharge table in force on a day. */
export function tableInForce(tables: SurchargeTable[], day: string): SurchargeTable | null {
  return inForce(tables, day, (t) => t.effectiveDate)
}

/** The fuel week in force on a day: the latest published on or before it. */
export function fuelWeekInForce(weeks: FuelWeek[], day: string): FuelWeek | null {
  return inForce(weeks, day, (w) => w.indexDate)
}

/**
 * The percent a week gets: from its diesel price through the table in force on its date;
 * a week without a price (kept from before prices were stored) keeps its percent.
 */
export function weekPct(week: FuelWeek, tables: SurchargeTable[]): number {
  if (week.dieselPrice === null) return week.fscPct
  const table = tableInForce(tables, week.indexDate)
  return table ? surchargePct(week.dieselPrice, table) : week.fscPct
}
