import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import {
  LOAD_DEFAULTS,
  TRAILER_PALLETS,
  TRAILER_WEIGHT_LBS,
  palletsForWeight,
} from '#core/load_rules'

type Schema = { properties: Record<string, { maximum?: number }> }

async function schemas(): Promise<Record<string, Schema>> {
  const contract = JSON.parse(await readFile('docs/openapi.json', 'utf8'))
  return contract.components.schemas
}

test.group('A load’s defaults and limits (docs/decisions/0201)', () => {
  test('pallets counted from a weight: one per started 1,000 lb, 1 to a trailer’s 26', ({
    assert,
  }) => {
    assert.equal(palletsForWeight(0), 1)
    assert.equal(palletsForWeight(1), 1)
    assert.equal(palletsForWeight(LOAD_DEFAULTS.weightLbs), 1)
    assert.equal(palletsForWeight(LOAD_DEFAULTS.weightLbs + 1), 2)
    assert.equal(palletsForWeight(12_500), 13)
    assert.equal(palletsForWeight(TRAILER_WEIGHT_LBS), TRAILER_PALLETS)
    assert.equal(palletsForWeight(1_000_000), TRAILER_PALLETS)
  })

  test('the defaults cannot be changed by a caller that holds them', ({ assert }) => {
    assert.isTrue(Object.isFrozen(LOAD_DEFAULTS))
    assert.isTrue(Object.isFrozen(LOAD_DEFAULTS.dims))
  })

  test('the contract’s request limits are these limits', async ({ assert }) => {
    const s = await schemas()
    assert.equal(s.TmsBookQuoteRequest.properties.pallets.maximum, TRAILER_PALLETS)
    assert.equal(s.ExpeditedJobForm.properties.pallets.maximum, TRAILER_PALLETS)
    assert.equal(s.TmsQuoteRequest.properties.weight_lbs.maximum, TRAILER_WEIGHT_LBS)
  })
})
