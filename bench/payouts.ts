/*
 * Payout release, reconciliation and chain verification at scale: seeds N paid bookings
 * delivered three days ago (sandbox charges, payments and escrow rows, the ledger's charge
 * transactions through the real LedgerService), then times `PayoutService.run()` until every
 * payout is released and transferred, `payments:reconcile` and `audit:verify` over the result.
 *
 *   node --import=ts-node-maintained/register/esm bench/payouts.ts [--bookings N] [--carriers N]
 *   DB_CONNECTION=pg PG_DB_NAME=bench node --import=ts-node-maintained/register/esm bench/payouts.ts
 *
 * See bench/README.md. Not part of `npm test`.
 */
import { performance } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import { bootBenchApp, failBench, prng, reportFigure, useBenchDatabase } from './boot.js'

const { values: options } = parseArgs({
  options: {
    bookings: { type: 'string', default: '5000' },
    carriers: { type: 'string', default: '50' },
    seed: { type: 'string', default: '20250115' },
  },
})
const BOOKINGS = Number(options.bookings)
const CARRIERS = Math.max(1, Number(options.carriers))

const target = useBenchDatabase()
// The sandbox posts a webhook per transfer; no server of ours listens on this port.
process.env.APP_URL = 'http://127.0.0.1:9'
process.env.LOG_LEVEL = 'error'
const random = prng(Number(options.seed))

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function main() {
  console.log(`▸ Database: ${target}`)
  const { app, db } = await bootBenchApp()
  const { DateTime } = await import('luxon')
  const { default: hash } = await import('@adonisjs/core/services/hash')
  const { default: LedgerService } = await import('#payments/services/ledger_service')
  const { default: PayoutService } = await import('#payments/services/payout_service')
  const { default: ReconciliationService } =
    await import('#payments/services/reconciliation_service')
  const { default: AuditService } = await import('#payments/services/audit_service')
  const { Clock } = await import('#core/clock')

  const connection = db.connection()
  const isPg = connection.dialect.name === 'postgres'
  const now = DateTime.now()
  const fmt = (at: typeof now) => at.toFormat(connection.dialect.dateTimeFormat)

  // Earlier payout benches leave their rows: start from empty money tables.
  console.log('▸ Clearing earlier bench bookings')
  for (const table of [
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
  ]) {
    await db.from(table).delete()
  }

  console.log(`▸ Seeding ${CARRIERS} onboarded carriers and ${BOOKINGS} delivered, paid bookings`)
  const password = await hash.make('bench-password')
  const [shipper] = await db
    .table('users')
    .insert({
      username: `payout-bench-shipper-${Date.now()}`,
      email: `payout-bench-shipper-${Date.now()}@bench.test`,
      password,
      role: 'shipper',
      first_name: 'Bench',
      last_name: 'Shipper',
      is_approved: true,
      approval_status: 'approved',
      created_at: fmt(now),
      updated_at: fmt(now),
    })
    .returning('id')
  const shipperId = Number(typeof shipper === 'object' ? shipper.id : shipper)

  const carriers: { id: number; truckId: number }[] = []
  for (let i = 0; i < CARRIERS; i++) {
    const tag = `${Date.now()}-${i}`
    const [user] = await db
      .table('users')
      .insert({
        username: `payout-bench-carrier-${tag}`,
        email: `payout-bench-carrier-${tag}@bench.test`,
        password,
        role: 'carrier',
        first_name: 'Bench',
        last_name: `Carrier ${i}`,
        is_approved: true,
        approval_status: 'approved',
        created_at: fmt(now),
        updated_at: fmt(now),
      })
      .returning('id')
    const accountId = `acct_bench_${tag}`
    await db.table('sandbox_accounts').insert({
      id: accountId,
      email: `payout-bench-carrier-${tag}@bench.test`,
      onboarding_complete: true,
      payouts_enabled: true,
      metadata: '{}',
      idempotency_key: `bench-account-${tag}`,
      request_hash: 'bench',
      created_at: now.toJSDate(),
      updated_at: now.toJSDate(),
    })
    const [carrier] = await db
      .table('carriers')
      .insert({
        user_id: Number(typeof user === 'object' ? user.id : user),
        company_name: `Payout Bench Freight ${tag}`,
        stripe_account_id: accountId,
        stripe_onboarding_completed: true,
        created_at: fmt(now),
        updated_at: fmt(now),
      })
      .returning('id')
    const carrierId = Number(typeof carrier === 'object' ? carrier.id : carrier)
    const [truck] = await db
      .table('trucks')
      .insert({
        carrier_id: carrierId,
        license_plate: `PB${i}-${Date.now() % 1_000_000}`,
        truck_type: 'dry_van',
        capacity: 26,
        status: 'available',
        created_at: fmt(now),
        updated_at: fmt(now),
      })
      .returning('id')
    carriers.push({ id: carrierId, truckId: Number(typeof truck === 'object' ? truck.id : truck) })
  }

  const ledger = new LedgerService(new Clock())
  const deliveredAt = now.minus({ days: 3 })
  const seedStart = performance.now()
  const BATCH = 200
  for (let start = 0; start < BOOKINGS; start += BATCH) {
    const count = Math.min(BATCH, BOOKINGS - start)
    await db.transaction(async (trx) => {
      for (let k = 0; k < count; k++) {
        const n = start + k
        const carrier = carriers[n % carriers.length]
        const totalCents = Math.round(15_000 + random() * 485_000)
        const intent = `pi_bench_${n}`
        const [row] = await trx
          .table('bookings')
          .insert({
            shipper_id: shipperId,
            carrier_id: carrier.id,
            truck_id: carrier.truckId,
            booking_type: 'standard',
            pickup_address: 'Chicago, IL',
            delivery_address: 'Detroit, MI',
            number_of_pallets: 1 + (n % 26),
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
          })
          .returning('id')
        const bookingId = Number(typeof row === 'object' ? row.id : row)
        await trx.table('sandbox_payments').insert({
          id: intent,
          client_secret: `${intent}_secret_bench`,
          amount_cents: totalCents,
          currency: 'usd',
          status: 'succeeded',
          charge_id: `ch_bench_${n}`,
          transfer_group: `booking_${bookingId}`,
          metadata: JSON.stringify({ bookingId: String(bookingId) }),
          idempotency_key: `booking-${bookingId}-payment`,
          request_hash: 'bench',
          created_at: now.toJSDate(),
          updated_at: now.toJSDate(),
        })
        await trx.table('payments').insert({
          shipment_id: bookingId,
          stripe_payment_intent: intent,
          stripe_charge_id: `ch_bench_${n}`,
          amount: (totalCents / 100).toFixed(2),
          status: 'SUCCEEDED',
          created_at: fmt(now),
          updated_at: fmt(now),
        })
        await trx.table('escrow_transactions').insert({
          shipment_id: bookingId,
          amount: (totalCents / 100).toFixed(2),
          status: 'HELD',
          created_at: fmt(now),
          updated_at: fmt(now),
        })
        await ledger.recordCharge(trx, bookingId, totalCents)
      }
    })
    process.stdout.write(`\r  ${start + count} / ${BOOKINGS} bookings`)
  }
  const seedMs = performance.now() - seedStart
  console.log(
    `\n  seeded in ${seconds(seedMs)} (${Math.round(BOOKINGS / (seedMs / 1000))} charges/s)`
  )

  console.log('▸ Releasing and paying (payouts:release until nothing is left)')
  const payouts = await app.container.make(PayoutService)
  const releaseStart = performance.now()
  let released = 0
  let paid = 0
  let runs = 0
  for (;;) {
    const summary = await payouts.run()
    runs += 1
    released += summary.released.length
    paid += summary.paid.length
    process.stdout.write(`\r  run ${runs}: released ${released}, paid ${paid}`)
    if (summary.released.length === 0 && summary.paid.length === 0) break
  }
  const releaseMs = performance.now() - releaseStart
  console.log(
    `\n  ${paid} payouts in ${seconds(releaseMs)} over ${runs} runs ` +
      `(${Math.round(paid / (releaseMs / 1000))} payouts/s, each: release + ledger + transfer + ledger)`
  )

  const rate = paid / (releaseMs / 1000)
  reportFigure({
    bench: 'payouts',
    what: `payouts released and transferred (${paid.toLocaleString('en-US')})`,
    value: rate,
    unit: 'payouts/s',
    target: '>= 500 per second',
    met: rate >= 500,
  })

  console.log('▸ payments:reconcile')
  const reconcileStart = performance.now()
  const report = await new ReconciliationService().reconcile()
  const reconcileMs = performance.now() - reconcileStart
  console.log(
    `  ${report.bookings} bookings, ${report.transactions} transactions, ` +
      `${report.problems.length} problems in ${seconds(reconcileMs)}`
  )

  console.log('▸ audit:verify')
  const verifyStart = performance.now()
  for (const verdict of await new AuditService().verifyAll()) {
    console.log(`  ${verdict.chain}: ${verdict.rows} rows, ${verdict.ok ? 'intact' : 'BROKEN'}`)
  }
  console.log(`  verified in ${seconds(performance.now() - verifyStart)}`)
  console.log(`▸ Database: ${isPg ? 'PostgreSQL' : 'SQLite'}`)

  await app.terminate()
}

main().catch(failBench)
