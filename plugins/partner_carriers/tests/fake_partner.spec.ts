import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import {
  defineConfig,
  drivers,
  FakePartnerCarrier,
  PartnerCarriersManager,
} from '#plugins/partner_carriers/main'
import { bookInput, partnerCarrierContract } from './contract.js'

partnerCarrierContract('fake', async () => ({
  driver: new FakePartnerCarrier(),
  expiredQuoteId: 'any_quote_expired',
  unavailable: () => {
    const fake = new FakePartnerCarrier()
    for (const method of ['book', 'cancel', 'fetchBol', 'track'] as const) {
      fake.failNext(method, 'unavailable', { times: Infinity })
    }
    return fake
  },
  // The demo (and the fake) simulate their partner from `now`: a week on, it is picked up.
  pickUp: async (shipment) => new Date(Date.parse(shipment.pickupWindowStart) + 7 * 86_400_000),
}))

test.group('FakePartnerCarrier controls', () => {
  test('fails the next calls as told, then works; records every call', async ({ assert }) => {
    const fake = new FakePartnerCarrier()
    fake.failNext('book', 'rate_limited', { retryAfterSeconds: 7 })
    fake.failNext('book', 'quote_expired')
    const input = bookInput()
    assert.deepEqual(await fake.book(input), {
      ok: false,
      code: 'rate_limited',
      retryable: true,
      retryAfterSeconds: 7,
      message: 'Fake partner: rate_limited',
    })
    assert.deepInclude(await fake.book(input), { code: 'quote_expired', retryable: false })
    assert.deepInclude(await fake.book(input), { ok: true })
    assert.deepEqual(
      fake.calls.map((call) => call.method),
      ['book', 'book', 'book']
    )
    assert.strictEqual(fake.calls[0].args[0], input)
  })

  test('a hung call waits until released, then does its work', async ({ assert }) => {
    const fake = new FakePartnerCarrier()
    fake.hangNext('book')
    let settled = false
    const pending = fake.book(bookInput()).then((result) => {
      settled = true
      return result
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    assert.isFalse(settled)
    fake.releaseHangs()
    assert.deepInclude(await pending, { ok: true })
  })

  test('scripted tracking replaces the default, still cut at now', async ({ assert }) => {
    const fake = new FakePartnerCarrier({ bolPendingFetches: 0 })
    const booked = await fake.book(bookInput())
    if (!booked.ok) return assert.fail(booked.message)
    fake.setTracking(booked.partnerShipmentId, [
      {
        eventId: 'e2',
        code: 'XYZ',
        type: 'OTHER',
        description: 'Unheard of',
        eventTime: '2026-03-03T10:00:00Z',
      },
      {
        eventId: 'e1',
        code: 'PUP',
        type: 'PU',
        description: 'Picked up',
        eventTime: '2026-03-02T15:00:00Z',
      },
    ])
    const tracking = await fake.track(booked.partnerShipmentId, new Date('2026-03-03T00:00:00Z'))
    assert.deepEqual(tracking.ok && tracking.events.map((e) => e.eventId), ['e1'])
    assert.deepInclude(await fake.fetchBol(booked.partnerShipmentId), { status: 'ready' })
  })
})

test.group('PartnerCarriersManager', () => {
  test('builds the demo partner lazily and swaps in a fake', async ({ assert }) => {
    const manager = new PartnerCarriersManager(
      defineConfig({
        default: 'demo_partner',
        list: {
          demo_partner: drivers.demo_partner({ latencyMs: [0, 0], failureRate: 0 }),
          other: () => {
            throw new Error('an unused driver is never built')
          },
        },
      })
    )
    const driver = await manager.use()
    assert.equal(driver.provider, 'demo_partner')
    assert.strictEqual(await manager.use('demo_partner'), driver)
    const fake = manager.fake()
    assert.strictEqual(await manager.use(), fake)
    manager.restore()
    assert.strictEqual(await manager.use(), driver)
  })

  test('the container serves the configured manager, an instant partner in tests', async ({
    assert,
  }) => {
    const manager = await app.container.make('partner_carriers.manager')
    assert.instanceOf(manager, PartnerCarriersManager)
    const driver = await manager.use()
    assert.equal(driver.provider, 'demo_partner')
    // Five calls at the default latency (20 ms or more each) would take 100 ms.
    const started = performance.now()
    for (let n = 0; n < 5; n++) assert.deepInclude(await driver.book(bookInput()), { ok: true })
    assert.isBelow(performance.now() - started, 100)
  })
})
