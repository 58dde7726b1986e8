import { test } from '@japa/runner'
import { EARTH_RADIUS_MILES, greatCircleMiles } from '#core/geo'
import {
  MAX_LISTING_RADIUS_MILES,
  availablePallets,
  longitudeDegreesPerMile,
  matchShipment,
  type ListingFacts,
  type Shipment,
} from '#marketplace/services/search_match'

const chicago = { latitude: 41.8781, longitude: -87.6298 }
const milwaukee = { latitude: 43.0389, longitude: -87.9065 }
const detroit = { latitude: 42.3474, longitude: -83.0604 }
const annArbor = { latitude: 42.2808, longitude: -83.743 }

const listing = (overrides: Partial<ListingFacts> = {}): ListingFacts => ({
  status: 'active',
  carrierApproved: true,
  pickup: chicago,
  pickupRadius: 100,
  delivery: detroit,
  deliveryRadius: 80,
  availableDate: '2026-06-01',
  maxPallets: 10,
  bookedPallets: 0,
  ...overrides,
})

const shipment = (overrides: Partial<Shipment> = {}): Shipment => ({
  pickup: milwaukee,
  delivery: annArbor,
  pallets: 4,
  pickupDate: '2026-06-03',
  ...overrides,
})

test.group('Search match predicate', () => {
  test('matches a shipment inside both radii, available, with room', ({ assert }) => {
    assert.deepEqual(matchShipment(listing(), shipment()), { ok: true })
  })

  test('pickup radius: inside, on the edge, outside', ({ assert }) => {
    const miles = greatCircleMiles(chicago, milwaukee) // about 81 miles
    assert.isTrue(matchShipment(listing({ pickupRadius: Math.ceil(miles) }), shipment()).ok)
    assert.deepEqual(matchShipment(listing({ pickupRadius: Math.floor(miles) }), shipment()), {
      ok: false,
      reason: 'pickup_out_of_radius',
    })
    assert.isTrue(
      matchShipment(listing({ pickupRadius: 1 }), shipment({ pickup: chicago })).ok,
      'the listing point itself is always inside'
    )
  })

  test('delivery radius: inside and outside', ({ assert }) => {
    const miles = greatCircleMiles(detroit, annArbor) // about 35 miles
    assert.isTrue(matchShipment(listing({ deliveryRadius: Math.ceil(miles) }), shipment()).ok)
    assert.deepEqual(matchShipment(listing({ deliveryRadius: Math.floor(miles) }), shipment()), {
      ok: false,
      reason: 'delivery_out_of_radius',
    })
  })

  test('the listing must be available by the pickup date', ({ assert }) => {
    assert.isTrue(matchShipment(listing({ availableDate: '2026-06-03' }), shipment()).ok)
    assert.deepEqual(matchShipment(listing({ availableDate: '2026-06-04' }), shipment()), {
      ok: false,
      reason: 'not_yet_available',
    })
    assert.isTrue(matchShipment(listing({ availableDate: null }), shipment()).ok)
  })

  test('capacity left is max pallets minus booked pallets', ({ assert }) => {
    assert.equal(availablePallets(listing({ bookedPallets: 6 })), 4)
    assert.equal(availablePallets(listing({ bookedPallets: 12 })), 0)
    assert.isTrue(matchShipment(listing({ bookedPallets: 6 }), shipment({ pallets: 4 })).ok)
    assert.deepEqual(matchShipment(listing({ bookedPallets: 7 }), shipment({ pallets: 4 })), {
      ok: false,
      reason: 'not_enough_capacity',
    })
    assert.deepEqual(matchShipment(listing({ maxPallets: 3 }), shipment({ pallets: 4 })), {
      ok: false,
      reason: 'not_enough_capacity',
    })
  })

  test('only active listings of approved carriers match', ({ assert }) => {
    for (const status of ['booked', 'expired']) {
      assert.deepEqual(matchShipment(listing({ status }), shipment()), {
        ok: false,
        reason: 'inactive',
      })
    }
    assert.deepEqual(matchShipment(listing({ carrierApproved: false }), shipment()), {
      ok: false,
      reason: 'carrier_not_approved',
    })
  })
})

/** The point `miles` away from `from` on initial bearing `bearing` (degrees). */
function destination(
  from: { latitude: number; longitude: number },
  miles: number,
  bearing: number
) {
  const rad = Math.PI / 180
  const d = miles / EARTH_RADIUS_MILES
  const φ1 = from.latitude * rad
  const θ = bearing * rad
  const φ2 = Math.asin(Math.sin(φ1) * Math.cos(d) + Math.cos(φ1) * Math.sin(d) * Math.cos(θ))
  const λ2 =
    from.longitude * rad +
    Math.atan2(Math.sin(θ) * Math.sin(d) * Math.cos(φ1), Math.cos(d) - Math.sin(φ1) * Math.sin(φ2))
  return { latitude: φ2 / rad, longitude: λ2 / rad }
}

test.group('Search prefilter bounds', () => {
  test('longitude bound: never tighter than the true distance', ({ assert }) => {
    let tightest = Infinity
    for (const latitude of [19, 25, 33, 41.9, 48, 55, 61, 64]) {
      const perMile = longitudeDegreesPerMile(latitude, MAX_LISTING_RADIUS_MILES)!
      assert.isNotNull(perMile, String(latitude))
      for (let miles = 1; miles <= MAX_LISTING_RADIUS_MILES; miles += 7) {
        for (let bearing = 0; bearing < 360; bearing += 3) {
          const point = destination({ latitude, longitude: -90 }, miles, bearing)
          const allowed = miles * perMile
          const actual = Math.abs(point.longitude + 90)
          assert.isAtMost(actual, allowed + 1e-9, `${latitude} ${miles} ${bearing}`)
          tightest = Math.min(tightest, allowed - actual)
        }
      }
    }
    // …and not loose for nothing: due east or west it is within 1% of the true offset.
    const perMile = longitudeDegreesPerMile(45, MAX_LISTING_RADIUS_MILES)!
    const east = destination({ latitude: 45, longitude: 0 }, 100, 90)
    assert.closeTo(east.longitude, 100 * perMile, 100 * perMile * 0.01)
    assert.isAtLeast(tightest, 0)
  })

  test('latitude bound: 69 miles per degree never exceeds the distance', ({ assert }) => {
    for (let miles = 1; miles <= MAX_LISTING_RADIUS_MILES; miles += 13) {
      const north = destination({ latitude: 40, longitude: -90 }, miles, 0)
      assert.isAtMost((north.latitude - 40) * 69, miles)
    }
  })

  test('no longitude bound where a circle that wide reaches the pole', ({ assert }) => {
    assert.isNull(longitudeDegreesPerMile(89, MAX_LISTING_RADIUS_MILES))
    assert.isNotNull(longitudeDegreesPerMile(70, MAX_LISTING_RADIUS_MILES))
  })
})
