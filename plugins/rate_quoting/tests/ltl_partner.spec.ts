import { test } from '@japa/runner'
import { LtlPartnerDriver } from '../drivers/ltl_partner.js'
import {
  LTL_MINIMUM_CHARGE_CENTS,
  ltlFuelSurchargePct,
  ltlRatePerCwtCents,
} from '../drivers/ltl_partner_tariff.js'
import { CHICAGO_TO_DETROIT_SHIPMENT, shipmentRatingContract } from './contract.js'

shipmentRatingContract('ltl_partner', async () => new LtlPartnerDriver(), { modes: ['LTL'] })

const rate = (over = {}) =>
  new LtlPartnerDriver().rateShipment({ ...CHICAGO_TO_DETROIT_SHIPMENT, ...over })

test.group('LTL partner tariff', () => {
  test('Chicago 60601 to Detroit 48201, 1,000 lb LTL, by hand', async ({ assert }) => {
    // 1 pallet (1,000 lb), 48 x 40 x 60 in = 66.67 cu ft: 15.0 lb/cu ft, class 70
    // 283.4 mi is the 251-500 mi band: class 50 $45.00/cwt x 130 % = $58.50/cwt
    // line haul 10 cwt x $58.50 = $585.00; discount 65 % = -$380.25; net $204.75 (> $135 minimum)
    // diesel $3.60 (week of 2026-02-23): (3.60 - 1.20) / 0.05 = 48 steps x 0.5 % = 24 %
    // FSC 24 % x $204.75 = $49.14; standard $585.00 - $380.25 + $49.14 = $253.89
    // guaranteed adds 30 % x $204.75 = $61.425, rounded half up $61.43: $315.32
    const [standard, guaranteed] = await rate()
    assert.deepEqual(
      standard.lineItems.map((i) => [i.code, i.amountCents]),
      [
        ['LINEHAUL', 58500],
        ['DISCOUNT', -38025],
        ['FSC', 4914],
      ]
    )
    assert.include(standard, {
      carrier: 'Lakeshore Freight LTL',
      carrierKey: 'lakeshore',
      serviceLevel: 'STANDARD',
      totalCents: 25389,
      transitDays: 2,
      reliability: 0.9,
      validUntil: '2026-03-08T15:00:00.000Z',
    })
    assert.match(standard.lineItems[0].description, /class 70 \(15\.00 lb\/cu ft\)/)
    assert.deepEqual(
      guaranteed.lineItems.map((i) => [i.code, i.amountCents]),
      [
        ['LINEHAUL', 58500],
        ['DISCOUNT', -38025],
        ['FSC', 4914],
        ['GUARANTEED', 6143],
      ]
    )
    assert.include(guaranteed, { serviceLevel: 'GUARANTEED', totalCents: 31532, transitDays: 2 })
  })

  test('a small shipment pays the minimum charge, with no discount line', async ({ assert }) => {
    // 200 lb on one 48 x 40 x 60 pallet: 3.0 lb/cu ft, class 250; 240 mi: $38.00 x 390 % = $148.20/cwt
    // 2 cwt = $296.40, less 65 % = $103.74 net, under the $135.00 minimum
    // FSC 24 % x $135.00 = $32.40; total $167.40
    const [standard] = await rate({ weightLbs: 200, distanceMiles: 240 })
    assert.deepEqual(
      standard.lineItems.map((i) => [i.code, i.amountCents]),
      [
        ['LINEHAUL', LTL_MINIMUM_CHARGE_CENTS],
        ['FSC', 3240],
      ]
    )
    assert.equal(standard.totalCents, 16740)
    assert.equal(standard.transitDays, 1)
    assert.match(standard.lineItems[0].description, /minimum charge \(class 250/)
  })

  test('denser freight rates at a lower class', async ({ assert }) => {
    assert.equal(ltlRatePerCwtCents(70, 283.4), 5850)
    assert.equal(ltlRatePerCwtCents(50, 283.4), 4500)
    assert.equal(ltlRatePerCwtCents(400, 2500), 55680)
    // 1,000 lb on a 48 x 40 x 30 pallet is 30 lb/cu ft, class 60: $45.00 x 116 % = $52.20/cwt
    const [dense] = await rate({ dims: { l: 48, w: 40, h: 30 } })
    assert.equal(dense.lineItems[0].amountCents, 52200)
  })

  test('its own fuel schedule: 0.5 % per full 5 cents above $1.20', ({ assert }) => {
    assert.equal(ltlFuelSurchargePct(120), 0)
    assert.equal(ltlFuelSurchargePct(124), 0)
    assert.equal(ltlFuelSurchargePct(125), 0.5)
    assert.equal(ltlFuelSurchargePct(366), 24.5)
    assert.equal(ltlFuelSurchargePct(null), 0)
  })

  test('no quote for volume freight or a tarp', async ({ assert }) => {
    assert.lengthOf(await rate({ weightLbs: 12_000 }), 2)
    assert.deepEqual(await rate({ weightLbs: 12_001 }), [])
    assert.deepEqual(await rate({ pallets: 13 }), [])
    assert.deepEqual(await rate({ requestedAccessorials: ['TARP'] }), [])
  })

  test('without a fuel index the surcharge is zero and says so', async ({ assert }) => {
    const [standard] = await rate({ fuel: [] })
    const fsc = standard.lineItems.find((i) => i.code === 'FSC')!
    assert.deepEqual(fsc, {
      code: 'FSC',
      description: 'Fuel surcharge: no fuel index on file',
      amountCents: 0,
    })
  })
})
