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
 *   node --import=ts-node-maintained/register/esm bench/payouts.ts [--sizes 10000,100000]
 *   DB_CONNECTION=pg PG_DB_NAME=bench node --import=ts-node-maintained/register/esm bench/payouts.ts
 *
 * See bench/README.md. Not part of `npm test`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { performance } from 'node:perf_hooks'
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { bootBenchApp, failBench, prng, reportFigure, useBenchDatabase } from './boot.js'

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
/** Bookings per seeding transaction and ledger chain append; SQLite caps a multi-row insert at 500. */
const SEED_CHUNK = process.env.DB_CONNECTION === 'pg' ? 1000 : 500

const target = useBenchDatabase()
const random = prng(Number(options.seed))
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const idOf = (row: unknown) => Number(typeof row === 'object' ? (row as { id: unknown }).id : row)

type Boot = Awaited<ReturnType<typeof bootBenchApp>>

const MONEY_TABLES = [
  'ledger_entries',
  'audit_chain_heads',
  'escrow_transactions',
  'payments',
  'payment_events',
  'invoices',
  'booking_status_changes',
  'identity_reveal_log',
  'bookings',
  'sandbox_transfers',
  'sandbox_refunds',
  'sandbox_payments',
]

/**
 * Empties the bench database's bookings and money tables (earlier runs leave their rows). On
 * PostgreSQL the deleted rows are vacuumed away, or the next run would read through them.
 */
async function clear(db: Boot['db']) {
  for (const table of MONEY_TABLES) await db.from(table).delete()
  if (db.connection().dialect.name === 'postgres') {
    await db.rawQuery(`VACUUM ${MONEY_TABLES.join(', ')}`)
  }
}

/** Fresh statistics after seeding, as a production database's autovacuum keeps them. */
async function analyze(db: Boot['db']) {
  if (db.connection().dialect.name === 'postgres') {
    await db.rawQuery(`ANALYZE ${MONEY_TABLES.join(', ')}`)
  } else {
    await db.rawQuery('ANALYZE')
  }
}

/** The ids of the rows whose `column` holds each of `values`, in the order of `values`. */
async function idsBy(db: Boot['db'], table: string, column: string, values: (string | number)[]) {
  const rows = await db.from(table).whereIn(column, values).select('id', column)
  const byValue = new Map(rows.map((row) => [String(row[column]), Number(row.id)]))
  return values.map((value) => byValue.get(String(value))!)
}

/** One shipper and C onboarded carriers (each with a truck and a sandbox account). */
async function seedParties(db: Boot['db']) {
  const { DateTime } = await import('luxon')
  const { default: hash } = await import('@adonisjs/core/services/hash')
  const fmt = (at: import('luxon').DateTime) => at.toFormat(db.connection().dialect.dateTimeFormat)
  const now = DateTime.now()
  const password = await hash.make('bench-password')
  const user = (role: string, tag: string) => ({
    username: `payout-bench-${role}-${tag}`,
    email: `payout-bench-${role}-${tag}@bench.test`,
    password,
    role,
    first_name: 'Bench',
    last_name: role,
    is_approved: true,
    approval_status: 'approved',
    created_at: fmt(now),
    updated_at: fmt(now),
  })
  const run = Date.now()
  const [shipper] = await db
    .table('users')
    .insert(user('shipper', `${run}`))
    .returning('id')
  const tags = Array.from({ length: CARRIERS }, (_, i) => `${run}-${i}`)
  await db.table('users').multiInsert(tags.map((tag) => user('carrier', tag)))
  // read back by a unique column: SQLite answers a multi-row insert with its last id only
  const userIds = await idsBy(
    db,
    'users',
    'username',
    tags.map((tag) => `payout-bench-carrier-${tag}`)
  )
  await db.table('sandbox_accounts').multiInsert(
    tags.map((tag) => ({
      id: `acct_bench_${tag}`,
      email: `payout-bench-carrier-${tag}@bench.test`,
      onboarding_complete: true,
      payouts_enabled: true,
      metadata: '{}',
      idempotency_key: `bench-account-${tag}`,
      request_hash: 'bench',
      created_at: now.toJSDate(),
      updated_at: now.toJSDate(),
    }))
  )
  await db.table('carriers').multiInsert(
    tags.map((tag, i) => ({
      user_id: userIds[i],
      company_name: `Payout Bench Freight ${tag}`,
      stripe_account_id: `acct_bench_${tag}`,
      stripe_onboarding_completed: true,
      created_at: fmt(now),
      updated_at: fmt(now),
    }))
  )
  const carrierIds = await idsBy(db, 'carriers', 'user_id', userIds)
  await db.table('trucks').multiInsert(
    carrierIds.map((carrierId, i) => ({
      carrier_id: carrierId,
      license_plate: `PB${i}-${run % 1_000_000}`,
      truck_type: 'dry_van',
      capacity: 26,
      status: 'available',
      created_at: fmt(now),
      updated_at: fmt(now),
    }))
  )
  const truckIds = await idsBy(db, 'trucks', 'carrier_id', carrierIds)
  return {
    shipperId: idOf(shipper),
    carriers: carrierIds.map((id, i) => ({ id, truckId: truckIds[i] })),
  }
}

/** N delivered, paid bookings with their sandbox charge, payment, escrow and ledger charge. */
async function seedBookings(db: Boot['db'], count: number) {
  const { DateTime } = await import('luxon')
  const { default: LedgerService, chargeLines } = await import('#payments/services/ledger_service')
  const { Clock } = await import('#core/clock')
  const ledger = new LedgerService(new Clock())
  const fmt = (at: import('luxon').DateTime) => at.toFormat(db.connection().dialect.dateTimeFormat)
  const { shipperId, carriers } = await seedParties(db)
  const now = DateTime.now()
  const deliveredAt = now.minus({ days: 3 })
  for (let start = 0; start < count; start += SEED_CHUNK) {
    const n = Math.min(SEED_CHUNK, count - start)
    await db.transaction(async (trx) => {
      const seeds = Array.from({ length: n }, (_, k) => {
        const i = start + k
        return {
          i,
          carrier: carriers[i % carriers.length],
          totalCents: Math.round(15_000 + random() * 485_000),
          intent: `pi_bench_${i}`,
        }
      })
      const before = (await trx.from('bookings').max('id as id').first())?.id ?? 0
      await trx.table('bookings').multiInsert(
        seeds.map(({ i, carrier, totalCents, intent }) => ({
          shipper_id: shipperId,
          carrier_id: carrier.id,
          truck_id: carrier.truckId,
          booking_type: 'standard',
          pickup_address: 'Chicago, IL',
          delivery_address: 'Detroit, MI',
          number_of_pallets: 1 + (i % 26),
          distance: 283,
          rate_per_mile_per_pallet: 2.5,
          total_amount: (totalCents / 100).toFixed(2),
          status: 'delivered',
          payment_status: 'paid',
          payout_status: 'pending',
          stripe_payment_intent_id: intent,
          payment_confirmed_at: fmt(deliveredAt.minus({ days: 2 })),
          delivered_at: fmt(deliveredAt),
          created_at: fmt(deliveredAt.minus({ days: 3 })),
          updated_at: fmt(deliveredAt),
        }))
      )
      // the chunk's ids, in insertion order (one writer while seeding; SQLite answers a
      // multi-row insert with its last id only)
      const bookingIds = (
        await trx.from('bookings').where('id', '>', before).orderBy('id').select('id')
      ).map((row) => Number(row.id))
      const rows = seeds.map((seed, k) => ({ ...seed, bookingId: bookingIds[k] }))
      await trx.table('sandbox_payments').multiInsert(
        rows.map(({ i, intent, totalCents, bookingId }) => ({
          id: intent,
          client_secret: `${intent}_secret_bench`,
          amount_cents: totalCents,
          currency: 'usd',
          status: 'succeeded',
          charge_id: `ch_bench_${i}`,
          transfer_group: `booking_${bookingId}`,
          metadata: JSON.stringify({ bookingId: String(bookingId) }),
          idempotency_key: `booking-${bookingId}-payment`,
          request_hash: 'bench',
          created_at: now.toJSDate(),
          updated_at: now.toJSDate(),
        }))
      )
      await trx.table('payments').multiInsert(
        rows.map(({ i, intent, totalCents, bookingId }) => ({
          shipment_id: bookingId,
          stripe_payment_intent: intent,
          stripe_charge_id: `ch_bench_${i}`,
          amount: (totalCents / 100).toFixed(2),
          status: 'SUCCEEDED',
          created_at: fmt(now),
          updated_at: fmt(now),
        }))
      )
      await trx.table('escrow_transactions').multiInsert(
        rows.map(({ totalCents, bookingId }) => ({
          shipment_id: bookingId,
          amount: (totalCents / 100).toFixed(2),
          status: 'HELD',
          created_at: fmt(now),
          updated_at: fmt(now),
        }))
      )
      await ledger.postMany(
        trx,
        rows.map(({ bookingId, totalCents }) => ({
          key: `booking-${bookingId}-charge`,
          bookingId,
          memo: 'card payment',
          lines: chargeLines(totalCents),
        }))
      )
    })
    // Statistics as the table grows (autovacuum's job in production): plans cached while the
    // table was empty, such as the foreign-key checks', would scan it row by row.
    if (start === 0 || (start / SEED_CHUNK) % 20 === 19) await analyze(db)
    process.stdout.write(`\r  ${start + n} / ${count} bookings`)
  }
  process.stdout.write('\n')
}

/** A worker process, once it has booted and said "ready". */
function startWorker(): Promise<{ child: ChildProcess; done: Promise<WorkerResult> }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        // PAYOUT_WORKER_PROFILE=<dir>: a V8 CPU profile of each worker, for finding the next cost
        ...(process.env.PAYOUT_WORKER_PROFILE
          ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PAYOUT_WORKER_PROFILE}`]
          : []),
        '--import=ts-node-maintained/register/esm',
        'bench/payout_worker.ts',
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
  endedAt: number
}

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
  await seedBookings(db, count)
  await analyze(db)
  console.log(`  seeded in ${seconds(performance.now() - seedStart)}`)

  const workers = await Promise.all(Array.from({ length: WORKERS }, () => startWorker()))
  console.log(`  ${WORKERS} workers ready; go`)
  const start = Date.now()
  for (const { child } of workers) child.stdin!.end('go\n')
  const results = await Promise.all(workers.map((w) => w.done))
  const ms = Math.max(...results.map((r) => r.endedAt)) - start
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
  return { count, rate, sound }
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
        (f === smallest ? '' : ` (${(f.rate / smallest.rate).toFixed(2)} of the smallest)`)
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
      ...(f === smallest
        ? {}
        : {
            reference: {
              what: `at ${smallest.count.toLocaleString('en-US')}`,
              value: smallest.rate,
            },
          }),
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
