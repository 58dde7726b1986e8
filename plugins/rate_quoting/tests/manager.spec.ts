import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import {
  defineConfig,
  drivers,
  FakeRateQuotingDriver,
  RateQuotingManager,
} from '#plugins/rate_quoting/main'
import { LaneModelDriver } from '../drivers/lane_model.js'
import { CHICAGO_TO_DETROIT, CHICAGO_TO_DETROIT_SHIPMENT } from './contract.js'

const makeManager = () =>
  new RateQuotingManager(
    defineConfig({
      default: 'lane_model',
      list: {
        lane_model: drivers.lane_model(),
        ltl_partner: drivers.ltl_partner(),
        expedite_partner: drivers.expedite_partner(),
      },
      comparison: ['ltl_partner', 'lane_model'],
    })
  )

test.group('RateQuotingManager', () => {
  test('quote() is the default driver’s range, unchanged', async ({ assert }) => {
    const manager = makeManager()
    assert.deepEqual(
      await manager.quote(CHICAGO_TO_DETROIT),
      await new LaneModelDriver().quote(CHICAGO_TO_DETROIT)
    )
  })

  test('lists its drivers and the comparison’s, and asks one driver at a time', async ({
    assert,
  }) => {
    const manager = makeManager()
    assert.deepEqual(manager.providers(), ['lane_model', 'ltl_partner', 'expedite_partner'])
    assert.deepEqual(manager.comparison(), ['ltl_partner', 'lane_model'])
    const ltl = await manager.rateShipment('ltl_partner', CHICAGO_TO_DETROIT_SHIPMENT)
    assert.deepEqual(
      ltl.map((q) => [q.carrierKey, q.serviceLevel]),
      [
        ['lakeshore', 'STANDARD'],
        ['lakeshore', 'GUARANTEED'],
      ]
    )
    assert.deepEqual(
      await manager.rateShipment('expedite_partner', CHICAGO_TO_DETROIT_SHIPMENT),
      []
    )
  })

  test('a partner cannot answer quote(), and says so', async ({ assert }) => {
    const manager = new RateQuotingManager(
      defineConfig({
        default: 'ltl_partner',
        list: { ltl_partner: drivers.ltl_partner() },
        comparison: ['ltl_partner'],
      })
    )
    await assert.rejects(() => manager.quote(CHICAGO_TO_DETROIT), /"ltl_partner" has no quote\(\)/)
  })

  test('one driver can be swapped for a fake, the others keep answering', async ({ assert }) => {
    const manager = makeManager()
    const fake = manager.swap(new FakeRateQuotingDriver(300, 'slow_partner'), 'ltl_partner')
    const [quote] = await manager.rateShipment('ltl_partner', CHICAGO_TO_DETROIT_SHIPMENT)
    assert.equal(quote.carrierKey, 'slow_partner')
    assert.lengthOf(fake.rated, 1)
    const [network] = await manager.rateShipment('lane_model', CHICAGO_TO_DETROIT_SHIPMENT)
    assert.equal(network.carrierKey, 'palletline')
    manager.restore()
    const [real] = await manager.rateShipment('ltl_partner', CHICAGO_TO_DETROIT_SHIPMENT)
    assert.equal(real.carrierKey, 'lakeshore')
  })

  test('the container serves the configured manager', async ({ assert }) => {
    const manager = await app.container.make('rate_quoting.manager')
    assert.instanceOf(manager, RateQuotingManager)
    // What the config says, not a list of today's drivers: adding a partner adds to both.
    const config = app.config.get<{ list: object; comparison: string[] }>('rate_quoting')
    assert.deepEqual(manager.providers(), Object.keys(config.list))
    assert.deepEqual(manager.comparison(), config.comparison)
    assert.includeMembers(manager.comparison(), ['lane_model', 'ltl_partner', 'expedite_partner'])
  })

  test("a driver registered with extend joins the comparison after the config's", async ({
    assert,
  }) => {
    const manager = makeManager()
    const before = manager.comparison()
    manager.extend('acme', () => new FakeRateQuotingDriver(250, 'acme'), { comparison: true })
    assert.deepEqual(manager.comparison(), [...before, 'acme'])
    const [quote] = await manager.rateShipment('acme', CHICAGO_TO_DETROIT_SHIPMENT)
    assert.equal(quote.carrierKey, 'acme')
    manager.forget('acme')
    assert.deepEqual(manager.comparison(), before)
  })
})

test.group('FakeRateQuotingDriver', () => {
  test('hangs for a while, then answers', async ({ assert }) => {
    const fake = new FakeRateQuotingDriver().hangFor(50)
    const started = performance.now()
    const quotes = await fake.rateShipment(CHICAGO_TO_DETROIT_SHIPMENT)
    assert.isAtLeast(performance.now() - started, 45)
    assert.lengthOf(quotes, 1)
  })

  test('hangs for ever, so the app’s timeout wins', async ({ assert }) => {
    const fake = new FakeRateQuotingDriver().hangFor(Infinity)
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timed out'), 20))
    assert.equal(
      await Promise.race([fake.rateShipment(CHICAGO_TO_DETROIT_SHIPMENT), timeout]),
      'timed out'
    )
    assert.lengthOf(fake.rated, 1)
  })

  test('fails with the given error until told to answer normally', async ({ assert }) => {
    const fake = new FakeRateQuotingDriver().failWith(new Error('partner down'))
    await assert.rejects(() => fake.rateShipment(CHICAGO_TO_DETROIT_SHIPMENT), 'partner down')
    fake.answerNormally()
    const [quote] = await fake.rateShipment(CHICAGO_TO_DETROIT_SHIPMENT)
    // 283.4 mi x $3.00 = $850.20, FSC 40 % = $340.08
    assert.equal(quote.totalCents, 85020 + 34008)
  })
})
