/*
 * One payout worker of `bench/payouts.ts`: boots the app against the bench database, says
 * "ready", waits for "go" on stdin, then runs `PayoutService.run()` (what `node ace
 * payouts:release` and the start command's timer run) until a run finds nothing left to do,
 * and prints one JSON line: its runs, releases, payouts and when it finished (epoch ms).
 *
 * With `--reference k/W` it measures the provider alone instead: it calls the payments
 * driver's transfer for every W-th booking (from the k-th), 8 at a time as the payout batches
 * do, under keys of its own (`bench-reference-<id>`), and prints how many it made.
 */
import { createInterface } from 'node:readline'
import { parseArgs } from 'node:util'
import { bootBenchApp, failBench, useBenchDatabase } from './boot.js'

const { values: options } = parseArgs({ options: { reference: { type: 'string' } } })

useBenchDatabase()
// The sandbox posts a webhook per transfer; no server of ours listens on this port.
process.env.APP_URL = 'http://127.0.0.1:9'
process.env.LOG_LEVEL = 'error'

type App = Awaited<ReturnType<typeof bootBenchApp>>

async function payouts({ app }: App) {
  const { default: PayoutService } = await import('#payments/services/payout_service')
  const service = await app.container.make(PayoutService)
  let runs = 0
  let released = 0
  let paid = 0
  let failed = 0
  for (;;) {
    const summary = await service.run()
    runs += 1
    released += summary.released.length
    paid += summary.paid.length
    failed += summary.failed.length
    if (summary.released.length + summary.paid.length + summary.failed.length === 0) break
  }
  return { runs, released, paid, failed }
}

async function reference({ db }: App, part: number, parts: number) {
  const { default: payments } = await import('#plugins/payments/services/main')
  const { mapWithConcurrency } = await import('#core/batches')
  const { TRANSFER_CONCURRENCY } = await import('#payments/services/payout_rules')
  const driver = await payments.use()
  let lastId = 0
  let made = 0
  for (;;) {
    const rows = await db
      .from('bookings')
      .join('carriers', 'carriers.id', 'bookings.carrier_id')
      .join('payments', 'payments.shipment_id', 'bookings.id')
      .where('bookings.id', '>', lastId)
      .orderBy('bookings.id')
      .limit(200 * parts)
      .select('bookings.id', 'carriers.stripe_account_id', 'payments.stripe_charge_id')
    if (rows.length === 0) break
    lastId = Number(rows[rows.length - 1].id)
    const mine = rows.filter((row) => Number(row.id) % parts === part)
    const results = await mapWithConcurrency(mine, TRANSFER_CONCURRENCY, (row) =>
      driver.transfer({
        accountId: row.stripe_account_id,
        amountCents: 100,
        idempotencyKey: `bench-reference-${row.id}`,
        transferGroup: `bench_reference_${row.id}`,
        sourceTransaction: row.stripe_charge_id,
        metadata: { bookingId: String(row.id) },
      })
    )
    made += results.filter((result) => result.ok).length
  }
  return { transfers: made }
}

async function main() {
  const boot = await bootBenchApp({ migrate: false })
  console.log('ready')
  const input = createInterface({ input: process.stdin })
  await new Promise<void>((resolve) => input.once('line', () => resolve()))
  input.close()
  const [part, parts] = (options.reference ?? '').split('/').map(Number)
  const result = options.reference ? await reference(boot, part, parts) : await payouts(boot)
  console.log(JSON.stringify({ ...result, endedAt: Date.now() }))
  await boot.app.terminate()
}

main().catch(failBench)
