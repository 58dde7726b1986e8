import { InvalidArgumentError } from 'commander'
import type { Command } from 'commander'
import { OperatorApi } from '../api/operator.js'
import { CliError, USAGE_EXIT_CODE } from '../errors.js'
import { renderProgress, StepFailedError } from '../ui/progress.js'
import { renderTable } from '../ui/table.js'
import { DEFAULT_COUNTS, runTag, SEED_PASSWORD, type SeedCounts } from '../seed/plan.js'
import { seedTasks, type SeedSummary } from '../seed/runner.js'
import { parsePositiveInt } from './arguments.js'
import { formatCents } from './payments.js'
import type { ContextOf } from './types.js'

const MAX = { shippers: 20, carriers: 10, bookings: 50, loads: 50 }

/** Commander parser: 0 allowed, at most `max`. */
const count = (max: number) => (value: string) => {
  const n = value === '0' ? 0 : parsePositiveInt(value)
  if (n > max) throw new InvalidArgumentError(`at most ${max}.`)
  return n
}

export function registerSeedCommand(program: Command, contextOf: ContextOf): void {
  program
    .command('seed')
    .description(
      'fill a sandbox deployment with demo activity through its API; refuses one that takes real money'
    )
    .option(
      '--shippers <n>',
      `shippers to register (default ${DEFAULT_COUNTS.shippers}, max ${MAX.shippers})`,
      count(MAX.shippers)
    )
    .option(
      '--carriers <n>',
      `carriers to register and approve (default ${DEFAULT_COUNTS.carriers}, max ${MAX.carriers})`,
      count(MAX.carriers)
    )
    .option(
      '--bookings <n>',
      `bookings paid and delivered (default ${DEFAULT_COUNTS.bookings})`,
      count(MAX.bookings)
    )
    .option(
      '--loads <n>',
      `freight loads posted and claimed (default ${DEFAULT_COUNTS.loads})`,
      count(MAX.loads)
    )
    .option('--json', 'print the summary as JSON')
    .action(async (options: Partial<SeedCounts> & { json?: boolean }, command: Command) => {
      const ctx = contextOf(command)
      const counts: SeedCounts = { ...DEFAULT_COUNTS, ...withoutUndefined(options) }
      if (
        (counts.bookings > 0 || counts.loads > 0) &&
        (counts.shippers === 0 || counts.carriers === 0)
      ) {
        throw new CliError(
          'bookings and loads need at least one shipper and one carrier.',
          USAGE_EXIT_CODE
        )
      }
      const admin = ctx.api()
      const deployment = await new OperatorApi(admin).deployment()
      if (deployment.takesRealMoney || deployment.paymentsDriver !== 'sandbox') {
        throw new CliError(
          `refusing to seed ${ctx.baseUrl}: its payments driver is "${deployment.paymentsDriver}", ` +
            'which takes real money; seed only a deployment whose driver is the sandbox.'
        )
      }
      const now = new Date()
      const { tasks, summary } = seedTasks(
        { admin, as: (token) => ctx.apiAs(token), now, tag: runTag(now) },
        counts
      )
      const started = Date.now()
      try {
        // The bar writes to stdout, so --json keeps it off and stdout stays one JSON document.
        if (options.json) {
          for (const [index, task] of tasks.entries()) {
            try {
              await task.run()
            } catch (error) {
              throw new StepFailedError(`${task.title} (step ${index + 1}/${tasks.length})`, error)
            }
          }
        } else {
          await renderProgress(tasks, ctx.io)
        }
      } catch (error) {
        ctx.note(leftBehind(summary))
        throw error
      }
      if (options.json) return ctx.printJson(summary)
      ctx.print()
      await renderTable(
        [
          { item: 'Shippers', made: summary.shippers.length },
          { item: 'Carriers (approved)', made: summary.carriers.length },
          { item: 'Trucks', made: summary.trucks },
          { item: 'Capacity listings', made: summary.listings },
          { item: 'Bookings paid and delivered', made: summary.delivered },
          { item: 'Charged on the sandbox card', made: formatCents(summary.paidCents) },
          { item: 'Loads posted', made: summary.loadsPosted },
          { item: 'Loads claimed', made: summary.loadsClaimed },
        ],
        [
          { key: 'item', header: 'seeded' },
          { key: 'made', header: 'count' },
        ],
        ctx.io
      )
      ctx.print(`Run ${summary.tag} took ${((Date.now() - started) / 1000).toFixed(1)} s.`)
      if (summary.bookings.length > 0) ctx.print(`Bookings: ${summary.bookings.join(', ')}`)
      if (summary.shippers.length > 0) {
        ctx.print(`Sign in as ${summary.shippers[0]} (password ${SEED_PASSWORD}) to look around.`)
      }
    })
}

/**
 * What a stopped run made, for the operator to keep or remove: nothing in the API deletes an
 * account or a booking (docs/decisions/0170).
 */
export function leftBehind(summary: SeedSummary): string {
  const made: string[] = []
  const list = (label: string, items: (string | number)[]) => {
    if (items.length > 0) made.push(`  ${label}: ${items.join(', ')}`)
  }
  list('census records (USDOT)', summary.censusFiled)
  list('shippers', summary.shippers)
  list('carriers', summary.carriers)
  if (summary.trucks > 0)
    made.push(`  trucks: ${summary.trucks}, capacity listings: ${summary.listings}`)
  list(`bookings (${summary.delivered} delivered)`, summary.bookings)
  list('loads posted (ids)', summary.loads)
  if (made.length === 0) return `Run ${summary.tag} stopped before it created anything.`
  return [
    `Run ${summary.tag} stopped; it had created:`,
    ...made,
    'These are ordinary sandbox records named after the run; rerunning makes a new run beside them.',
    'To remove them: suspend the carriers (`palletline carriers list`, then the admin console), or',
    'reset the sandbox database (`node build/ace.js migration:fresh --force --seed` drops every',
    'table and seeds the demo again; docs/operations.md).',
    summary.censusFiled.length > 0
      ? 'The census records are files on the server under tmp/sandbox_census/<USDOT>.json.'
      : '',
  ]
    .filter(Boolean)
    .join('\n')
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([key, v]) => v !== undefined && key !== 'json')
  ) as Partial<T>
}
