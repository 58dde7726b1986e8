/*
 * The admin's payout list (GET /api/admin/payouts, the CLI's `payouts list`) holds every carrier
 * payout: bookings' and delivered expedited jobs' (docs/decisions/0188), each row saying its
 * kind (docs/decisions/0206).
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { fromCents, splitPayout, toCents } from '#core/money'
import { bookingReference, expeditedReference } from '#core/reference'
import type User from '#accounts/models/user'
import { makeUser, resetDatabase } from '#tests/helpers'
import { recordExpeditedSteps } from '#tests/deliveries'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import { asCaller, expCarrier, expeditedForm, payJob } from '#logistics/tests/expedited_helpers'

const NOW = DateTime.fromISO('2026-03-02T15:00:00Z')
const clock = new FixedClock(NOW)
const PAYOUTS = '/api/admin/payouts'

/** A paid expedited job the carrier accepted, picked up and delivered: its payout released. */
async function deliveredJob(client: any, carrierUser: User) {
  const shipper = await makeUser('shipper')
  const res = await client
    .post('/api/expedited-jobs')
    .json(expeditedForm())
    .loginAs(shipper)
    .withCsrfToken()
  res.assertStatus(201)
  const job = res.body().job as { id: number; price: number }
  await payJob(asCaller(client, shipper), job.id)
  for (const step of ['accept', 'pickup']) {
    const moved = await client
      .post(`/api/expedited-jobs/${job.id}/${step}`)
      .loginAs(carrierUser)
      .withCsrfToken()
    moved.assertStatus(200)
  }
  clock.advance({ hours: 6 })
  // Delivered by the driver's signed step (docs/decisions/0264).
  ;(await recordExpeditedSteps(client, carrierUser, job.id)).assertStatus(201)
  return job
}

test.group('GET /api/admin/payouts: bookings’ and expedited jobs’ payouts', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    app.container.swap(Clock, () => clock)
    clock.set(NOW)
    return () => app.container.restore(Clock)
  })
  group.each.timeout(60_000)

  test('both kinds listed newest first, each saying its kind; filtered by kind, state or booking', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const carrierUser = await expCarrier()
    const carrier = await carrierOf(carrierUser)
    const shipper = await makeUser('shipper')
    const booking = await makeBooking(shipper, await makeListing(carrierUser), {
      payoutStatus: 'paid',
      payoutReleasedAt: NOW.minus({ days: 3 }),
      createdAt: NOW.minus({ days: 5 }),
    })
    const job = await deliveredJob(client, carrierUser)

    const list = async (qs: Record<string, string | number> = {}) => {
      const res = await client.get(PAYOUTS).qs(qs).loginAs(admin)
      res.assertStatus(200)
      return res.body()
    }
    const everything = await list()
    assert.deepEqual(everything.meta, { total: 2, perPage: 20, currentPage: 1, lastPage: 1 })
    const [expedited, booked] = everything.data
    assert.deepEqual(expedited, {
      kind: 'expedited',
      bookingId: null,
      expeditedJobId: job.id,
      reference: expeditedReference(job.id),
      carrierCompany: carrier.companyName,
      payoutAmount: fromCents(splitPayout(toCents(job.price)).payoutCents),
      payoutStatus: 'released',
      reason: null,
      attempts: 0,
      nextAttemptAt: null,
      releasedAt: expedited.releasedAt,
      held: false,
      quickPayFeeCents: null,
    })
    assert.isNotNull(expedited.releasedAt)
    assert.containsSubset(booked, {
      kind: 'booking',
      bookingId: booking.id,
      expeditedJobId: null,
      reference: bookingReference(booking.id),
      payoutStatus: 'paid',
    })

    const refs = async (qs: Record<string, string | number>) =>
      (await list(qs)).data.map((p: any) => p.reference)
    assert.deepEqual(await refs({ kind: 'expedited' }), [expeditedReference(job.id)])
    assert.deepEqual(await refs({ kind: 'booking' }), [bookingReference(booking.id)])
    assert.deepEqual(await refs({ state: 'released' }), [expeditedReference(job.id)])
    assert.deepEqual(await refs({ state: 'paid' }), [bookingReference(booking.id)])
    // A booking named matches bookings only, even one whose id is the job's.
    assert.deepEqual(await refs({ booking: booking.id }), [bookingReference(booking.id)])
    assert.deepEqual(await refs({ booking: job.id, kind: 'expedited' }), [])

    const bad = await client.get(PAYOUTS).qs({ kind: 'loads' }).loginAs(admin)
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'kind')
    assert.equal(bad.body().errors[0].message, 'Kind must be booking or expedited')
  })
})
