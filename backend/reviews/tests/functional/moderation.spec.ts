import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { Clock, FixedClock } from '#core/clock'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { ALREADY_HIDDEN, NOT_HIDDEN } from '#reviews/services/review_moderation_service'
import {
  CARRIER_REVIEW,
  COMPLETED_AT,
  SHIPPER_REVIEW,
  completedBooking,
  summaries,
} from '#reviews/tests/world'

const clock = new FixedClock(COMPLETED_AT.plus({ days: 1 }))
const REASON = 'Insults the driver by name; abuse, not a fact about the load.'

async function reviewedBothWays(client: any) {
  const world = await completedBooking()
  const url = `/api/bookings/${world.booking.id}/reviews`
  await client.post(url).json(SHIPPER_REVIEW).loginAs(world.shipper).withCsrfToken()
  await client.post(url).json(CARRIER_REVIEW).loginAs(world.carrierUser).withCsrfToken()
  const rows = await db.from('reviews').where('booking_id', world.booking.id)
  const id = (role: string) => Number(rows.find((r) => r.author_role === role).id)
  return { ...world, url, shipperReviewId: id('shipper'), carrierReviewId: id('carrier') }
}

test.group('Review moderation', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    clock.set(COMPLETED_AT.plus({ days: 1 }))
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })

  test('an admin hides a review with a reason: logged, out of the ratings, marked for both sides', async ({
    client,
    assert,
  }) => {
    const world = await reviewedBothWays(client)
    const admin = await makeUser('admin', { firstName: 'Ada', lastName: 'Moderator' })
    const ratings = await summaries()
    assert.equal((await ratings.carriers([world.carrierId])).get(world.carrierId)!.count, 1)

    const res = await client
      .post(`/api/admin/reviews/${world.shipperReviewId}/hide`)
      .json({ reason: REASON })
      .loginAs(admin)
      .withCsrfToken()
    res.assertStatus(200)
    assert.containsSubset(res.body(), {
      id: world.shipperReviewId,
      state: 'hidden',
      hiddenReason: REASON,
      authorRole: 'shipper',
      moderation: [{ action: 'hide', reason: REASON, adminName: 'Ada Moderator' }],
    })
    const log = await db.from('review_moderations').where('review_id', world.shipperReviewId)
    assert.lengthOf(log, 1)
    assert.containsSubset(log[0], { action: 'hide', reason: REASON, admin_user_id: admin.id })
    assert.deepInclude((await ratings.carriers([world.carrierId])).get(world.carrierId)!, {
      count: 0,
      average: null,
    })
    // The shipper's rating (the carrier's review) is untouched.
    assert.equal((await ratings.shippers([world.shipper.id])).get(world.shipper.id)!.count, 1)

    const author = await client.get(world.url).loginAs(world.shipper)
    assert.containsSubset(author.body().mine, { hidden: true, hiddenReason: REASON })
    const reader = await client.get(world.url).loginAs(world.carrierUser)
    assert.deepEqual(reader.body().theirs, { status: 'hidden', review: null })
    assert.notInclude(reader.text(), SHIPPER_REVIEW.comment)

    const again = await client
      .post(`/api/admin/reviews/${world.shipperReviewId}/hide`)
      .json({ reason: REASON })
      .loginAs(admin)
      .withCsrfToken()
    again.assertStatus(409)
    again.assertBodyContains({ message: ALREADY_HIDDEN })

    const restored = await client
      .post(`/api/admin/reviews/${world.shipperReviewId}/restore`)
      .json({ reason: 'Appeal upheld: the words quote the bill of lading.' })
      .loginAs(admin)
      .withCsrfToken()
    restored.assertStatus(200)
    assert.equal(restored.body().state, 'visible')
    assert.lengthOf(restored.body().moderation, 2)
    assert.equal((await ratings.carriers([world.carrierId])).get(world.carrierId)!.count, 1)
    const notHidden = await client
      .post(`/api/admin/reviews/${world.shipperReviewId}/restore`)
      .json({ reason: 'Once more, to be sure of it.' })
      .loginAs(admin)
      .withCsrfToken()
    notHidden.assertStatus(409)
    notHidden.assertBodyContains({ message: NOT_HIDDEN })
  })

  test('no hide without a reason; only admins; unknown reviews are 404', async ({
    client,
    assert,
  }) => {
    const world = await reviewedBothWays(client)
    const admin = await makeUser('admin')
    const hide = (body: unknown) =>
      client
        .post(`/api/admin/reviews/${world.carrierReviewId}/hide`)
        .json(body as any)
        .loginAs(admin)
        .withCsrfToken()
    for (const [body, message] of [
      [{}, 'Give the reason for this moderation'],
      [{ reason: '   ' }, 'The reason must be at least 10 characters'],
      [{ reason: 'late pay' }, 'The reason must be at least 10 characters'],
      [{ reason: 'x'.repeat(501) }, 'The reason must be at most 500 characters'],
    ] as const) {
      const res = await hide(body)
      res.assertStatus(422)
      assert.equal(res.body().errors[0].field, 'reason')
      assert.equal(res.body().errors[0].message, message)
    }
    for (const user of [world.shipper, world.carrierUser]) {
      const res = await client
        .post(`/api/admin/reviews/${world.carrierReviewId}/hide`)
        .json({ reason: REASON })
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(403)
      ;(await client.get('/api/admin/reviews').loginAs(user)).assertStatus(403)
    }
    ;(await client.get('/api/admin/reviews')).assertStatus(401)
    const missing = await client
      .post(`/api/admin/reviews/${world.carrierReviewId + 1000}/hide`)
      .json({ reason: REASON })
      .loginAs(admin)
      .withCsrfToken()
    missing.assertStatus(404)
    missing.assertBodyContains({ message: 'Review not found' })
    assert.lengthOf(await db.from('review_moderations'), 0)
    assert.isNull((await db.from('reviews').where('id', world.carrierReviewId).first()).hidden_at)
  })

  test('the moderation list: newest first, filtered by state, paged', async ({
    client,
    assert,
  }) => {
    const both = await reviewedBothWays(client)
    const single = await completedBooking()
    await client
      .post(`/api/bookings/${single.booking.id}/reviews`)
      .json(SHIPPER_REVIEW)
      .loginAs(single.shipper)
      .withCsrfToken()
    const admin = await makeUser('admin')
    await client
      .post(`/api/admin/reviews/${both.carrierReviewId}/hide`)
      .json({ reason: REASON })
      .loginAs(admin)
      .withCsrfToken()

    const count = async (status?: string) => {
      const res = await client
        .get('/api/admin/reviews')
        .qs(status ? { status } : {})
        .loginAs(admin)
      res.assertStatus(200)
      return res.body()
    }
    const all = await count()
    assert.equal(all.meta.total, 3)
    assert.deepEqual(
      all.data.map((r: any) => r.state),
      ['sealed', 'hidden', 'visible']
    )
    assert.equal((await count('hidden')).meta.total, 1)
    assert.equal((await count('sealed')).meta.total, 1)
    assert.equal((await count('visible')).meta.total, 1)
    const sealed = (await count('sealed')).data[0]
    assert.containsSubset(sealed, {
      bookingId: single.booking.id,
      authorRole: 'shipper',
      comment: SHIPPER_REVIEW.comment,
    })
    const bad = await client
      .get('/api/admin/reviews')
      .qs({ status: 'spam', page: 0 })
      .loginAs(admin)
    bad.assertStatus(422)
    assert.sameMembers(
      bad.body().errors.map((e: any) => e.message),
      ['Status must be all, visible, sealed or hidden', 'Page must be a whole number from 1']
    )
  })
})
