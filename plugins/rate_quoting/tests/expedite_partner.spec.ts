import { test } from '@japa/runner'
import { ExpeditePartnerDriver } from '../drivers/expedite_partner.js'
import {
  expediteFuelSurchargeCents,
  needsTeam,
  TEAM_THRESHOLD_MILES,
  VEHICLES,
} from '../drivers/expedite_partner_tariff.js'
import { CHICAGO_TO_DETROIT_SHIPMENT, shipmentRatingContract } from './contract.js'

shipmentRatingContract('expedite_partner', async () => new ExpeditePartnerDriver(), {
  modes: ['EXP'],
})

const rate = (over = {}) =>
  new ExpeditePartnerDriver().rateShipment({
    ...CHICAGO_TO_DETROIT_SHIPMENT,
    mode: 'EXP',
    ...over,
  })

test.group('Expedite partner tariff', () => {
  test('Chicago 60601 to Detroit 48201, 1,000 lb expedited, by hand', async ({ assert }) => {
    // 1,000 lb on 1 pallet fits a cargo van (3,000 lb, 2 pallets); 283.4 mi <= 605: one driver
    // line haul 283.4 mi x $1.85 = $524.29
    // FSC (diesel $3.60 - $1.25) / 18 mpg = $0.13056/mi x 283.4 mi = $36.9994, rounded $37.00
    // total $561.29; 283.4 / 55 mph = 5.2 hours: 1 day; valid 4 hours
    const [quote] = await rate()
    assert.deepEqual(
      quote.lineItems.map((i) => [i.code, i.amountCents]),
      [
        ['LINEHAUL', 52429],
        ['FSC', 3700],
      ]
    )
    assert.include(quote, {
      carrier: 'Crosstown Expedite',
      carrierKey: 'crosstown',
      mode: 'EXP',
      serviceLevel: 'EXPEDITED',
      totalCents: 56129,
      transitDays: 1,
      validUntil: '2026-03-01T19:00:00.000Z',
    })
    assert.match(quote.lineItems[0].description, /cargo van/)
  })

  test('a team beyond 605 miles, what one driver covers before a 10-hour break', async ({
    assert,
  }) => {
    assert.equal(TEAM_THRESHOLD_MILES, 605)
    assert.isFalse(needsTeam(605))
    assert.isTrue(needsTeam(605.01))
    const [solo] = await rate({ distanceMiles: 605 })
    assert.notInclude(
      solo.lineItems.map((i) => i.code),
      'TEAM'
    )
    const [team] = await rate({ distanceMiles: 605.01 })
    // 605.01 mi x $0.40 team premium = $242.004, rounded $242.00
    assert.deepInclude(team.lineItems[1], { code: 'TEAM', amountCents: 24200 })
    // 1,100 mi with a team: 20 hours without a break, 1 day (one driver: 20 + 10 hours, 2 days)
    const [long] = await rate({ distanceMiles: 1100 })
    assert.equal(long.transitDays, 1)
  })

  test('the smallest vehicle that carries the freight, with a liftgate when asked', async ({
    assert,
  }) => {
    const vehicle = async (over: object) => (await rate(over))[0]?.lineItems[0].description
    assert.match((await vehicle({ weightLbs: 3000, pallets: 2 }))!, /cargo van/)
    assert.match((await vehicle({ weightLbs: 3001, pallets: 2 }))!, /straight truck/)
    assert.match((await vehicle({ weightLbs: 1000, pallets: 3 }))!, /straight truck/)
    // without a pallet count, 3,000 lb is 3 derived pallets: more than a van holds
    assert.match((await vehicle({ weightLbs: 3000 }))!, /straight truck/)
    assert.match((await vehicle({ requestedAccessorials: ['LIFTGATE'] }))!, /straight truck/)
    assert.match((await vehicle({ weightLbs: 10_001 }))!, /tractor/)
    assert.deepEqual(await rate({ weightLbs: 45_001 }), [])
    assert.deepEqual(await rate({ requestedAccessorials: ['SORT_SEG'] }), [])
  })

  test('the fuel surcharge follows the vehicle’s fuel economy', ({ assert }) => {
    const [van, straight, tractor] = VEHICLES
    // 100 mi x ($3.60 - $1.25): van / 18 mpg $13.06, truck / 9 mpg $26.11, tractor / 6.5 mpg $36.15
    assert.equal(expediteFuelSurchargeCents(100, 360, van), 1306)
    assert.equal(expediteFuelSurchargeCents(100, 360, straight), 2611)
    assert.equal(expediteFuelSurchargeCents(100, 360, tractor), 3615)
    assert.equal(expediteFuelSurchargeCents(100, 125, van), 0)
    assert.equal(expediteFuelSurchargeCents(100, null, van), 0)
  })
})
