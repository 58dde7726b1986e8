import { test } from '@japa/runner'
import { OfflineGeocodingDriver } from '#plugins/geocoding/drivers/offline'

const driver = new OfflineGeocodingDriver()

test.group('Offline geocoding driver', () => {
  test('places a ZIP at its centroid', async ({ assert }) => {
    const result = await driver.geocode('48201')
    assert.isTrue(result.ok)
    if (!result.ok) return
    assert.equal(result.place.city, 'Detroit')
    assert.equal(result.place.state, 'MI')
    assert.equal(result.place.zip, '48201')
    assert.equal(result.place.precision, 'zip')
    assert.closeTo(result.place.latitude, 42.35, 0.05)
    assert.closeTo(result.place.longitude, -83.06, 0.05)
  })

  test('places "City, ST" and "City, State Name" near the city centre', async ({ assert }) => {
    for (const input of ['Chicago, IL', 'chicago, il', 'Chicago, Illinois']) {
      const result = await driver.geocode(input)
      assert.isTrue(result.ok, input)
      if (!result.ok) continue
      assert.equal(result.place.city, 'Chicago')
      assert.equal(result.place.state, 'IL')
      assert.equal(result.place.precision, 'city')
      assert.closeTo(result.place.latitude, 41.88, 0.1)
      assert.closeTo(result.place.longitude, -87.65, 0.1)
    }
  })

  test('understands St./Ft./Mt. abbreviations', async ({ assert }) => {
    const result = await driver.geocode('St. Louis, MO')
    assert.isTrue(result.ok)
    if (result.ok) assert.equal(result.place.city, 'Saint Louis')
  })

  test('places a street address by its ZIP and checks the state', async ({ assert }) => {
    const ok = await driver.geocode('100 W Randolph St, Chicago, IL 60601')
    assert.isTrue(ok.ok)
    if (ok.ok) assert.equal(ok.place.zip, '60601')
    const mismatch = await driver.geocode('100 Main St, Detroit, MI 60601')
    assert.deepEqual(mismatch, {
      ok: false,
      reason: 'mismatch',
      message: 'ZIP code 60601 is in IL, not MI',
    })
  })

  test('explains what it cannot place', async ({ assert }) => {
    assert.deepInclude(await driver.geocode('   '), { ok: false, reason: 'empty' })
    assert.deepInclude(await driver.geocode('00000'), {
      ok: false,
      reason: 'not_found',
      message: 'ZIP code 00000 was not found',
    })
    assert.deepInclude(await driver.geocode('Atlantis, ZZ'), {
      ok: false,
      reason: 'not_found',
      message: '"ZZ" is not a US state',
    })
    assert.deepInclude(await driver.geocode('Nowhereville, IL'), {
      ok: false,
      reason: 'not_found',
      message: 'City "Nowhereville, IL" was not found',
    })
    assert.deepInclude(await driver.geocode('somewhere over the rainbow'), {
      ok: false,
      reason: 'unrecognized',
    })
    assert.deepInclude(await driver.geocode('12 Main St, Springfield, IL'), {
      ok: false,
      reason: 'unrecognized',
    })
  })
})
