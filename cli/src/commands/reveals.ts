import type { Command } from 'commander'
import { OperatorApi, type RevealEntry, type RevealQuery } from '../api/operator.js'
import { CliError, USAGE_EXIT_CODE } from '../errors.js'
import { formatDateTime } from '../ui/format.js'
import type { TableColumn } from '../ui/table.js'
import { parseId, parseIntUpTo } from './arguments.js'
import {
  oneOf,
  parseBookingKey,
  parseDay,
  printPage,
  toCsv,
  withListOptions,
  type ListOptions,
} from './listing.js'
import type { ContextOf } from './types.js'

export const REVEAL_CHAIN = 'identity_reveal_log'
/** How many rows `--csv --all` asks for at a time (the API's largest page). */
const CSV_PAGE = 100
/** A reason longer than this is cut in the table; --json and --csv print it whole. */
const REASON_SHOWN = 60

interface RevealRow {
  id: number
  booking: string
  viewer: string
  viewerId: number | null
  role: string
  viewedAt: string
  reason: string | null
}

const columns: TableColumn<RevealRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'booking', header: 'booking' },
  { key: 'viewer', header: 'viewer' },
  { key: 'role', header: 'role' },
  { key: 'viewedAt', header: 'viewed at' },
  { key: 'reason', header: 'reason' },
]

function toRow(entry: RevealEntry): RevealRow {
  return {
    id: entry.id,
    booking: entry.bookingReference,
    viewer: entry.viewerName ?? (entry.viewerId === null ? '—' : `user ${entry.viewerId}`),
    viewerId: entry.viewerId,
    role: entry.viewerRole,
    viewedAt: formatDateTime(entry.viewedAt),
    // An admin's deliberate reveal says why (docs/decisions/0186); a page's view has none.
    reason:
      entry.reason && entry.reason.length > REASON_SHOWN
        ? `${entry.reason.slice(0, REASON_SHOWN - 1)}…`
        : entry.reason,
  }
}

const csvColumns: { key: keyof RevealEntry & string }[] = [
  { key: 'id' },
  { key: 'bookingId' },
  { key: 'bookingReference' },
  { key: 'viewerId' },
  { key: 'viewerName' },
  { key: 'viewerRole' },
  { key: 'viewedAt' },
  { key: 'reason' },
]

interface RevealOptions extends ListOptions {
  booking?: string
  viewer?: number
  role?: 'shipper' | 'admin'
  from?: string
  to?: string
  perPage?: number
  csv?: boolean
  all?: boolean
}

export function registerRevealsCommands(program: Command, contextOf: ContextOf): void {
  const reveals = program
    .command('reveals')
    .description('the identity reveal log: who saw a carrier’s identity, on which booking, when')

  withListOptions(
    reveals
      .command('list')
      .description('read the log, newest first, 20 a page')
      .option('--booking <id|TRT-ref>', 'one booking', parseBookingKey)
      .option('--viewer <userId>', 'one viewer', parseId)
      .option('--role <role>', 'shipper or admin', oneOf(['shipper', 'admin']))
      .option('--from <YYYY-MM-DD>', 'first day (New York business day)', parseDay)
      .option('--to <YYYY-MM-DD>', 'last day, included', parseDay)
      .option('--per-page <n>', 'rows a page, at most 100', parseIntUpTo(100))
  )
    .option('--csv', 'print CSV (with --all: every matching row, not one page)')
    .option('--all', 'with --csv: every page')
    .action(async (options: RevealOptions, command: Command) => {
      const ctx = contextOf(command)
      if (options.json && options.csv) {
        throw new CliError('choose --json or --csv, not both.', USAGE_EXIT_CODE)
      }
      if (options.all && !options.csv) {
        throw new CliError('--all goes with --csv.', USAGE_EXIT_CODE)
      }
      if (options.from && options.to && options.from > options.to) {
        throw new CliError(
          `--from ${options.from} is after --to ${options.to}: no day can match.`,
          USAGE_EXIT_CODE
        )
      }
      const ops = new OperatorApi(ctx.api())
      const query: RevealQuery = {
        booking: options.booking,
        viewerId: options.viewer,
        viewerRole: options.role,
        from: options.from,
        to: options.to,
        page: options.page,
        perPage: options.perPage,
      }
      if (options.csv) {
        const entries: RevealEntry[] = []
        if (options.all) {
          for (let page = 1; ; page++) {
            const result = await ops.reveals({ ...query, page, perPage: CSV_PAGE })
            entries.push(...result.data)
            if (page >= result.meta.lastPage) break
          }
        } else entries.push(...(await ops.reveals(query)).data)
        ctx.io.stdout.write(toCsv(entries, csvColumns))
        return
      }
      const result = await ops.reveals(query)
      if (options.json) return ctx.printJson(result)
      await printPage(ctx, result.data.map(toRow), columns, result.meta, 'No reveals match.')
    })

  reveals
    .command('verify')
    .description('verify the log’s hash chain from its first row; exits 1 when it is broken')
    .option('--json', 'print the chain’s status as JSON')
    .action(async (options: { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const report = await ctx.api().verifyAudit()
      const chain = report.chains.find((candidate) => candidate.chain === REVEAL_CHAIN)
      if (!chain) throw new CliError(`the server reports no ${REVEAL_CHAIN} chain`)
      if (options.json) ctx.printJson(chain)
      if (!chain.ok) {
        const where = chain.brokenRowId === null ? 'at its end' : `at row ${chain.brokenRowId}`
        throw new CliError(
          `the identity reveal log is broken ${where}: ${chain.reason ?? 'no reason given'}`
        )
      }
      if (!options.json) ctx.print(`The identity reveal log is intact: ${chain.rows} rows.`)
    })
}
