import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import {
  averageOf,
  deliveryMoment,
  deliveryRecord,
  isEditable,
  isRevealed,
  onTimeRate,
  reviewWindow,
  windowState,
} from '#reviews/review_rules'

const delivered = DateTime.fromISO('2030-01-10T12:00:00Z')
const ny = (iso: string) => DateTime.fromISO(iso, { zone: 'America/New_York' })

test.group('review window', () => {
  test('opens at completion and closes 14 days later', ({ assert }) => {
    const completedAt = delivered.plus({ hours: 3 })
    const window = reviewWindow({ status: 'delivered', deliveredAt: delivered, completedAt })!
    assert.equal(window.opensAt.toMillis(), completedAt.toMillis())
    assert.equal(window.closesAt.toMillis(), completedAt.plus({ days: 14 }).toMillis())
    assert.equal(windowState(window, completedAt.minus({ seconds: 1 })), 'not_open')
    assert.equal(windowState(window, completedAt), 'open')
    assert.equal(windowState(window, window.closesAt.minus({ seconds: 1 })), 'open')
    assert.equal(windowState(window, window.closesAt), 'closed')
  })

  test('without completion it opens 48 hours after delivery; not before delivery', ({ assert }) => {
    const window = reviewWindow({ status: 'delivered', deliveredAt: delivered, completedAt: null })!
    assert.equal(window.opensAt.toMillis(), delivered.plus({ hours: 48 }).toMillis())
    const lateCompletion = delivered.plus({ hours: 60 })
    const capped = reviewWindow({
      status: 'delivered',
      deliveredAt: delivered,
      completedAt: lateCompletion,
    })!
    assert.equal(capped.opensAt.toMillis(), delivered.plus({ hours: 48 }).toMillis())
    assert.isNull(reviewWindow({ status: 'in_transit', deliveredAt: null, completedAt: null }))
    assert.equal(windowState(null, delivered), 'not_open')
  })

  test('a review is revealed once published or once the window closed; editable until then', ({
    assert,
  }) => {
    const closes = delivered.plus({ days: 14 })
    const sealed = { publishedAt: null, windowClosesAt: closes, hiddenAt: null }
    assert.isFalse(isRevealed(sealed, closes.minus({ seconds: 1 })))
    assert.isTrue(isEditable(sealed, closes.minus({ seconds: 1 })))
    assert.isTrue(isRevealed(sealed, closes))
    assert.isFalse(isEditable(sealed, closes))
    const published = { ...sealed, publishedAt: delivered }
    assert.isTrue(isRevealed(published, delivered))
    assert.isFalse(isEditable(published, delivered))
    assert.isFalse(isEditable({ ...sealed, hiddenAt: delivered }, delivered))
  })
})

test.group('averages and the on-time record', () => {
  test('the average is every criterion over every review, two decimals', ({ assert }) => {
    assert.isNull(averageOf([0, 0, 0], 0))
    assert.equal(averageOf([9, 8, 9], 2), 4.33)
    assert.equal(averageOf([5, 5, 5], 1), 5)
    assert.equal(averageOf([3, 3, 4], 3), 1.11)
  })

  test('the earliest DELIVERED milestone is the delivery moment, else the carrier’s Delivered', ({
    assert,
  }) => {
    const milestone = ny('2030-01-09T08:00:00')
    assert.equal(
      deliveryMoment({
        due: null,
        deliveredAt: delivered,
        milestones: [delivered, milestone],
      })!.toMillis(),
      milestone.toMillis()
    )
    assert.equal(
      deliveryMoment({ due: null, deliveredAt: delivered, milestones: [] })!.toMillis(),
      delivered.toMillis()
    )
    assert.isNull(deliveryMoment({ due: null, deliveredAt: null, milestones: [] }))
  })

  test('on time means by the end of the promised day in New York', ({ assert }) => {
    const record = deliveryRecord([
      { due: '2030-01-10', deliveredAt: ny('2030-01-10T23:59:59'), milestones: [] },
      { due: '2030-01-10', deliveredAt: ny('2030-01-11T00:00:00'), milestones: [] },
      {
        due: '2030-01-10',
        deliveredAt: ny('2030-01-12T09:00:00'),
        milestones: [ny('2030-01-10T15:00:00')],
      },
      { due: null, deliveredAt: ny('2030-01-10T10:00:00'), milestones: [] },
    ])
    assert.deepEqual(record, { deliveredLoads: 4, judgedLoads: 3, onTimeLoads: 2 })
    assert.equal(onTimeRate(record), 0.667)
    assert.isNull(onTimeRate({ judgedLoads: 0, onTimeLoads: 0 }))
  })
})
