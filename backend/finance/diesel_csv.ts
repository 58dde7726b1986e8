/**
 * EIA's weekly "U.S. No 2 Diesel Retail Prices" CSV (docs/decisions/0130): a header, then one
 * line per week, a date column and a price column (dollars a gallon). Pure: every row is
 * checked; the caller imports nothing unless every row passes.
 */
import { CsvError, parse } from 'csv-parse/sync'
import { DateTime } from 'luxon'

export type DieselRow = { line: number; indexDate: string; dieselPrice: number }
export type RejectedRow = { line: number; text: string; message: string }

export const MAX_CSV_ROWS = 2000
export const MIN_DIESEL_PRICE = 0.5
export const MAX_DIESEL_PRICE = 20

/** `Jan 06, 2025`, `01/06/2025`, `2025-01-06` (the layouts EIA's downloads use). */
function parseDay(text: string): string | null {
  const value = text.trim().replace(/^"|"$/g, '')
  for (const format of ['yyyy-MM-dd', 'MM/dd/yyyy', 'M/d/yyyy', 'MMM dd, yyyy', 'MMM d, yyyy']) {
    const day = DateTime.fromFormat(value, format, { zone: 'utc', locale: 'en-US' })
    if (day.isValid) return day.toISODate()
  }
  return null
}

/**
 * One line's cells (csv-parse: quoted cells, doubled quotes, cells trimmed), or why the line is
 * not CSV. The file is read line by line so that a broken quote costs its own line only and
 * every row is reported with the line it is on.
 */
function cells(line: string): string[] | { error: string } {
  try {
    const [record = []] = parse(line, { relax_column_count: true, relax_quotes: true, trim: true })
    return record as string[]
  } catch (error) {
    if (error instanceof CsvError && error.code === 'CSV_QUOTE_NOT_CLOSED') {
      return { error: 'A quote is not closed' }
    }
    if (error instanceof CsvError) return { error: 'Not a valid CSV line' }
    throw error
  }
}

/** The rows of a CSV, or the reasons each bad row was refused; `today` bounds the dates. */
export function parseDieselCsv(
  text: string,
  today: string
): { rows: DieselRow[]; rejected: RejectedRow[] } {
  const rows: DieselRow[] = []
  const rejected: RejectedRow[] = []
  const seen = new Map<string, number>()
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/)
  lines.forEach((raw, index): void => {
    const line = index + 1
    if (raw.trim() === '') return
    const split = cells(raw)
    const reject = (message: string) => {
      rejected.push({ line, text: raw.slice(0, 120), message })
    }
    if (!Array.isArray(split)) return reject(split.error)
    let parts = split
    // "Jan 06, 2025,3.661": a month-name date left unquoted splits on its own comma.
    if (parts.length === 3 && parseDay(`${parts[0]}, ${parts[1]}`)) {
      parts = [`${parts[0]}, ${parts[1]}`, parts[2]]
    }
    const [dateCell = '', priceCell = '', ...rest] = parts
    const day = parseDay(dateCell)
    // A first line that is not a week is the header (EIA's carries the series name).
    if (rows.length === 0 && rejected.length === 0 && day === null && line === 1) return
    if (rest.some((c) => c !== '')) return reject('Expected two columns: date and price')
    if (day === null) return reject('Date is not a date')
    if (day > today) return reject('Date is in the future')
    const price = Number(priceCell.replace(/^"|"$/g, ''))
    if (priceCell === '' || !Number.isFinite(price)) return reject('Price is not a number')
    if (price < MIN_DIESEL_PRICE || price > MAX_DIESEL_PRICE) {
      return reject(`Price must be between ${MIN_DIESEL_PRICE} and ${MAX_DIESEL_PRICE} dollars`)
    }
    if (seen.has(day)) return reject(`Week ${day} already on line ${seen.get(day)}`)
    seen.set(day, line)
    rows.push({ line, indexDate: day, dieselPrice: Math.round(price * 1000) / 1000 })
  })
  if (rows.length + rejected.length > MAX_CSV_ROWS) {
    rejected.unshift({ line: 0, text: '', message: `At most ${MAX_CSV_ROWS} rows per file` })
  }
  if (rows.length === 0 && rejected.length === 0) {
    rejected.push({ line: 0, text: '', message: 'The file has no weeks' })
  }
  return { rows, rejected }
}
