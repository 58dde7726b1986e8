import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import redis from '@adonisjs/redis/services/main'
import { redisSharedState } from '#core/redis_shared_state'
import { DemoPartnerDriver } from '#plugins/partner_carriers/drivers/demo_partner'
import { DemoPartnerServer } from '#plugins/partner_carriers/drivers/demo_partner/server'
import { bookInput } from '#plugins/partner_carriers/tests/contract'

/**
 * The demo partner carrier over Redis, as N instances of a deployment with Redis run it
 * (decision 0148): two simulators, one shared state, against the real Redis at REDIS_HOST.
 */
test.group('Shared state in Redis', (group) => {
  const prefix = `test:${randomUUID()}:`
  group.teardown(async () => {
    const connection = redis.connection('main')
    // KEYS takes and returns whole names; DEL adds the connection's own key prefix itself.
    const own = connection.ioConnection.options.keyPrefix ?? ''
    const keys = await connection.keys(`${own}${prefix}*`)
    if (keys.length) await connection.del(...keys.map((key) => key.slice(own.length)))
  })

  test('add stores once; set replaces; entries are per prefix', async ({ assert }) => {
    const state = redisSharedState(prefix, 60)
    assert.isNull(await state.get('k'))
    assert.isTrue(await state.add('k', 'first'))
    assert.isFalse(await state.add('k', 'second'))
    assert.equal(await state.get('k'), 'first')
    await state.set('k', 'third')
    assert.equal(await state.get('k'), 'third')
    assert.isNull(await redisSharedState(`${prefix}other:`, 60).get('k'))
  })

  test('a shipment booked through one instance is known to the other', async ({ assert }) => {
    const instant = { latencyMs: [0, 0] as [number, number], failureRate: 0 }
    const state = redisSharedState(`${prefix}partner:`, 60)
    const [a, b] = [1, 2].map((seed) => {
      const server = new DemoPartnerServer({ ...instant, seed, bolPendingFetches: 0, state })
      return new DemoPartnerDriver((request) => server.handle(request))
    })
    const input = bookInput({ idempotencyKey: 'redis-both' })
    const [first, second] = await Promise.all([a.book(input), b.book(input)])
    if (!first.ok) return assert.fail(first.message)
    assert.deepEqual(second, first)
    const bol = await b.fetchBol(first.partnerShipmentId)
    assert.deepInclude(bol, { ok: true, status: 'ready', bolNumber: `DPB${first.proNumber}` })
  })
})
