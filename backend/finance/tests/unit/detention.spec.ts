import { test } from '@japa/runner'
import { detentionFor } from '#finance/detention'

const at = (hhmm: string) => Date.parse(`2026-03-02T${hhmm}:00Z`)
const RATE = 7500

test.group('detentionFor', () => {
  test('nothing within the two free hours', ({ assert }) => {
    assert.deepInclude(detentionFor(at('08:00'), at('10:00'), RATE), {
      dwellMinutes: 120,
      billableMinutes: 0,
      hours: 0,
      amountCents: 0,
    })
    assert.equal(detentionFor(at('08:00'), at('09:00'), RATE).amountCents, 0)
  })

  test('every started quarter hour beyond the free time, at a quarter of the hourly rate', ({
    assert,
  }) => {
    assert.deepInclude(detentionFor(at('08:00'), at('10:01'), RATE), {
      billableMinutes: 15,
      hours: 0.25,
      amountCents: 1875,
    })
    assert.deepInclude(detentionFor(at('08:00'), at('10:15'), RATE), {
      billableMinutes: 15,
      amountCents: 1875,
    })
    assert.deepInclude(detentionFor(at('08:00'), at('13:20'), RATE), {
      dwellMinutes: 320,
      billableMinutes: 210,
      hours: 3.5,
      amountCents: 26250,
    })
  })

  test('a departure before the arrival bills nothing', ({ assert }) => {
    assert.equal(detentionFor(at('10:00'), at('08:00'), RATE).amountCents, 0)
  })

  test('odd rates round once, half up', ({ assert }) => {
    // 5 quarters at $75.50 an hour: 5 x 1887.5 = 9437.5 cents
    assert.equal(detentionFor(at('08:00'), at('11:15'), 7550).amountCents, 9438)
  })
})
