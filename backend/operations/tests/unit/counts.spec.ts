import { test } from '@japa/runner'
import { countsOf, leaseMs } from '#operations/services/job_runner'

test.group('A job run’s counts', () => {
  test('numbers by name from what the job returned', ({ assert }) => {
    assert.deepEqual(countsOf(7), { count: 7 })
    assert.deepEqual(countsOf([1, 2, 3]), { count: 3 })
    assert.deepEqual(countsOf({ holds: [1], loads: [], refunds: [4, 5] }), {
      holds: 1,
      loads: 0,
      refunds: 2,
    })
    assert.deepEqual(countsOf({ paid: 3, failed: 0, note: 'x', nested: { a: 1 } }), {
      paid: 3,
      failed: 0,
    })
  })

  test('nothing countable gives no counts', ({ assert }) => {
    for (const value of [undefined, null, 'done', {}, { note: 'x' }, Number.NaN]) {
      assert.isNull(countsOf(value))
    }
  })

  test('a lease outlives the interval, and a quarter of an hour at least', ({ assert }) => {
    const job = (everySeconds: number) => ({
      name: 'x',
      description: '',
      everySeconds,
      run: async () => 0,
    })
    assert.equal(leaseMs(job(60)), 15 * 60_000)
    assert.equal(leaseMs(job(86_400)), 86_400_000)
  })
})
