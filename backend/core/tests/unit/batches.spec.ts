import { test } from '@japa/runner'
import { mapWithConcurrency } from '#core/batches'

test.group('mapWithConcurrency', () => {
  test('answers in the items order with at most `limit` calls in flight', async ({ assert }) => {
    let inFlight = 0
    let most = 0
    const items = Array.from({ length: 20 }, (_, i) => i)
    const results = await mapWithConcurrency(items, 3, async (item) => {
      inFlight += 1
      most = Math.max(most, inFlight)
      // later items finish first, so order comes from the index, not from completion
      await new Promise((resolve) => setTimeout(resolve, 20 - item))
      inFlight -= 1
      return item * 2
    })
    assert.deepEqual(
      results,
      items.map((i) => i * 2)
    )
    assert.equal(most, 3)
  })

  test('no items: no calls; fewer items than the limit: one call each', async ({ assert }) => {
    let calls = 0
    assert.deepEqual(await mapWithConcurrency([], 8, async () => ++calls), [])
    assert.deepEqual(await mapWithConcurrency(['a', 'b'], 8, async (item) => item + ++calls), [
      'a1',
      'b2',
    ])
  })
})
