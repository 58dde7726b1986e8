/**
 * The shared contract suite every rate quoting driver passes: a range in whole cents that is
 * ordered, a transit time, and a basis that says what the figures rest on.
 */
import { test } from '@japa/runner'
import type { QuoteInput, RateQuotingDriver } from '../types.js'

export const CHICAGO_TO_DETROIT: QuoteInput = {
  origin: { postal: '60601', lat: 41.8858, lng: -87.6181, state: 'IL' },
  destination: { postal: '48201', lat: 42.3478, lng: -83.0603, state: 'MI' },
  distanceMiles: 283.4,
  equipment: 'VAN',
  mode: 'TL',
  pallets: 4,
  weightLbs: 4000,
  dims: { l: 48, w: 40, h: 60 },
  pickupDate: '2026-03-02',
  history: [],
  fuel: [{ indexDate: '2026-02-23', fscPct: 40, dieselPrice: 3.6 }],
}

export function rateQuotingContract(name: string, makeDriver: () => Promise<RateQuotingDriver>) {
  test.group(`Rate quoting contract: ${name}`, () => {
    test('answers an ordered range in whole cents with a transit time', async ({ assert }) => {
      const result = await (await makeDriver()).quote(CHICAGO_TO_DETROIT)
      for (const cents of [result.lowCents, result.midCents, result.highCents]) {
        assert.isTrue(Number.isSafeInteger(cents) && cents > 0, `${cents}`)
      }
      assert.isAtMost(result.lowCents, result.midCents)
      assert.isAtMost(result.midCents, result.highCents)
      assert.isAbove(result.etaHours, 0)
    })

    test('says what the figures rest on', async ({ assert }) => {
      const result = await (await makeDriver()).quote(CHICAGO_TO_DETROIT)
      assert.oneOf(result.basis.method, ['lane_history', 'cost_model'])
      assert.oneOf(result.confidence, ['high', 'medium', 'low'])
      assert.isAbove(result.basis.description.length, 10)
      assert.isAtLeast(result.sampleSize, 0)
    })

    test('scales with distance', async ({ assert }) => {
      const driver = await makeDriver()
      const near = await driver.quote(CHICAGO_TO_DETROIT)
      const far = await driver.quote({ ...CHICAGO_TO_DETROIT, distanceMiles: 566.8 })
      assert.isAbove(far.midCents, near.midCents)
      assert.isAbove(far.etaHours, near.etaHours)
    })
  })
}
