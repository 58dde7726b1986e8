import { test } from '@japa/runner'
import {
  EXPEDITED_STATUSES,
  canMove,
  isFinal,
  isLive,
  nextStatuses,
  refusal,
  sourcesOf,
} from '#logistics/expedited_status'

test.group('Expedited status machine', () => {
  test('a job moves REQUESTED → ACCEPTED → PICKED_UP → DELIVERED by its carrier', ({ assert }) => {
    assert.deepEqual(nextStatuses('REQUESTED', 'carrier'), ['ACCEPTED'])
    assert.deepEqual(nextStatuses('ACCEPTED', 'carrier'), ['PICKED_UP'])
    assert.deepEqual(nextStatuses('PICKED_UP', 'carrier'), ['DELIVERED'])
    assert.deepEqual(nextStatuses('DELIVERED', 'carrier'), [])
  })

  test('the shipper cancels only before pickup; nobody else moves it', ({ assert }) => {
    assert.deepEqual(nextStatuses('REQUESTED', 'shipper'), ['CANCELLED'])
    assert.deepEqual(nextStatuses('ACCEPTED', 'shipper'), ['CANCELLED'])
    assert.deepEqual(nextStatuses('PICKED_UP', 'shipper'), [])
    assert.isFalse(canMove('REQUESTED', 'CANCELLED', 'carrier'))
    assert.isFalse(canMove('REQUESTED', 'ACCEPTED', 'shipper'))
    assert.isFalse(canMove('REQUESTED', 'PICKED_UP', 'carrier'), 'no skipping acceptance')
    assert.isFalse(canMove('ACCEPTED', 'DELIVERED', 'carrier'), 'no skipping pickup')
  })

  test('the conditional update starts from exactly the allowed statuses', ({ assert }) => {
    assert.deepEqual(sourcesOf('ACCEPTED', 'carrier'), ['REQUESTED'])
    assert.deepEqual(sourcesOf('CANCELLED', 'shipper'), ['REQUESTED', 'ACCEPTED'])
    assert.deepEqual(sourcesOf('DELIVERED', 'carrier'), ['PICKED_UP'])
    assert.deepEqual(sourcesOf('DELIVERED', 'shipper'), [])
  })

  test('final and live statuses', ({ assert }) => {
    assert.deepEqual(
      EXPEDITED_STATUSES.filter((s) => isFinal(s)),
      ['DELIVERED', 'CANCELLED']
    )
    assert.deepEqual(
      EXPEDITED_STATUSES.filter((s) => isLive(s)),
      ['ACCEPTED', 'PICKED_UP']
    )
    assert.equal(refusal('PICKED_UP', 'CANCELLED'), 'A picked up job cannot be cancelled')
  })
})
