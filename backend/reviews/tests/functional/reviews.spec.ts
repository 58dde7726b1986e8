import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { Clock, FixedClock } from '#core/clock'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import {
  ALREADY_REVIEWED,
  NOT_OPEN,
  NOT_REVIEWABLE,
  PUBLISHED_FINAL,
  REVIEW_NOT_FOUND,
  WINDOW_CLOSED,
} from '#reviews/services/review_service'
import {
  CARRIER_REVIEW,
  CLOSES_AT,
  COMPLETED_AT,
  DELIVERED_AT,
  SHIPPER_REVIEW,
  completedBooking,
  summaries,
} from '#reviews/tests/world'

const clock = new FixedClock(COMPLETED_AT.plus({ days: 1 }))
const url = (id: number, mine = false) => `/api/bookings/${id}/reviews${mine ? '/mine' : ''}`

async function reviewRows(bookingId: number) {
  return db.from('reviews').where('booking_id', bookingId).orderBy('author_role')
}

test.group('Booking reviews: writing, blindness, publication', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    clock.set(COMPLETED_AT.plus({ days: 1 }))
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })

  test('each side sees the other’s review only after both wrote', async ({ client, assert }) => {
    const { shipper, carrierUser, carrierId, booking } = await completedBooking()

    const empty = await client.get(url(booking.id)).loginAs(shipper)
    empty.assertStatus(200)
    assert.deepEqual(empty.body(), {
      bookingId: booking.id,
      reference: `TRT-${String(booking.id).padStart(3, '0')}`,
      side: 'shipper',
      window: {
        state: 'open',
        opensAt: COMPLETED_AT.toUTC().toISO(),
        closesAt: CLOSES_AT.toUTC().toISO(),
      },
      canWrite: true,
      mine: null,
      theirs: { status: 'not_written', review: null },
    })

    const first = await client
      .post(url(booking.id))
      .json(SHIPPER_REVIEW)
      .loginAs(shipper)
      .withCsrfToken()
    first.assertStatus(201)
    assert.containsSubset(first.body().mine, {
      ...SHIPPER_REVIEW,
      editable: true,
      published: false,
      hidden: false,
    })
    assert.deepEqual(first.body().theirs, { status: 'not_written', review: null })

    // The carrier learns that the shipper wrote, never what.
    const sealed = await client.get(url(booking.id)).loginAs(carrierUser)
    sealed.assertStatus(200)
    assert.equal(sealed.body().side, 'carrier')
    assert.deepEqual(sealed.body().theirs, { status: 'sealed', review: null })
    assert.notInclude(sealed.text(), SHIPPER_REVIEW.comment)
    // Nothing counts yet.
    assert.equal((await (await summaries()).carriers([carrierId])).get(carrierId)!.count, 0)

    const second = await client
      .post(url(booking.id))
      .json(CARRIER_REVIEW)
      .loginAs(carrierUser)
      .withCsrfToken()
    second.assertStatus(201)
    assert.equal(second.body().theirs.status, 'revealed')
    assert.containsSubset(second.body().theirs.review, { authorRole: 'shipper', ...SHIPPER_REVIEW })
    assert.containsSubset(second.body().mine, {
      ...CARRIER_REVIEW,
      editable: false,
      published: true,
    })

    const shipperView = await client.get(url(booking.id)).loginAs(shipper)
    assert.containsSubset(shipperView.body().theirs.review, {
      authorRole: 'carrier',
      ...CARRIER_REVIEW,
    })
    assert.isFalse(shipperView.body().mine.editable)

    const rows = await reviewRows(booking.id)
    assert.lengthOf(rows, 2)
    assert.isTrue(rows.every((r) => r.published_at !== null))
    const carrierRating = (await (await summaries()).carriers([carrierId])).get(carrierId)!
    assert.deepInclude(carrierRating, { count: 1, average: 4 })
    const shipperRating = (await (await summaries()).shippers([shipper.id])).get(shipper.id)!
    assert.deepEqual(shipperRating, { count: 1, average: 3.67 })
  })

  test('after the window closes each side reads what the other wrote', async ({
    client,
    assert,
  }) => {
    const { shipper, carrierUser, carrierId, booking } = await completedBooking()
    await client.post(url(booking.id)).json(SHIPPER_REVIEW).loginAs(shipper).withCsrfToken()

    clock.set(CLOSES_AT.minus({ seconds: 1 }))
    let view = await client.get(url(booking.id)).loginAs(carrierUser)
    assert.equal(view.body().theirs.status, 'sealed')
    assert.equal(view.body().window.state, 'open')

    clock.set(CLOSES_AT)
    view = await client.get(url(booking.id)).loginAs(carrierUser)
    assert.equal(view.body().window.state, 'closed')
    assert.isFalse(view.body().canWrite)
    assert.containsSubset(view.body().theirs.review, SHIPPER_REVIEW)
    const own = await client.get(url(booking.id)).loginAs(shipper)
    assert.containsSubset(own.body().mine, { editable: false, published: true })

    // The ratings take it in when the publication job runs.
    const { default: ReviewPublicationService } =
      await import('#reviews/services/review_publication_service')
    const job = await app.container.make(ReviewPublicationService)
    assert.deepEqual(await job.publishDue(), { reviews: 1 })
    assert.deepEqual(await job.publishDue(), { reviews: 0 })
    assert.deepInclude((await (await summaries()).carriers([carrierId])).get(carrierId)!, {
      count: 1,
      average: 4,
    })
  })

  test('a review may be written until 14 days after completion, not at 14 days', async ({
    client,
  }) => {
    const late = await completedBooking()
    clock.set(CLOSES_AT.minus({ seconds: 1 }))
    ;(
      await client
        .post(url(late.booking.id))
        .json(SHIPPER_REVIEW)
        .loginAs(late.shipper)
        .withCsrfToken()
    ).assertStatus(201)

    const closed = await completedBooking()
    clock.set(CLOSES_AT)
    const res = await client
      .post(url(closed.booking.id))
      .json(CARRIER_REVIEW)
      .loginAs(closed.carrierUser)
      .withCsrfToken()
    res.assertStatus(409)
    res.assertBodyContains({ message: WINDOW_CLOSED })
  })

  test('an edit is allowed until 14 days after completion, not at 14 days', async ({
    client,
    assert,
  }) => {
    const { shipper, booking } = await completedBooking()
    await client.post(url(booking.id)).json(SHIPPER_REVIEW).loginAs(shipper).withCsrfToken()
    const edited = { ...SHIPPER_REVIEW, onTime: 2, comment: 'Second thoughts: a day late.' }

    clock.set(CLOSES_AT.minus({ seconds: 1 }))
    const ok = await client.put(url(booking.id, true)).json(edited).loginAs(shipper).withCsrfToken()
    ok.assertStatus(200)
    assert.containsSubset(ok.body().mine, { onTime: 2, comment: edited.comment })
    assert.equal(ok.body().mine.updatedAt, CLOSES_AT.minus({ seconds: 1 }).toUTC().toISO())

    clock.set(CLOSES_AT)
    const late = await client
      .put(url(booking.id, true))
      .json(SHIPPER_REVIEW)
      .loginAs(shipper)
      .withCsrfToken()
    late.assertStatus(409)
    late.assertBodyContains({ message: WINDOW_CLOSED })
    assert.equal((await reviewRows(booking.id))[0].comment, edited.comment)
  })

  test('once both wrote, neither may edit; a second write is refused', async ({
    client,
    assert,
  }) => {
    const { shipper, carrierUser, booking } = await completedBooking()
    await client.post(url(booking.id)).json(SHIPPER_REVIEW).loginAs(shipper).withCsrfToken()
    const again = await client
      .post(url(booking.id))
      .json(SHIPPER_REVIEW)
      .loginAs(shipper)
      .withCsrfToken()
    again.assertStatus(409)
    again.assertBodyContains({ message: ALREADY_REVIEWED })

    const none = await client
      .put(url(booking.id, true))
      .json(CARRIER_REVIEW)
      .loginAs(carrierUser)
      .withCsrfToken()
    none.assertStatus(404)
    none.assertBodyContains({ message: REVIEW_NOT_FOUND })

    await client.post(url(booking.id)).json(CARRIER_REVIEW).loginAs(carrierUser).withCsrfToken()
    for (const [user, body] of [
      [shipper, SHIPPER_REVIEW],
      [carrierUser, CARRIER_REVIEW],
    ] as const) {
      const res = await client
        .put(url(booking.id, true))
        .json({ ...body, comment: 'Changed my mind.' })
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(409)
      res.assertBodyContains({ message: PUBLISHED_FINAL })
    }
    assert.lengthOf(await reviewRows(booking.id), 2)
  })

  test('reviews open at completion, or 48 hours after delivery', async ({ client, assert }) => {
    const moving = await completedBooking({
      status: 'in_transit',
      deliveredAt: null,
      completedAt: null,
    })
    const notYet = await client
      .post(url(moving.booking.id))
      .json(SHIPPER_REVIEW)
      .loginAs(moving.shipper)
      .withCsrfToken()
    notYet.assertStatus(409)
    notYet.assertBodyContains({ message: NOT_OPEN })
    const view = await client.get(url(moving.booking.id)).loginAs(moving.shipper)
    assert.deepEqual(view.body().window, { state: 'not_open', opensAt: null, closesAt: null })

    // Delivered, never completed: open 48 hours after delivery (when the payout is due).
    const waiting = await completedBooking({ completedAt: null })
    clock.set(DELIVERED_AT.plus({ hours: 48 }).minus({ seconds: 1 }))
    const early = await client
      .post(url(waiting.booking.id))
      .json(CARRIER_REVIEW)
      .loginAs(waiting.carrierUser)
      .withCsrfToken()
    early.assertStatus(409)
    early.assertBodyContains({ message: NOT_OPEN })
    clock.set(DELIVERED_AT.plus({ hours: 48 }))
    const open = await client
      .post(url(waiting.booking.id))
      .json(CARRIER_REVIEW)
      .loginAs(waiting.carrierUser)
      .withCsrfToken()
    open.assertStatus(201)
    assert.equal(
      open.body().window.closesAt,
      DELIVERED_AT.plus({ hours: 48, days: 14 }).toUTC().toISO()
    )
  })

  test('a partner carrier’s booking has no carrier to review', async ({ client }) => {
    const { shipper, booking } = await completedBooking()
    await booking.merge({ carrierId: null }).save()
    const res = await client
      .post(url(booking.id))
      .json(SHIPPER_REVIEW)
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(409)
    res.assertBodyContains({ message: NOT_REVIEWABLE })
  })
})

test.group('Booking reviews: bad input and foreign identities', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    clock.set(COMPLETED_AT.plus({ days: 1 }))
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })

  const shipperCases: [Record<string, unknown>, string, string][] = [
    [{ onTime: undefined }, 'onTime', 'On time must be rated from 1 to 5 stars'],
    [{ onTime: 0 }, 'onTime', 'On time must be rated from 1 to 5 stars'],
    [{ communication: 6 }, 'communication', 'Communication must be rated from 1 to 5 stars'],
    [{ careOfFreight: 2.5 }, 'careOfFreight', 'Care of freight must be rated from 1 to 5 stars'],
    [{ careOfFreight: 'five' }, 'careOfFreight', 'Care of freight must be rated from 1 to 5 stars'],
    [{ comment: undefined }, 'comment', 'Please write a comment'],
    [{ comment: '   ' }, 'comment', 'Please write a comment'],
    [{ comment: 'x'.repeat(2001) }, 'comment', 'The comment must be at most 2000 characters'],
  ]
  const carrierCases: [Record<string, unknown>, string, string][] = [
    [
      { loadingTime: null },
      'loadingTime',
      'Loading time and detention must be rated from 1 to 5 stars',
    ],
    [
      { descriptionAccuracy: -1 },
      'descriptionAccuracy',
      'Accuracy of the load description must be rated from 1 to 5 stars',
    ],
    [{ payment: 10 }, 'payment', 'Payment must be rated from 1 to 5 stars'],
  ]

  test('each invalid field is a 422 with its message and stores nothing', async ({
    client,
    assert,
  }) => {
    const { shipper, carrierUser, booking } = await completedBooking()
    for (const [user, base, cases] of [
      [shipper, SHIPPER_REVIEW, shipperCases],
      [carrierUser, CARRIER_REVIEW, carrierCases],
    ] as const) {
      for (const [change, field, message] of cases) {
        const body = { ...base, ...change }
        const res = await client.post(url(booking.id)).json(body).loginAs(user).withCsrfToken()
        res.assertStatus(422)
        assert.deepInclude(
          res.body().errors,
          { field, message, rule: res.body().errors.find((e: any) => e.field === field)?.rule },
          JSON.stringify(change)
        )
      }
    }
    // A shipper's review needs the shipper's criteria, whatever else is sent.
    const wrongSide = await client
      .post(url(booking.id))
      .json(CARRIER_REVIEW)
      .loginAs(shipper)
      .withCsrfToken()
    wrongSide.assertStatus(422)
    assert.lengthOf(await reviewRows(booking.id), 0)
  })

  test('only the booking’s shipper and carrier; others 401, 403 or 404', async ({
    client,
    assert,
  }) => {
    const { booking } = await completedBooking()
    const others = {
      otherShipper: await makeUser('shipper'),
      otherCarrier: await makeUser('carrier', { isApproved: true }),
      pendingCarrier: await makeUser('carrier', { isApproved: false }),
      admin: await makeUser('admin'),
    }
    const expected = { otherShipper: 404, otherCarrier: 404, pendingCarrier: 403, admin: 403 }
    for (const [who, user] of Object.entries(others) as [keyof typeof expected, any][]) {
      const body = user.role === 'carrier' ? CARRIER_REVIEW : SHIPPER_REVIEW
      ;(await client.get(url(booking.id)).loginAs(user)).assertStatus(expected[who])
      ;(await client.post(url(booking.id)).json(body).loginAs(user).withCsrfToken()).assertStatus(
        expected[who]
      )
      ;(
        await client.put(url(booking.id, true)).json(body).loginAs(user).withCsrfToken()
      ).assertStatus(expected[who])
    }
    ;(await client.get(url(booking.id))).assertStatus(401)
    ;(await client.post(url(booking.id)).json(SHIPPER_REVIEW).withCsrfToken()).assertStatus(401)
    const missing = await client.get(url(booking.id + 1000)).loginAs(others.otherShipper)
    missing.assertStatus(404)
    missing.assertBodyContains({ message: 'Booking not found' })
    assert.lengthOf(await reviewRows(booking.id), 0)
  })
})
