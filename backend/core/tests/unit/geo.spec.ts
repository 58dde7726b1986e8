import { test } from '@japa/runner'
import { boundingBox, greatCircleMiles, roadMiles, withinRadius } from '#core/geo'

const chicago = { latitude: 41.8781, longitude: -87.6298 }
const detroit = { latitude: 42.3314, longitude: -83.0458 }

test.group('geo', () => {
  test('great-circle distance Chicago to Detroit is about 237 miles', ({ assert }) => {
    assert.closeTo(greatCircleMiles(chicago, detroit), 237.6, 1)
    assert.equal(greatCircleMiles(chicago, chicago), 0)
  })

  test('road miles are great-circle times 1.2, to a tenth of a mile', ({ assert }) => {
    const road = roadMiles(chicago, detroit)
    assert.closeTo(road, greatCircleMiles(chicago, detroit) * 1.2, 0.05)
    assert.equal(Math.round(road * 10), road * 10)
  })

  test('radius check', ({ assert }) => {
    assert.isTrue(withinRadius(chicago, detroit, 240))
    assert.isFalse(withinRadius(chicago, detroit, 230))
  })

  test('the bounding box contains every point of the radius', ({ assert }) => {
    for (const radius of [100, 500]) assertBoxContainsCircle(assert, radius)
  })
})

function assertBoxContainsCircle(assert: any, radius: number) {
  {
    const box = boundingBox(chicago, radius)
    for (let bearing = 0; bearing < 360; bearing += 5) {
      // walk just inside the radius along each bearing
      const d = (radius - 0.01) / 3958.8
      const b = (bearing * Math.PI) / 180
      const lat1 = (chicago.latitude * Math.PI) / 180
      const lng1 = (chicago.longitude * Math.PI) / 180
      const lat2 = Math.asin(
        Math.sin(lat1) * Math.cos(d) + Math.cos(lat1) * Math.sin(d) * Math.cos(b)
      )
      const lng2 =
        lng1 +
        Math.atan2(
          Math.sin(b) * Math.sin(d) * Math.cos(lat1),
          Math.cos(d) - Math.sin(lat1) * Math.sin(lat2)
        )
      const p = { latitude: (lat2 * 180) / Math.PI, longitude: (lng2 * 180) / Math.PI }
      assert.isTrue(p.latitude >= box.minLat && p.latitude <= box.maxLat, `lat at ${bearing}`)
      assert.isTrue(p.longitude >= box.minLng && p.longitude <= box.maxLng, `lng at ${bearing}`)
    }
  }
}
