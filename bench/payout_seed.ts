/*
 * The seeding of `bench/payouts.ts`: one shipper, C onboarded carriers and N delivered, paid
 * bookings with their sandbox charge, payments row, held escrow and ledger charge, written in
 * bulk (the ledger's charges through the real LedgerService, a chunk per chain append).
 */
import type { bootBenchApp } from './boot.js'

const idOf = (row: unknown) => Number(typeof row === 'object' ? (row as { id: unknown }).id : row)

/** Bookings per seeding transaction and ledger chain append; SQLite caps a multi-row insert at 500. */
const SEED_CHUNK = process.env.DB_CONNECTION === 'pg' ? 1000 : 500
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
export async function clear(db: Boot['db']) {
  for (const table of MONEY_TABLES) await db.from(table).delete()
  if (db.connection().dialect.name === 'postgres') {
    await db.rawQuery(`VACUUM ${MONEY_TABLES.join(', ')}`)
  }
}

/** Fresh statistics after seeding, as a production database's autovacuum keeps them. */
export async function analyze(db: Boot['db']) {
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
async function seedParties(db: Boot['db'], count: number) {
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
  const tags = Array.from({ length: count }, (_, i) => `${run}-${i}`)
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
export async function seedBookings(
  db: Boot['db'],
  count: number,
  carriers: number,
  random: () => number
) {
  const { DateTime } = await import('luxon')
  const { default: LedgerService, chargeLines } = await import('#payments/services/ledger_service')
  const { Clock } = await import('#core/clock')
  const ledger = new LedgerService(new Clock())
  const fmt = (at: import('luxon').DateTime) => at.toFormat(db.connection().dialect.dateTimeFormat)
  const parties = await seedParties(db, carriers)
  const now = DateTime.now()
  const deliveredAt = now.minus({ days: 3 })
  for (let start = 0; start < count; start += SEED_CHUNK) {
    const n = Math.min(SEED_CHUNK, count - start)
    await db.transaction(async (trx) => {
      const seeds = Array.from({ length: n }, (_, k) => {
        const i = start + k
        return {
          i,
          carrier: parties.carriers[i % parties.carriers.length],
          totalCents: Math.round(15_000 + random() * 485_000),
          intent: `pi_bench_${i}`,
        }
      })
      const before = (await trx.from('bookings').max('id as id').first())?.id ?? 0
      await trx.table('bookings').multiInsert(
        seeds.map(({ i, carrier, totalCents, intent }) => ({
          shipper_id: parties.shipperId,
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
