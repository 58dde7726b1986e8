import type { Command } from 'commander'
import { ApiError } from '../api/client.js'
import {
  OperatorApi,
  type ExpeditedPayoutRetryResult,
  type Payout,
  type PayoutRetryResult,
} from '../api/operator.js'
import { CliError, USAGE_EXIT_CODE } from '../errors.js'
import { renderConfirm } from '../ui/confirm.js'
import { formatDateTime } from '../ui/format.js'
import { renderTable, type TableColumn } from '../ui/table.js'
import { formatCents } from './payments.js'
import { oneOf, parseBookingKey, printPage, withListOptions, type ListOptions } from './listing.js'
import type { ContextOf } from './types.js'

export const PAYOUT_STATES = ['pending', 'released', 'held', 'paid', 'failed'] as const
/** What a payout pays for: a booking (TRT-) or a delivered expedited job (EXP-), decision 0206. */
export const PAYOUT_KINDS = ['booking', 'expedited'] as const

interface PayoutRow {
  kind: string
  booking: string
  carrier: string | null
  amount: string
  state: string
  attempts: number
  nextAttempt: string
  reason: string | null
  quickPayFee: string
}

const columns: TableColumn<PayoutRow>[] = [
  { key: 'kind', header: 'kind' },
  { key: 'booking', header: 'reference' },
  { key: 'carrier', header: 'carrier' },
  { key: 'amount', header: 'payout' },
  { key: 'state', header: 'state' },
  { key: 'attempts', header: 'attempts' },
  { key: 'nextAttempt', header: 'next attempt' },
  { key: 'reason', header: 'reason' },
  // the quick-pay fee a carrier gave up to be paid at once (decision 0222); blank otherwise
  { key: 'quickPayFee', header: 'quick pay fee' },
]

const dollars = (amount: number) => formatCents(Math.round(amount * 100))

function toRow(payout: Payout): PayoutRow {
  return {
    kind: payout.kind,
    booking: payout.reference,
    carrier: payout.carrierCompany,
    amount: dollars(payout.payoutAmount),
    state: payout.held ? 'held' : payout.payoutStatus,
    attempts: payout.attempts,
    nextAttempt: formatDateTime(payout.nextAttemptAt),
    reason: payout.reason,
    quickPayFee: payout.quickPayFeeCents === null ? '' : formatCents(payout.quickPayFeeCents),
  }
}

interface ReplayRow {
  booking: string
  amount: string
  outcome: string
  reason: string | null
}

const replayColumns: TableColumn<ReplayRow>[] = [
  { key: 'booking', header: 'booking' },
  { key: 'amount', header: 'payout' },
  { key: 'outcome', header: 'outcome' },
  { key: 'reason', header: 'reason' },
]

/** The failed payouts, every page of them, oldest booking last as listed. */
async function allFailed(ops: OperatorApi): Promise<Payout[]> {
  const payouts: Payout[] = []
  for (let page = 1; ; page++) {
    const result = await ops.payouts({ state: 'failed', page })
    payouts.push(...result.data)
    if (page >= result.meta.lastPage) return payouts
  }
}

/** Booking id from the key the operator typed: the API's answer names it. */
async function findPayout(ops: OperatorApi, key: string): Promise<Payout> {
  const [payout] = (await ops.payouts({ booking: key })).data
  if (!payout) throw new CliError(`no booking ${key}`)
  return payout
}

type Replayed = {
  payout: Payout
  result: PayoutRetryResult | ExpeditedPayoutRetryResult | null
  error: string | null
}

/** One attempt now, by the route of the payout's kind. */
function retry(ops: OperatorApi, payout: Payout) {
  return payout.kind === 'expedited'
    ? ops.retryExpeditedPayout(payout.expeditedJobId!)
    : ops.retryPayout(payout.bookingId!)
}

export function registerPayoutsCommands(program: Command, contextOf: ContextOf): void {
  const payouts = program.command('payouts').description('carriers’ payouts: list and replay')

  withListOptions(
    payouts
      .command('list')
      .description(
        'every carrier payout, bookings’ and expedited jobs’ (kind), newest first, 20 a page'
      )
      .option('--kind <kind>', PAYOUT_KINDS.join(', '), oneOf(PAYOUT_KINDS))
      .option('--state <state>', PAYOUT_STATES.join(', '), oneOf(PAYOUT_STATES))
      .option('--booking <id|TRT-ref>', 'one booking', parseBookingKey)
  ).action(
    async (
      options: ListOptions & {
        kind?: Payout['kind']
        state?: Payout['payoutStatus']
        booking?: string
      },
      command
    ) => {
      const ctx = contextOf(command as Command)
      const ops = new OperatorApi(ctx.api())
      const result = await ops.payouts({
        kind: options.kind,
        state: options.state,
        booking: options.booking,
        page: options.page,
      })
      if (options.json) return ctx.printJson(result)
      await printPage(ctx, result.data.map(toRow), columns, result.meta, 'No payouts match.')
    }
  )

  payouts
    .command('replay')
    .description('one transfer attempt now for a failed payout, or for every failed one')
    .argument('[booking]', 'a booking id or TRT- reference', parseBookingKey)
    .option('--all-failed', 'every failed payout, bookings’ and expedited jobs’')
    .option('--yes', 'do not ask for confirmation')
    .option('--json', 'print the outcomes as JSON')
    .action(
      async (
        booking: string | undefined,
        options: { allFailed?: boolean; yes?: boolean; json?: boolean },
        command: Command
      ) => {
        const ctx = contextOf(command)
        if (Boolean(booking) === Boolean(options.allFailed)) {
          throw new CliError('name one booking or pass --all-failed.', USAGE_EXIT_CODE)
        }
        const ops = new OperatorApi(ctx.api())
        const targets = booking ? [await findPayout(ops, booking)] : await allFailed(ops)
        // Only a failed payout can be replayed: say so before asking, not after (the API's 409).
        const named = booking ? targets[0] : undefined
        if (named && named.payoutStatus !== 'failed') {
          throw new CliError(
            `${named.reference}'s payout is ${named.held ? 'held' : named.payoutStatus}, not failed: ` +
              'only a failed payout can be replayed (see `palletline payouts list --state failed`).'
          )
        }
        if (targets.length === 0) {
          if (options.json) return ctx.printJson({ replayed: [], paid: 0, failed: 0, held: 0 })
          return ctx.print('No failed payouts to replay.')
        }
        if (!options.yes) {
          const total = targets.reduce((sum, p) => sum + Math.round(p.payoutAmount * 100), 0)
          const what =
            targets.length === 1
              ? `${targets[0]!.reference} (${dollars(targets[0]!.payoutAmount)})`
              : `${targets.length} failed payouts (${formatCents(total)})`
          if (!(await renderConfirm(`Replay ${what} now?`, ctx.io))) {
            ctx.print('Nothing replayed.')
            return
          }
        }
        const replayed: Replayed[] = []
        for (const payout of targets) {
          try {
            replayed.push({ payout, result: await retry(ops, payout), error: null })
          } catch (error) {
            // One refused payout (not failed any more, gone) does not stop the others.
            if (!(error instanceof ApiError) || error.status >= 500 || targets.length === 1) {
              throw error
            }
            replayed.push({ payout, result: null, error: error.serverMessage })
          }
        }
        const count = (outcome: string) =>
          replayed.filter((entry) => entry.result?.outcome === outcome).length
        const summary = {
          paid: count('paid'),
          failed: count('failed'),
          held: count('held'),
          refused: replayed.filter((entry) => entry.error).length,
        }
        if (options.json) {
          ctx.printJson({
            replayed: replayed.map(({ payout, result, error }) => ({
              kind: payout.kind,
              bookingId: payout.bookingId,
              expeditedJobId: payout.expeditedJobId,
              reference: payout.reference,
              outcome: result?.outcome ?? 'refused',
              payout: result?.payout ?? null,
              error,
            })),
            ...summary,
          })
        } else {
          await renderTable(
            replayed.map(({ payout, result, error }) => ({
              booking: payout.reference,
              amount: dollars(payout.payoutAmount),
              outcome: result?.outcome ?? 'refused',
              reason: error ?? result?.payout.reason ?? null,
            })),
            replayColumns,
            ctx.io
          )
          ctx.print(
            `Replayed ${replayed.length}: ${summary.paid} paid, ${summary.failed} failed again, ` +
              `${summary.held} held, ${summary.refused} refused.`
          )
        }
        if (summary.failed + summary.refused > 0) {
          throw new CliError(`${summary.failed + summary.refused} payout(s) still not paid`)
        }
      }
    )
}
