import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { appKey } from '#config/app'
import CarrierIdentityService, {
  anonymousLabel,
  carrierCode,
} from '#marketplace/services/carrier_identity_service'

test.group('Anonymous carrier label', () => {
  test('a carrier id always gives the same 4-digit code', ({ assert }) => {
    for (const id of [1, 2, 7, 42, 4821, 999_999]) {
      const code = carrierCode(id, 'key-one')
      assert.match(code, /^[1-9]\d{3}$/)
      assert.equal(carrierCode(id, 'key-one'), code)
    }
  })

  test('the code depends on the key, so ids cannot be read back or enumerated', ({ assert }) => {
    const ids = Array.from({ length: 50 }, (_, i) => i + 1)
    const underOne = ids.map((id) => carrierCode(id, 'key-one'))
    const underTwo = ids.map((id) => carrierCode(id, 'key-two'))
    // Different keys give different codes for (nearly) every id.
    assert.isAbove(underOne.filter((code, i) => code !== underTwo[i]).length, 45)
    // Consecutive ids do not give consecutive codes, and no code is the id itself.
    const steps = underOne.slice(1).filter((code, i) => Number(code) - Number(underOne[i]) === 1)
    assert.isBelow(steps.length, 3)
    assert.notInclude(underOne, '0001')
    assert.isFalse(underOne.some((code, i) => Number(code) === ids[i]))
  })

  test('codes spread over the 9,000 four-digit values', ({ assert }) => {
    const codes = new Set(Array.from({ length: 1000 }, (_, i) => carrierCode(i + 1, 'spread')))
    // 1,000 draws from 9,000 values: about 947 distinct expected; far fewer means a bad spread.
    assert.isAbove(codes.size, 900)
  })

  test('the label reads "Verified carrier #NNNN", keyed by the app key', async ({ assert }) => {
    assert.equal(anonymousLabel('4821'), 'Verified carrier #4821')
    const identities = await app.container.make(CarrierIdentityService)
    assert.equal(identities.label(17), `Verified carrier #${carrierCode(17, appKey.release())}`)
    assert.equal(identities.label(17), identities.label(17))
  })
})
