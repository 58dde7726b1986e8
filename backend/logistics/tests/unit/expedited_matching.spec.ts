import { test } from '@japa/runner'
import { fits, type ExpeditedCarrier } from '#fleet/services/expedited_carriers_service'
import { MATCH_RADIUS_MILES, needOf } from '#logistics/services/expedited_job_service'

const CHICAGO = { originLatitude: 41.8858, originLongitude: -87.6181 }
const carrier = (over: Partial<ExpeditedCarrier> = {}): ExpeditedCarrier => ({
  base: { latitude: 41.8858, longitude: -87.6181 },
  trucks: [{ type: 'box_truck', capacity: 6 }],
  ...over,
})

test.group('Expedited matching: which carriers a job is offered to', () => {
  test('a fitting truck type with room for the pallets', ({ assert }) => {
    const sprinter = needOf({ vehicleType: 'SPRINTER', pallets: 2, ...CHICAGO })
    assert.isTrue(fits(carrier(), sprinter))
    assert.isTrue(fits(carrier({ trucks: [{ type: 'dry_van', capacity: 26 }] }), sprinter))
    assert.isFalse(fits(carrier({ trucks: [{ type: 'flatbed', capacity: 26 }] }), sprinter))
    assert.isFalse(fits(carrier({ trucks: [{ type: 'box_truck', capacity: 1 }] }), sprinter))
    const van = needOf({ vehicleType: 'VAN', pallets: 2, ...CHICAGO })
    assert.isFalse(fits(carrier(), van), 'a box truck does not run a van job')
    const reefer = needOf({ vehicleType: 'REEFER', pallets: 2, ...CHICAGO })
    assert.isTrue(fits(carrier({ trucks: [{ type: 'refrigerated', capacity: 20 }] }), reefer))
    assert.isFalse(fits(carrier({ trucks: [] }), sprinter))
  })

  test(`a base within ${MATCH_RADIUS_MILES} miles of the pickup`, ({ assert }) => {
    const job = needOf({ vehicleType: 'BOX', pallets: 4, ...CHICAGO })
    // Indianapolis is about 165 miles away; Dallas about 800
    assert.isTrue(fits(carrier({ base: { latitude: 39.7684, longitude: -86.1581 } }), job))
    assert.isFalse(fits(carrier({ base: { latitude: 32.7767, longitude: -96.797 } }), job))
  })
})
