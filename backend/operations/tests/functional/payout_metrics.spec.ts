import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { metricsRegistry } from '#core/metrics'
import PayoutService from '#payments/services/payout_service'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import {
  deliver,
  fixClock,
  makeCarrier,
  paidBooking,
  restoreClock,
  transfersOf,
} from '#payments/tests/payout_fixtures'

/** A counter's value for these labels, from the registry (0 before its first increment). */
async function counter(name: string, labels: Record<string, string> = {}) {
  const metric = await metricsRegistry.getSingleMetric(name)!.get()
  const match = metric.values.find((v) =>
    Object.entries(labels).every(([k, value]) => (v.labels as any)[k] === value)
  )
  return match?.value ?? 0
}

test.group('Payout metrics', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('paid, failed and held payouts and the cents paid are counted', async ({ assert }) => {
    const clock = fixClock(DateTime.fromISO('2026-06-01T15:30:00Z'))
    const before = {
      paid: await counter('payouts_total', { outcome: 'paid' }),
      failed: await counter('payouts_total', { outcome: 'failed' }),
      held: await counter('payouts_total', { outcome: 'held' }),
      cents: await counter('payouts_paid_cents_total'),
    }
    const shipper = await makeUser('shipper')
    const paid = await makeCarrier()
    const refused = await makeCarrier({ onboarded: false })
    // our records say onboarded, the provider does not: its transfer is refused
    await db
      .from('carriers')
      .where('id', refused.carrier.id)
      .update({ stripe_onboarding_completed: true })
    const held = await makeCarrier({ onboarded: false })
    const paidBookingRow = await deliver(await paidBooking(shipper, paid.listing), paid.user)
    await deliver(await paidBooking(shipper, refused.listing), refused.user)
    await deliver(await paidBooking(shipper, held.listing), held.user)
    clock.advance({ hours: 48 })

    await (await app.container.make(PayoutService)).run()

    const [transfer] = await transfersOf(paidBookingRow.id)
    assert.equal((await counter('payouts_total', { outcome: 'paid' })) - before.paid, 1)
    assert.equal((await counter('payouts_total', { outcome: 'failed' })) - before.failed, 1)
    assert.equal((await counter('payouts_total', { outcome: 'held' })) - before.held, 1)
    assert.equal(
      (await counter('payouts_paid_cents_total')) - before.cents,
      Number(transfer.amount_cents)
    )
  })
})
