/**
 * The CSV of loads a shipper imports (docs/decisions/0248): a header naming the post-load form's
 * fields, one column each, then one load per line. Pure: it turns each line into the form's
 * JSON body, and every row is then checked by the form's own validator and service.
 */
import { CsvError, parse } from 'csv-parse/sync'
import { validationError } from '#core/validation'

/** The most loads one import posts. */
export const MAX_IMPORT_ROWS = 500

/** Each column, the form field it fills, and what it takes (docs/api.md, "Load imports"). */
export const LOAD_CSV_COLUMNS = [
  { column: 'origin_postal', field: 'origin.postal', doc: 'Origin ZIP, 5 digits (required)' },
  { column: 'origin_city', field: 'origin.city', doc: 'Origin city (optional, else the ZIP’s)' },
  { column: 'origin_state', field: 'origin.state', doc: 'Origin state, 2 letters (optional)' },
  { column: 'origin_address', field: 'origin.address', doc: 'Origin street address (optional)' },
  {
    column: 'destination_postal',
    field: 'destination.postal',
    doc: 'Destination ZIP, 5 digits (required)',
  },
  { column: 'destination_city', field: 'destination.city', doc: 'Destination city (optional)' },
  { column: 'destination_state', field: 'destination.state', doc: 'Destination state (optional)' },
  {
    column: 'destination_address',
    field: 'destination.address',
    doc: 'Destination street address (optional)',
  },
  { column: 'equipment', field: 'equipment', doc: 'VAN, REEFER, FLATBED, BOX or SPRINTER' },
  { column: 'mode', field: 'mode', doc: 'TL, LTL or EXP' },
  { column: 'pallets', field: 'pallets', doc: 'Whole number, 1 to 100' },
  { column: 'weight_lbs', field: 'weight_lbs', doc: 'Whole pounds, 1 to 100000' },
  { column: 'length_in', field: 'dims.l', doc: 'Pallet length in inches' },
  { column: 'width_in', field: 'dims.w', doc: 'Pallet width in inches' },
  { column: 'height_in', field: 'dims.h', doc: 'Pallet height in inches' },
  {
    column: 'pickup_earliest',
    field: 'pickup_earliest',
    doc: 'ISO 8601 date-time, e.g. 2026-03-02T08:00 (business time without an offset)',
  },
  { column: 'delivery_latest', field: 'delivery_latest', doc: 'ISO 8601 date-time' },
  { column: 'commodity', field: 'commodity', doc: 'What ships (required for LTL)' },
  { column: 'pieces', field: 'pieces', doc: 'Whole number of pieces' },
  { column: 'packaging', field: 'packaging', doc: 'PALLET, SKID, CRATE, BOX, DRUM, ...' },
  { column: 'consignee', field: 'consignee', doc: 'Who receives it' },
  { column: 'hazmat', field: 'hazmat', doc: 'true or false (empty: false)' },
  { column: 'un_number', field: 'un_number', doc: 'UN number for hazmat, e.g. UN1263' },
  { column: 'hazard_class', field: 'hazard_class', doc: 'Hazard class for hazmat, e.g. 3' },
  { column: 'notes', field: 'notes', doc: 'Special instructions' },
  { column: 'price', field: 'price', doc: 'Your price in dollars, e.g. 1250.00 (required)' },
  { column: 'allow_offers', field: 'allow_offers', doc: 'true to take offers (empty: false)' },
  { column: 'offer_floor_cents', field: 'offer_floor_cents', doc: 'Offer floor in cents' },
] as const

export type LoadCsvColumn = (typeof LOAD_CSV_COLUMNS)[number]['column']

/** The columns a header must name; every other column may be left out. */
export const REQUIRED_COLUMNS: readonly LoadCsvColumn[] = [
  'origin_postal',
  'destination_postal',
  'price',
]

const BOOLEAN_COLUMNS = new Set<string>(['hazmat', 'allow_offers'])
const NUMBER_COLUMNS = new Set<string>([
  'pallets',
  'weight_lbs',
  'length_in',
  'width_in',
  'height_in',
  'pieces',
  'price',
  'offer_floor_cents',
])
/** Columns the form takes as optional but not null: an empty cell leaves them out. */
const OMITTED_WHEN_EMPTY = new Set<string>(['equipment', 'mode', 'hazmat', 'allow_offers'])

/** One data line: its line number in the file (the header is line 1) and the form it makes. */
export type LoadCsvRow = { line: number; form: Record<string, unknown> }

/** The CSV column a form field (as the validator names it) came from. */
export function columnOf(field: string): string {
  const found = LOAD_CSV_COLUMNS.find((c) => c.field === field)
  if (found) return found.column
  if (field === 'origin' || field === 'destination') return `${field}_postal`
  if (field === 'dims') return 'length_in'
  return field
}

/** The example CSV: the header and two loads (GET /api/load-imports/example.csv). */
export function exampleCsv(): string {
  const header = LOAD_CSV_COLUMNS.map((c) => c.column)
  const row = (values: Partial<Record<LoadCsvColumn, string>>) =>
    header.map((column) => csvCell(values[column as LoadCsvColumn] ?? '')).join(',')
  return [
    header.join(','),
    row({
      origin_postal: '60601',
      destination_postal: '48201',
      equipment: 'VAN',
      mode: 'TL',
      pallets: '10',
      weight_lbs: '12000',
      pickup_earliest: '2030-03-04T08:00',
      delivery_latest: '2030-03-05T17:00',
      commodity: 'Canned tomatoes',
      packaging: 'PALLET',
      consignee: 'Detroit Grocers, Dock 4',
      notes: 'Liftgate, call ahead',
      price: '1250.00',
    }),
    row({
      origin_postal: '75201',
      destination_postal: '77002',
      equipment: 'REEFER',
      mode: 'LTL',
      pallets: '2',
      weight_lbs: '1800',
      length_in: '48',
      width_in: '40',
      height_in: '60',
      commodity: 'Frozen fruit',
      pieces: '80',
      packaging: 'BOX',
      price: '640',
      allow_offers: 'true',
      offer_floor_cents: '55000',
    }),
  ].join('\r\n')
}

function csvCell(value: string) {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value
}

function csvFault(message: string) {
  return validationError([{ field: 'csv', message, rule: 'csv' }])
}

function cellValue(column: string, text: string): unknown {
  if (text === '') return OMITTED_WHEN_EMPTY.has(column) ? undefined : null
  if (BOOLEAN_COLUMNS.has(column)) {
    const word = text.toLowerCase()
    if (['true', 'yes', '1'].includes(word)) return true
    if (['false', 'no', '0'].includes(word)) return false
    return text
  }
  // A number as a number; anything else as typed, for the validator's own message.
  if (NUMBER_COLUMNS.has(column) && /^-?\d+(\.\d+)?$/.test(text)) return Number(text)
  if (column === 'equipment' || column === 'mode' || column === 'packaging') {
    return text.toUpperCase()
  }
  return text
}

/** The form's JSON body for one line's cells, by column. */
function formOf(cells: Map<string, string>): Record<string, unknown> {
  const form: Record<string, unknown> = {}
  const stop = (side: 'origin' | 'destination') => {
    const place: Record<string, unknown> = {}
    for (const part of ['postal', 'city', 'state', 'address']) {
      const text = cells.get(`${side}_${part}`) ?? ''
      place[part] = part === 'postal' ? text : text === '' ? null : text
    }
    return place
  }
  form.origin = stop('origin')
  form.destination = stop('destination')
  const dims = {
    l: cellValue('length_in', cells.get('length_in') ?? ''),
    w: cellValue('width_in', cells.get('width_in') ?? ''),
    h: cellValue('height_in', cells.get('height_in') ?? ''),
  }
  form.dims = dims.l === null && dims.w === null && dims.h === null ? null : dims
  for (const { column, field } of LOAD_CSV_COLUMNS) {
    if (field.includes('.')) continue
    if (!cells.has(column)) continue
    const value = cellValue(column, cells.get(column)!)
    if (value !== undefined) form[field] = value
  }
  return form
}

/**
 * The rows of a CSV of loads, or a 422 naming `csv` for a file that is not one: no header, an
 * unknown or repeated column, a required column missing, a line with another number of cells, a
 * quote not closed, no loads, more than MAX_IMPORT_ROWS. A byte-order mark and blank lines are
 * skipped; quoted cells may hold commas, quotes and line breaks.
 */
export function parseLoadCsv(text: string): LoadCsvRow[] {
  let records: { record: string[]; info: { lines: number } }[]
  try {
    records = parse(text, {
      bom: true,
      trim: true,
      skip_empty_lines: true,
      skip_records_with_empty_values: true,
      info: true,
    }) as unknown as { record: string[]; info: { lines: number } }[]
  } catch (error) {
    if (error instanceof CsvError) {
      const line = (error as CsvError & { lines?: number }).lines
      const where = line ? `Line ${line}: ` : ''
      if (error.code === 'CSV_RECORD_INCONSISTENT_FIELDS_LENGTH') {
        throw csvFault(`${where}the line has a different number of cells than the header`)
      }
      if (error.code === 'CSV_QUOTE_NOT_CLOSED') throw csvFault(`${where}a quote is not closed`)
      throw csvFault(`${where}not a valid CSV line`)
    }
    throw error
  }
  const [header, ...data] = records
  if (!header) throw csvFault('The CSV is empty: download the example for its header')
  const columns = header.record.map((name) => name.toLowerCase())
  const known = new Set<string>(LOAD_CSV_COLUMNS.map((c) => c.column))
  const unknown = columns.find((name) => !known.has(name))
  if (unknown !== undefined) {
    throw csvFault(
      `Unknown column "${unknown}" in the header: the columns are ${[...known].join(', ')}`
    )
  }
  const repeated = columns.find((name, index) => columns.indexOf(name) !== index)
  if (repeated) throw csvFault(`Column "${repeated}" appears twice in the header`)
  const missing = REQUIRED_COLUMNS.find((name) => !columns.includes(name))
  if (missing) throw csvFault(`The header has no "${missing}" column`)
  if (data.length === 0) throw csvFault('The CSV has no loads below its header')
  if (data.length > MAX_IMPORT_ROWS) {
    throw csvFault(`A CSV holds at most ${MAX_IMPORT_ROWS} loads; this one has ${data.length}`)
  }
  return data.map(({ record, info }) => {
    const cells = new Map(columns.map((name, index) => [name, record[index] ?? '']))
    // `lines` is the line the record ends on; a record spans its quoted line breaks.
    return { line: info.lines, form: formOf(cells) }
  })
}
