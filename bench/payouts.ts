/*
 * Payouts at scale (issue 13): for each size N, seeds N paid bookings delivered three days ago
 * over C onboarded carriers in bulk (sandbox charges, payments and escrow rows, and the ledger's
 * charge transactions through the real LedgerService, a thousand per chain append), then starts
 * W worker processes at once (bench/payout_worker.ts: each loops `PayoutService.run()`, what
 * `node ace payouts:release` and the start command's timer run) and times them until every
 * payout is released and transferred. Then it checks nothing was paid twice (one sandbox
 * transfer and one ledger payout per booking), reconciles and verifies the chains, and prints
 * payouts per second at each size, the largest against the smallest (linear = a ratio near 1).
 *
 *   node --import=@poppinss/ts-exec bench/payouts.ts [--sizes 10000,100000]
 *   DB_CONNECTION=pg PG_DB_NAME=bench node --import=@poppinss/ts-exec bench/payouts.ts
 *
 * See bench/README.md. Not part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { bootBenchApp, failBench, prng, reportFigure, useBenchDatabase } from './boot.js'
import { analyze, clear, seedBookings } from './payout_seed.js'

const { values: options } = parseArgs({
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    carriers: { type: 'string', default: '200' },
    workers: { type: 'string', default: '2' },
    seed: { type: 'string', default: '20250115' },
  },
})
const SIZES = options.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0)
const CARRIERS = Math.max(1, Number(options.carriers))
const WORKERS = Math.max(1, Number(options.workers))
const TARGET = 500
const target = useBenchDatabase()
const random = prng(Number(options.seed))
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

/** A worker process, once it has booted and said "ready". */
function startWorker(
  args: string[] = []
): Promise<{ child: ChildProcess; done: Promise<WorkerResult> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        // PAYOUT_WORKER_PROFILE=<dir>: a V8 CPU profile of each worker, for finding the next cost
        ...(process.env.PAYOUT_WORKER_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PAYOUT_WORKER_PROFILE}`]
          : []),
        '--import=@poppinss/ts-exec',
        'bench/payout_worker.ts',
        ...args,
      ],
      { cwd: new URL('../', import.meta.url).pathname, stdio: ['pipe', 'pipe', 'inherit'] }
    )
    const lines = createInterface({ input: child.stdout! })
    let result: WorkerResult | null = null
    const done = new Promise<WorkerResult>((finish, fail) => {
      child.once('exit', (code) =>
        code === 0 && result ? finish(result) : fail(new Error(`payout worker exited ${code}`))
      )
    })
    lines.on('line', (line) => {
      if (line === 'ready') resolve({ child, done })
      else if (line.startsWith('{')) result = JSON.parse(line)
    })
    child.once('exit', (code) => reject(new Error(`payout worker exited ${code} before ready`)))
  })
}

type WorkerResult = {
  runs: number
  released: number
  paid: number
  failed: number
  /** reference workers: transfers made */
  transfers: number
  endedAt: number
}

/** Starts the workers together once all have booted; answers their results and the time taken. */
async function runWorkers(args: (i: number) => string[]) {
  const workers = await Promise.all(Array.from({ length: WORKERS }, (_, i) => startWorker(args(i))))
  const start = Date.now()
  for (const { child } of workers) child.stdin!.end('go\n')
  const results = await Promise.all(workers.map((w) => w.done))
  return { results, ms: Math.max(...results.map((r) => r.endedAt)) - start }
}

/**
 * The reference measured in the same run: the payments driver's transfers alone, made by the
 * same number of worker processes with the same concurrency, one per booking (then removed).
 */
async function providerAlone(db: Boot['db']) {
  const { results, ms } = await runWorkers((i) => ['--reference', `${i}/${WORKERS}`])
  const transfers = results.reduce((sum, r) => sum + r.transfers, 0)
  await db.from('sandbox_transfers').where('transfer_group', 'like', 'bench_reference_%').delete()
  const rate = transfers / (ms / 1000)
  console.log(
    `  reference: ${transfers} sandbox transfers alone in ${seconds(ms)}: ${Math.round(rate)}/s`
  )
  return rate
}

type Boot = Awaited<ReturnType<typeof bootBenchApp>>

/** Each booking paid once: bookings paid, one transfer and one ledger payout per booking. */
async function checkPaidOnce(db: Boot['db'], count: number) {
  const one = async (query: Promise<unknown[]>) =>
    Number(Object.values((await query)[0] as object)[0])
  const paid = await one(db.from('bookings').where('payout_status', 'paid').count('* as n'))
  const transfers = await one(db.from('sandbox_transfers').count('* as n'))
  const transferred = await one(db.from('sandbox_transfers').countDistinct('transfer_group as n'))
  const payoutTxns = await one(
    db.from('ledger_entries').where('kind', 'payout').countDistinct('txn as n')
  )
  const payoutLines = await one(db.from('ledger_entries').where('kind', 'payout').count('* as n'))
  const ok =
    paid === count &&
    transfers === count &&
    transferred === count &&
    payoutTxns === count &&
    payoutLines === 2 * count
  console.log(
    `  bookings paid ${paid} / ${count}; sandbox transfers ${transfers} for ${transferred} ` +
      `bookings; ledger payouts ${payoutTxns} (${payoutLines} lines): ` +
      (ok ? 'each booking paid once' : 'MISMATCH')
  )
  return ok
}

async function measure(boot: Boot, count: number) {
  const { db } = boot
  console.log(`\n▸ ${count.toLocaleString('en-US')} bookings over ${CARRIERS} carriers`)
  await clear(db)
  const seedStart = performance.now()
  await seedBookings(db, count, CARRIERS, random)
  await analyze(db)
  console.log(`  seeded in ${seconds(performance.now() - seedStart)}`)

  console.log(`  ${WORKERS} workers: go`)
  const { results, ms } = await runWorkers(() => [])
  const paid = results.reduce((sum, r) => sum + r.paid, 0)
  const rate = paid / (ms / 1000)
  for (const [i, r] of results.entries()) {
    console.log(`  worker ${i + 1}: ${r.runs} runs, released ${r.released}, paid ${r.paid}`)
  }
  console.log(`  ${paid} payouts in ${seconds(ms)}: ${Math.round(rate)} payouts/s`)
  const once = await checkPaidOnce(db, count)

  const { default: ReconciliationService } =
    await import('#payments/services/reconciliation_service')
  const { default: AuditService } = await import('#payments/services/audit_service')
  const reconcileStart = performance.now()
  const report = await new ReconciliationService().reconcile()
  console.log(
    `  payments:reconcile: ${report.bookings} bookings, ${report.problems.length} problems ` +
      `in ${seconds(performance.now() - reconcileStart)}`
  )
  const verifyStart = performance.now()
  const verdicts = await new AuditService().verifyAll()
  for (const v of verdicts)
    console.log(`  audit:verify ${v.chain}: ${v.rows} rows, ${v.ok ? 'intact' : 'BROKEN'}`)
  console.log(`  verified in ${seconds(performance.now() - verifyStart)}`)
  const sound = once && report.problems.length === 0 && verdicts.every((v) => v.ok)
  const provider = count === SIZES[0] ? await providerAlone(db) : null
  return { count, rate, sound, provider }
}

async function main() {
  console.log(`▸ Database: ${target}; ${WORKERS} payout workers`)
  const boot = await bootBenchApp()
  const figures = []
  for (const size of SIZES) figures.push(await measure(boot, size))
  const smallest = figures[0]
  const sound = figures.every((f) => f.sound)
  console.log('\n▸ Payouts per second')
  for (const f of figures) {
    console.log(
      `  ${f.count.toLocaleString('en-US')} bookings: ${Math.round(f.rate)} payouts/s` +
        (f === smallest
          ? ` (${(f.rate / f.provider!).toFixed(2)} of the sandbox's transfers alone, ${Math.round(f.provider!)}/s)`
          : ` (${(f.rate / smallest.rate).toFixed(2)} of the smallest)`)
    )
  }
  for (const f of figures) {
    reportFigure({
      bench: 'payouts',
      what: `payouts/s, ${WORKERS} workers, ${f.count.toLocaleString('en-US')} bookings${
        f.sound ? '' : ' (CHECKS FAILED)'
      }`,
      value: f.rate,
      unit: 'payouts/s',
      // the smallest beside the provider alone; the others beside the smallest (linearity)
      reference:
        f === smallest
          ? { what: 'sandbox transfers alone, same workers', value: f.provider! }
          : { what: `at ${smallest.count.toLocaleString('en-US')}`, value: smallest.rate },
      target:
        f === smallest ? `>= ${TARGET}/s` : `>= ${TARGET}/s and >= 0.8 of the smallest (linear)`,
      met: f.sound && f.rate >= TARGET && (f === smallest || f.rate >= 0.8 * smallest.rate),
    })
  }
  if (!sound) console.log('  Some checks FAILED (double payment, reconciliation or chain).')
  await boot.app.terminate()
  if (!sound) process.exitCode = 1
}

main().catch(failBench)
