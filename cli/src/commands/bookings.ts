import type { Command } from 'commander'
import { OperatorApi, type StatusChange } from '../api/operator.js'
import { CliError } from '../errors.js'
import { formatDateTime } from '../ui/format.js'
import { renderTable, type TableColumn } from '../ui/table.js'
import { parseBookingKey } from './listing.js'
import { formatCents } from './payments.js'
import type { ContextOf } from './types.js'

interface HistoryRow {
  at: string
  change: string
  by: string
  note: string | null
}

const historyColumns: TableColumn<HistoryRow>[] = [
  { key: 'at', header: 'when' },
  { key: 'change', header: 'status' },
  { key: 'by', header: 'by' },
  { key: 'note', header: 'note' },
]

function historyRow(change: StatusChange): HistoryRow {
  const by = change.changedBy
  return {
    at: formatDateTime(change.changedAt),
    change: `${change.fromStatus ?? '—'} → ${change.toStatus}`,
    by: by === null ? 'platform' : `${by.name ?? 'user'} (${by.role})`,
    note: change.note,
  }
}

export function registerBookingsCommands(program: Command, contextOf: ContextOf): void {
  const bookings = program.command('bookings').description('one booking, as an operator sees it')

  bookings
    .command('show')
    .description('a booking’s status history, payout and identity reveals')
    .argument('<booking>', 'a booking id or TRT- reference', parseBookingKey)
    .option('--json', 'print {payout, history, reveals} as JSON')
    .action(async (key: string, options: { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const ops = new OperatorApi(ctx.api())
      const [payout] = (await ops.payouts({ booking: key })).data
      if (!payout) throw new CliError(`no booking ${key}`)
      const [history, reveals] = await Promise.all([
        // `booking` lists bookings' payouts only, so this row has its booking id.
        ops.bookingHistory(payout.bookingId!),
        ops.reveals({ booking: key, perPage: 100 }),
      ])
      if (options.json) return ctx.printJson({ payout, history, reveals })

      ctx.print(`Booking ${payout.reference} (id ${payout.bookingId})`)
      ctx.print(`Carrier: ${payout.carrierCompany ?? 'none'}`)
      const state = payout.held ? 'held' : payout.payoutStatus
      ctx.print(
        `Payout: ${formatCents(Math.round(payout.payoutAmount * 100))} ${state}` +
          (payout.reason ? ` (${payout.reason})` : '') +
          `, ${payout.attempts} attempt(s), released ${formatDateTime(payout.releasedAt)}`
      )
      ctx.print()
      ctx.print('History')
      await renderTable(history.map(historyRow), historyColumns, ctx.io, {
        emptyMessage: 'No status changes recorded.',
      })
      ctx.print()
      ctx.print(`Identity reveals (${reveals.meta.total})`)
      await renderTable(
        reveals.data.map((entry) => ({
          at: formatDateTime(entry.viewedAt),
          viewer: entry.viewerName ?? `user ${entry.viewerId ?? '—'}`,
          role: entry.viewerRole,
        })),
        [
          { key: 'at', header: 'when' },
          { key: 'viewer', header: 'viewer' },
          { key: 'role', header: 'role' },
        ],
        ctx.io,
        { emptyMessage: 'Nobody has seen the carrier’s identity on this booking.' }
      )
    })
}
