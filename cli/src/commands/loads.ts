import type { Command } from 'commander'
import { OperatorApi, type FreightLoad } from '../api/operator.js'
import { formatDateTime } from '../ui/format.js'
import type { TableColumn } from '../ui/table.js'
import { oneOf, printPage, withListOptions, type ListOptions } from './listing.js'
import { formatCents } from './payments.js'
import type { ContextOf } from './types.js'

export const LOAD_STATUSES = ['OPEN', 'CLAIMED', 'CANCELLED', 'EXPIRED'] as const

interface LoadRow {
  id: number
  lane: string
  pallets: number | null
  price: string
  status: string
  funding: string
  carrier: string
  booking: string | null
  posted: string
}

const columns: TableColumn<LoadRow>[] = [
  { key: 'id', header: 'id' },
  { key: 'lane', header: 'lane' },
  { key: 'pallets', header: 'pallets' },
  { key: 'price', header: 'price' },
  { key: 'status', header: 'status' },
  { key: 'funding', header: 'funding' },
  { key: 'carrier', header: 'held / claimed by' },
  { key: 'booking', header: 'booking' },
  { key: 'posted', header: 'posted' },
]

function carrierOf(load: FreightLoad): string {
  if (load.heldBy) return `${load.heldBy} (hold until ${formatDateTime(load.holdExpiresAt)})`
  return load.claimedBy ?? '—'
}

const toRow = (load: FreightLoad): LoadRow => ({
  id: load.id,
  lane: `${load.origin.city}, ${load.origin.state} → ${load.destination.city}, ${load.destination.state}`,
  pallets: load.pallets,
  price: load.price === null ? '—' : formatCents(Math.round(load.price * 100)),
  status: load.heldBy ? 'OPEN, held' : load.status,
  funding: load.paymentStatus,
  carrier: carrierOf(load),
  booking: load.bookingReference,
  posted: formatDateTime(load.createdAt),
})

export function registerLoadsCommands(program: Command, contextOf: ContextOf): void {
  const loads = program.command('loads').description('freight-board loads and their holds')
  withListOptions(
    loads
      .command('list')
      .description('every load, newest first, 20 a page')
      .option('--status <status>', LOAD_STATUSES.join(', '), oneOf(LOAD_STATUSES))
      .option('--held', 'only open loads a carrier holds now')
  ).action(
    async (options: ListOptions & { status?: FreightLoad['status']; held?: boolean }, command) => {
      const ctx = contextOf(command as Command)
      const result = await new OperatorApi(ctx.api()).freightLoads({
        status: options.status,
        held: options.held,
        page: options.page,
      })
      if (options.json) return ctx.printJson(result)
      await printPage(ctx, result.data.map(toRow), columns, result.meta, 'No loads match.')
    }
  )
}
