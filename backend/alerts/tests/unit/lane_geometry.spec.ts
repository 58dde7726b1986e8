import { test } from '@japa/runner'
import { boundingBox, greatCircleMiles } from '#core/geo'
import {
  MAX_BOX_LAT_SPAN,
  MAX_RADIUS_MILES,
  placeMatches,
  radiusPlace,
  ratePerMileCents,
  statePlace,
  zip3Of,
  zip3Place,
} from '#alerts/lane_rules'

const chicago = { latitude: 41.8781, longitude: -87.6298, label: 'Chicago, IL' }
const point = (
  latitude: number,
  longitude: number,
  zip3: string | null = null,
  state: string | null = null
) => ({
  latitude,
  longitude,
  zip3,
  state,
})

/** The point `miles` due east of `from` (along its latitude's great circle, solved numerically). */
function eastOf(from: { latitude: number; longitude: number }, miles: number) {
  let lo = 0
  let hi = 10
  for (let i = 0; i < 60; i++) {
    const mid = (lo + hi) / 2
    if (
      greatCircleMiles(from, { latitude: from.latitude, longitude: from.longitude + mid }) < miles
    )
      lo = mid
    else hi = mid
  }
  return { latitude: from.latitude, longitude: from.longitude + lo }
}

test.group('Saved lanes: matching geometry', () => {
  test('a ZIP3 place matches its own three digits only', ({ assert }) => {
    const place = zip3Place('606')
    assert.isTrue(placeMatches(place, point(0, 0, '606')))
    assert.isFalse(placeMatches(place, point(0, 0, '607')))
    assert.isFalse(placeMatches(place, point(0, 0, null, 'IL')))
    assert.equal(zip3Of('60601'), '606')
    assert.equal(zip3Of(' 02134-1234'), '021')
    assert.isNull(zip3Of('A1B 2C3'))
    assert.isNull(zip3Of(null))
    assert.equal(place.label, 'ZIP 606xx')
  })

  test('a state place matches the state, whatever its case, and not a neighbour', ({ assert }) => {
    const place = statePlace('IL')
    assert.isTrue(placeMatches(place, point(0, 0, null, 'IL')))
    assert.isTrue(placeMatches(place, point(0, 0, null, 'il')))
    assert.isFalse(placeMatches(place, point(0, 0, '606', 'IN')))
    assert.isFalse(placeMatches(place, point(41.8, -87.6, '606', null)))
  })

  test('a radius place includes its edge, excludes just past it, and a point never placed', ({
    assert,
  }) => {
    const place = radiusPlace('Chicago, IL', chicago, 50)
    const inside = eastOf(chicago, 49.9)
    const outside = eastOf(chicago, 50.1)
    assert.isTrue(placeMatches(place, point(inside.latitude, inside.longitude)))
    assert.isFalse(placeMatches(place, point(outside.latitude, outside.longitude)))
    assert.isTrue(placeMatches(place, point(chicago.latitude, chicago.longitude)))
    assert.isFalse(
      placeMatches(place, { latitude: null, longitude: null, zip3: '606', state: 'IL' })
    )
    assert.equal(place.label, 'Within 50 mi of Chicago, IL')
  })

  test("a radius place's box holds its whole circle (the indexed prefilter loses nothing)", ({
    assert,
  }) => {
    const place = radiusPlace('Chicago, IL', chicago, 120)
    const box = place.box!
    for (let bearing = 0; bearing < 360; bearing += 15) {
      // A point 119.9 miles away in each direction lies in the box.
      const rad = (bearing * Math.PI) / 180
      const d = 119.9 / 3958.8
      const lat1 = (chicago.latitude * Math.PI) / 180
      const lng1 = (chicago.longitude * Math.PI) / 180
      const lat2 = Math.asin(
        Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(rad)
      )
      const lng2 =
        lng1 +
        Math.atan2(
          Math.sin(rad) * Math.sin(d) * Math.cos(lat1),
          Math.cos(d) - Math.sin(lat1) * Math.sin(lat2)
        )
      const p = { latitude: (lat2 * 180) / Math.PI, longitude: (lng2 * 180) / Math.PI }
      assert.isTrue(p.latitude >= box.minLat && p.latitude <= box.maxLat, `lat at ${bearing}°`)
      assert.isTrue(p.longitude >= box.minLng && p.longitude <= box.maxLng, `lng at ${bearing}°`)
      assert.isTrue(placeMatches(place, point(p.latitude, p.longitude)))
    }
  })

  test("the matcher's southern bound covers the tallest box", ({ assert }) => {
    const box = boundingBox(chicago, MAX_RADIUS_MILES)
    assert.isAtLeast(MAX_BOX_LAT_SPAN + 1e-9, box.maxLat - box.minLat)
  })

  test('the rate per mile is the board’s: price over road miles, to the cent; none without miles', ({
    assert,
  }) => {
    assert.equal(ratePerMileCents(250_000, 1000), 250)
    assert.equal(ratePerMileCents(100_000, 333.3), 300)
    assert.equal(ratePerMileCents(100_000, 0), 0)
    assert.equal(ratePerMileCents(null, 100), 0)
  })
})
