import { InvalidArgumentError, type Command } from 'commander'
import { stringify } from 'csv-stringify/sync'
import type { PageMeta } from '../api/operator.js'
import type { CommandContext } from '../context.js'
import { renderTable, type TableColumn } from '../ui/table.js'
import { parseIntUpTo } from './arguments.js'

/** The API's last page number (its validators' bound). */
export const MAX_PAGE = 100_000

/** Options every listing command takes. */
export interface ListOptions {
  page?: number
  json?: boolean
}

/** `--page <n>` and `--json`, the same on every listing command. */
export function withListOptions(command: Command): Command {
  return command
    .option('--page <n>', 'which page (default 1)', parseIntUpTo(MAX_PAGE))
    .option('--json', 'print the raw JSON page (data and meta) for scripts')
}

/** Commander parser for a closed set of values. */
export function oneOf(values: readonly string[]) {
  return (value: string): string => {
    if (!values.includes(value)) {
      throw new InvalidArgumentError(`expected one of ${values.join(', ')}.`)
    }
    return value
  }
}

/** Commander parser for a `YYYY-MM-DD` day. */
export function parseDay(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(`${value}T00:00:00Z`))) {
    throw new InvalidArgumentError('expected a date as YYYY-MM-DD.')
  }
  return value
}

/** Commander parser for a booking id or its TRT- reference, sent to the API as given. */
export function parseBookingKey(value: string): string {
  if (!/^\d{1,10}$/.test(value) && !/^TRT-\d{1,10}$/i.test(value)) {
    throw new InvalidArgumentError('expected a booking id or a TRT- reference (TRT-042).')
  }
  return value.toUpperCase()
}

/** The table, then one line saying which page this is and how to get the next. */
export async function printPage<Row>(
  ctx: CommandContext,
  rows: Row[],
  columns: TableColumn<Row>[],
  meta: PageMeta,
  emptyMessage: string
): Promise<void> {
  await renderTable(rows, columns, ctx.io, { emptyMessage })
  if (meta.total === 0) return
  const more = meta.currentPage < meta.lastPage ? `; next: --page ${meta.currentPage + 1}` : ''
  ctx.print(`Page ${meta.currentPage} of ${meta.lastPage} (${meta.total} in all)${more}`)
}

/**
 * RFC 4180 CSV (csv-stringify): a header row of the column names, then one line per row, CRLF
 * line ends; a cell with a comma, a quote or a line break is quoted. Empty values are empty
 * cells; booleans print as true/false.
 */
export function toCsv<Row>(rows: Row[], columns: { key: keyof Row & string }[]): string {
  return stringify(rows as Record<string, unknown>[], {
    header: true,
    columns: columns.map((column) => ({ key: column.key })),
    record_delimiter: 'windows',
    // With its own record delimiter csv-stringify quotes a lone CR or LF only when told to.
    quoted_match: /[\r\n]/,
    cast: { boolean: (value) => String(value) },
  })
}
