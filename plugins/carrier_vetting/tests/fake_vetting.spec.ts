import { test } from '@japa/runner'
import { FakeCarrierVetting, cleanRecord } from '../drivers/fake.js'
import { CLEAN_RECORD } from './contract.js'
import { CarrierVettingManager, defineConfig } from '../main.js'

test.group('Fake carrier vetting', () => {
  test('answers set records, the fallback for others, failures on demand', async ({ assert }) => {
    const fake = new FakeCarrierVetting({
      fallback: (dot) => (dot === '5' ? cleanRecord('5') : null),
    })
    fake.set(CLEAN_RECORD as any)
    assert.deepEqual(await fake.lookup('1234567'), {
      ok: true,
      found: true,
      record: CLEAN_RECORD as any,
    })
    assert.deepInclude(await fake.lookup('5'), { ok: true, found: true })
    assert.deepInclude(await fake.lookup('6'), { ok: true, found: false })
    fake.failNext('unavailable')
    assert.deepInclude(await fake.lookup('5'), { ok: false, code: 'unavailable' })
    assert.deepInclude(await fake.lookup('5'), { ok: true, found: true })
    assert.deepEqual(fake.lookups, ['1234567', '5', '6', '5', '5'])
  })

  test('the manager swaps in a fake until restore', async ({ assert }) => {
    const manager = new CarrierVettingManager(
      defineConfig({
        default: 'census_file',
        list: { census_file: () => new FakeCarrierVetting() },
      })
    )
    const fake = manager.fake({ fallback: (dot) => cleanRecord(dot) })
    assert.strictEqual(await manager.use(), fake)
    manager.restore()
    assert.notStrictEqual(await manager.use(), fake)
  })
})
