/*
 * One payout worker of `bench/payouts.ts`: boots the app against the bench database, says
 * "ready", waits for "go" on stdin, then runs `PayoutService.run()` (what `node ace
 * payouts:release` and the start command's timer run) until a run finds nothing left to do,
 * and prints one JSON line: its runs, releases, payouts and when it finished (epoch ms).
 */
import { createInterface } from 'node:readline'
import { bootBenchApp, failBench, useBenchDatabase } from './boot.js'

useBenchDatabase()
// The sandbox posts a webhook per transfer; no server of ours listens on this port.
process.env.APP_URL = 'http://127.0.0.1:9'
process.env.LOG_LEVEL = 'error'

async function main() {
  const { app } = await bootBenchApp({ migrate: false })
  const { default: PayoutService } = await import('#payments/services/payout_service')
  const payouts = await app.container.make(PayoutService)
  console.log('ready')
  const input = createInterface({ input: process.stdin })
  await new Promise<void>((resolve) => input.once('line', () => resolve()))
  input.close()

  let runs = 0
  let released = 0
  let paid = 0
  let failed = 0
  for (;;) {
    const summary = await payouts.run()
    runs += 1
    released += summary.released.length
    paid += summary.paid.length
    failed += summary.failed.length
    const did = summary.released.length + summary.paid.length + summary.failed.length
    if (did === 0) break
  }
  console.log(JSON.stringify({ runs, released, paid, failed, endedAt: Date.now() }))
  await app.terminate()
}

main().catch(failBench)
