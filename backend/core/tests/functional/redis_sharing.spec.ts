import { test } from '@japa/runner'
import { RedisConnection } from '@adonisjs/redis'
import { LimiterManager, errors as limiterErrors } from '@adonisjs/limiter'
import LimiterRedisStore from '@adonisjs/limiter/stores/redis'
import LimiterMemoryStore from '@adonisjs/limiter/stores/memory'
import { transmitRedisTransport } from '#config/transmit'
import LoginThrottle from '#accounts/services/login_throttle'
import { InvalidationBus, connectBusOverRedis, invalidationChannel } from '#core/invalidation_bus'
import { RESILIENT_CONNECTION, asRedisUnavailable, redisUnreachable } from '#core/redis_resilience'
import { redisSharedState } from '#core/redis_shared_state'
import { RedisServer, until } from '#tests/redis_server'

/**
 * Redis shared by two deployments, and Redis going away and coming back, in this process
 * against a redis-server of the test's own (docs/decisions/0160): never the shared Redis.
 */
const REDIS_PORT = Number(process.env.REDIS_TEST_PORT ?? Number(process.env.PORT) + 2040)
const SERVER = { host: '127.0.0.1', port: REDIS_PORT, password: undefined, db: 0 }

const server = new RedisServer(REDIS_PORT)
const opened: RedisConnection[] = []

/** A connection as config/redis.ts makes it, for a deployment whose prefix is `prefix`. */
function connection(prefix: string, db = 0) {
  const made = new RedisConnection(`test-${prefix}-${db}`, {
    ...SERVER,
    db,
    keyPrefix: prefix,
    lazyConnect: true,
    ...RESILIENT_CONNECTION,
  })
  opened.push(made)
  return made
}

/** A bus listening to its deployment's channel, and the keys it heard per topic (null: all). */
async function listeningBus(prefix: string) {
  const bus = new InvalidationBus()
  const heard: (string | null)[] = []
  bus.on('user', (key) => heard.push(key))
  await connectBusOverRedis(bus, connection(prefix), {
    listen: true,
    channel: invalidationChannel(prefix),
  })
  return { bus, heard, ids: () => heard.filter((key) => key !== null) }
}

/** A bus that only publishes (an ace command, a scheduler process). */
async function publishingBus(prefix: string, conn = connection(prefix)) {
  const bus = new InvalidationBus()
  await connectBusOverRedis(bus, conn, { listen: false, channel: invalidationChannel(prefix) })
  return bus
}

test.group('Two deployments on one Redis (REDIS_KEY_PREFIX, REDIS_DB)', (group) => {
  group.setup(async () => {
    await server.start()
    return async () => {
      await Promise.all(opened.splice(0).map((c) => c.disconnect().catch(() => {})))
      await server.stop()
    }
  })
  group.each.timeout(60_000)

  test('an eviction is heard by its own deployment only', async ({ assert }) => {
    const a = await listeningBus('a:')
    const b = await listeningBus('b:')
    await (await publishingBus('a:')).publish('user', 7)
    await until('the other instance of deployment a hears it', async () =>
      a.ids().includes('7') ? true : undefined
    )
    // Redis hands messages to a subscriber in the order it took them: once b hears its own
    // deployment's later message, a's would have arrived before it if b could hear it.
    await (await publishingBus('b:')).publish('user', 8)
    await until('deployment b hears its own eviction', async () =>
      b.ids().includes('8') ? true : undefined
    )
    assert.deepEqual(a.ids(), ['7'])
    assert.deepEqual(b.ids(), ['8'])
  })

  test('a live message (Transmit) reaches its own deployment only', async ({ assert }) => {
    const a = transmitRedisTransport('a:', SERVER)
    const b = transmitRedisTransport('b:', SERVER)
    assert.equal(a.channel, 'a:transmit::broadcast')
    assert.equal(b.channel, 'b:transmit::broadcast')
    const [aIn, aOut, bIn, bOut] = [a, a, b, b].map((t, i) => t.driver().setId(`bus-${i}`))
    const heard = { a: [] as unknown[], b: [] as unknown[] }
    try {
      await aIn.subscribe(a.channel, (message) => void heard.a.push(message))
      await bIn.subscribe(b.channel, (message) => void heard.b.push(message))
      const plain = connection('')
      await until('both subscriptions are made', async () => {
        const counts = (await plain.call('PUBSUB', 'NUMSUB', a.channel, b.channel)) as unknown[]
        return counts[1] === 1 && counts[3] === 1 ? true : undefined
      })
      await aOut.publish(a.channel, { channel: 'freight/board', payload: { id: 1 } })
      await until('a hears its message', async () => (heard.a.length === 1 ? true : undefined))
      await bOut.publish(b.channel, { channel: 'freight/board', payload: { id: 2 } })
      await until('b hears its message', async () => (heard.b.length === 1 ? true : undefined))
      assert.deepEqual(heard, {
        a: [{ channel: 'freight/board', payload: { id: 1 } }],
        b: [{ channel: 'freight/board', payload: { id: 2 } }],
      })
    } finally {
      await Promise.all([aIn, aOut, bIn, bOut].map((t) => t.disconnect().catch(() => {})))
    }
  })

  test('keys do not collide: the demo partner’s state per prefix, per database', async ({
    assert,
  }) => {
    const [a, b, aElsewhere] = [connection('a:'), connection('b:'), connection('a:', 3)]
    const state = (conn: RedisConnection) =>
      redisSharedState('demo_partner:0123abcd:', 60, () => conn)
    assert.isTrue(await state(a).add('shipment:1', 'booked through a'))
    assert.isTrue(await state(b).add('shipment:1', 'booked through b'))
    assert.equal(await state(a).get('shipment:1'), 'booked through a')
    assert.equal(await state(b).get('shipment:1'), 'booked through b')
    assert.isNull(await state(aElsewhere).get('shipment:1'))

    const names = await connection('').keys('*demo_partner:0123abcd:shipment:1')
    assert.sameMembers(names, [
      'a:demo_partner:0123abcd:shipment:1',
      'b:demo_partner:0123abcd:shipment:1',
    ])
  })
})

test.group('Redis goes away and comes back (decision 0160)', (group) => {
  group.setup(async () => {
    await server.start()
    return async () => {
      await Promise.all(opened.splice(0).map((c) => c.disconnect().catch(() => {})))
      await server.stop()
    }
  })
  group.each.setup(() => server.start())
  group.each.timeout(90_000)

  test('the bus skips publishing while away, flushes its caches and listens again', async ({
    assert,
  }) => {
    const listener = await listeningBus('r:')
    const publisherConnection = connection('r:')
    const publisher = await publishingBus('r:', publisherConnection)
    await publisher.publish('user', 1)
    await until('heard before the outage', async () =>
      listener.ids().includes('1') ? true : undefined
    )

    await server.stop()
    await until('the connection knows Redis is away', async () =>
      redisUnreachable(publisherConnection) ? true : undefined
    )
    // A publish does not hold the request that made it; a command fails, as a 503.
    let started = performance.now()
    await publisher.publish('user', 2)
    assert.isBelow(performance.now() - started, 500)
    started = performance.now()
    const failed = await publisherConnection.get('anything').then(
      () => null,
      (error: unknown) => error
    )
    assert.isBelow(performance.now() - started, 5000)
    assert.equal(asRedisUnavailable(failed)?.status, 503)

    listener.heard.length = 0
    await server.start()
    // Whatever was published while away was not heard: every listening cache is emptied.
    await until('the caches are flushed on reconnection', async () =>
      listener.heard.includes(null) ? true : undefined
    )
    await until('messages are heard again, without a restart', async () => {
      await publisher.publish('user', 3)
      return listener.ids().includes('3') ? true : undefined
    })
    assert.notInclude(listener.ids(), '2')
  })

  test('a process that booted while Redis was away subscribes when it comes', async ({
    assert,
  }) => {
    await server.stop()
    const bus = new InvalidationBus()
    const heard: (string | null)[] = []
    bus.on('session', (key) => heard.push(key))
    const first = await connectBusOverRedis(bus, connection('late:'), {
      listen: true,
      channel: invalidationChannel('late:'),
    }).then(
      () => 'subscribed',
      (error: unknown) => (asRedisUnavailable(error) ? 'refused: Redis away' : String(error))
    )
    assert.equal(first, 'refused: Redis away')

    await server.start()
    const publisher = await publishingBus('late:')
    await until('the subscription follows Redis', async () => {
      await publisher.publish('session', 'abc')
      return heard.includes('abc') ? true : undefined
    })
  })

  test('the login throttle counts in memory while Redis is away', async ({ assert }) => {
    const limits = connection('limits:')
    const counters = new LimiterManager({
      default: 'redis',
      stores: {
        redis: (options) =>
          new LimiterRedisStore(limits, { ...options, rejectIfRedisNotReady: true }),
        memory: (options) => new LimiterMemoryStore(options),
      },
    })
    const throttle = new LoginThrottle(counters as any)
    const wrong = (username: string) =>
      throttle.attempt({ username, ip: '203.0.113.9', knownDevice: false }, async () => {
        throw new Error('Invalid username or password')
      })
    const outcome = (attempt: Promise<unknown>) =>
      attempt.then(
        () => 'signed in',
        (error: unknown) =>
          error instanceof limiterErrors.E_TOO_MANY_REQUESTS ? 429 : (error as Error).message
      )
    await limits.ping()

    // Redis up: counted there (five wrong passwords for a name from one IP, then blocked).
    for (let i = 0; i < 5; i++) {
      assert.equal(await outcome(wrong('up@example.test')), 'Invalid username or password')
    }
    assert.equal(await outcome(wrong('up@example.test')), 429)
    assert.isNotEmpty(await limits.keys('*up@example.test*'))

    // Redis away: still counted and blocked, in this process; a right password still signs in.
    await server.stop()
    await until('the limiter sees Redis away', async () =>
      limits.status === 'ready' ? undefined : true
    )
    const started = performance.now()
    for (let i = 0; i < 5; i++) {
      assert.equal(await outcome(wrong('down@example.test')), 'Invalid username or password')
    }
    assert.equal(await outcome(wrong('down@example.test')), 429)
    assert.isBelow(performance.now() - started, 5000)
    const right = await throttle.attempt(
      { username: 'right@example.test', ip: '203.0.113.10', knownDevice: false },
      async () => 'signed in'
    )
    assert.equal(right, 'signed in')

    // Back: counted in Redis again.
    await server.start()
    await until('Redis is back for the limiter', async () =>
      limits.status === 'ready' ? true : undefined
    )
    assert.equal(await outcome(wrong('back@example.test')), 'Invalid username or password')
    assert.isNotEmpty(await limits.keys('*back@example.test*'))
  })
})
