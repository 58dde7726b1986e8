import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { CARRIER_PAYOUT_PERCENT, PLATFORM_SHARE_PERCENT, splitPayout } from '#core/money'
import { LOAD_DEFAULTS, TRAILER_PALLETS, TRAILER_WEIGHT_LBS } from '#core/load_rules'
import { priceShipment } from '#marketplace/services/pricing'

test.group('GET /api/platform/constants (decisions 0200, 0201)', () => {
  test('a visitor reads the payout split and the load defaults and limits the server applies', async ({
    client,
    assert,
  }) => {
    const res = await client.get('/api/platform/constants')
    res.assertStatus(200)
    assert.deepEqual(res.body(), {
      payoutSplit: {
        carrierPercent: CARRIER_PAYOUT_PERCENT,
        platformPercent: PLATFORM_SHARE_PERCENT,
      },
      load: {
        defaults: {
          pallets: LOAD_DEFAULTS.pallets,
          weightLbs: LOAD_DEFAULTS.weightLbs,
          dims: { ...LOAD_DEFAULTS.dims },
        },
        trailerPallets: TRAILER_PALLETS,
        trailerWeightLbs: TRAILER_WEIGHT_LBS,
      },
    })
    // The spec's figures (docs/spec.md §9), so a changed constant is a deliberate change.
    assert.deepEqual(res.body().payoutSplit, { carrierPercent: 91, platformPercent: 9 })
    assert.deepEqual(res.body().load.defaults, {
      pallets: 1,
      weightLbs: 1000,
      dims: { l: 48, w: 40, h: 60 },
    })
    assert.equal(res.body().load.trailerPallets, 26)
  })

  test('the frontend tests’ server answers what this server answers', async ({
    client,
    assert,
  }) => {
    const fixture = JSON.parse(
      await readFile('frontend/src/testing/platform-constants.json', 'utf8')
    ) as unknown
    assert.deepEqual((await client.get('/api/platform/constants')).body(), fixture)
  })

  test('is cacheable by anyone and starts no session', async ({ client, assert }) => {
    const res = await client.get('/api/platform/constants')
    res.assertStatus(200)
    assert.equal(res.header('cache-control'), 'public, max-age=600')
    assert.isUndefined(res.header('set-cookie'))
  })

  test('the percents it prints are the ones money moves by', async ({ client, assert }) => {
    const { carrierPercent, platformPercent } = (await client.get('/api/platform/constants')).body()
      .payoutSplit as { carrierPercent: number; platformPercent: number }
    assert.equal(carrierPercent + platformPercent, 100)
    // A $100.00 total pays the carrier its percent and leaves the platform the rest.
    assert.deepEqual(splitPayout(10_000), {
      payoutCents: carrierPercent * 100,
      platformCents: platformPercent * 100,
    })
    // A $100.00 line haul is priced with the platform's percent on top.
    assert.deepEqual(priceShipment({ pallets: 1, distanceMiles: 100, rateCents: 100 }), {
      lineHaulCents: 10_000,
      platformFeeCents: platformPercent * 100,
      totalCents: 10_000 + platformPercent * 100,
    })
  })
})
