import { InvalidArgumentError } from 'commander'
import type { Command } from 'commander'
import { OperatorApi } from '../api/operator.js'
import { CliError, USAGE_EXIT_CODE } from '../errors.js'
import { renderProgress } from '../ui/progress.js'
import { renderTable } from '../ui/table.js'
import { DEFAULT_COUNTS, runTag, SEED_PASSWORD, type SeedCounts } from '../seed/plan.js'
import { seedTasks } from '../seed/runner.js'
import { parsePositiveInt } from './arguments.js'
import { formatCents } from './payments.js'
import type { ContextOf } from './types.js'

const MAX = { shippers: 20, carriers: 5, bookings: 50, loads: 50 }

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
      // The bar writes to stdout, so --json keeps it off and stdout stays one JSON document.
      if (options.json) {
        for (const task of tasks) await task.run()
        return ctx.printJson(summary)
      }
      const started = Date.now()
      await renderProgress(tasks, ctx.io)
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
      if (summary.skippedCarrierIdentities.length > 0) {
        ctx.note(`Already registered, skipped: ${summary.skippedCarrierIdentities.join(', ')}`)
      }
    })
}

function withoutUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(value).filter(([key, v]) => v !== undefined && key !== 'json')
  ) as Partial<T>
}
