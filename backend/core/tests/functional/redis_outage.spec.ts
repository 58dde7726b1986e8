import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { RedisConnection } from '@adonisjs/redis'
import { Browserless, makeUser, resetDatabase, startServer } from '#tests/helpers'
import { RedisServer, sleep, until } from '#tests/redis_server'
import { REDIS_UNAVAILABLE_MESSAGE } from '#core/redis_resilience'

/**
 * A Redis blip never takes sign-in down (docs/decisions/0160). The app runs as its own server
 * process with sessions, login throttling and live updates in a redis-server of the test's own
 * (never the shared Redis), under a database index and key prefix of its own. The redis-server
 * is stopped for 12 s: every answer is then a 503 with `Retry-After` and the usual JSON (never
 * a 500), readiness says 503; it is started again on the same port, and sign-in works within
 * 10 s, without restarting the app.
 */
const REDIS_PORT = Number(process.env.REDIS_OUTAGE_TEST_PORT ?? Number(process.env.PORT) + 2041)
const APP_PORT = Number(process.env.PORT) + 140
const REDIS_DB = 3
const PREFIX = `test_outage:${randomUUID()}:`
const OUTAGE_MS = 12_000
const BACK_WITHIN_MS = 10_000

type Seen = { what: string; status: number; retryAfter: string | null; message: unknown }

test.group('Redis goes away under a running server', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(300_000)

  test('503 with Retry-After while away, never 500; sign-in is back within 10 s', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'blip@example.test' })
    const redisServer = new RedisServer(REDIS_PORT)
    await redisServer.start()
    const look = new RedisConnection('outage-test', {
      host: '127.0.0.1',
      port: REDIS_PORT,
      db: REDIS_DB,
      lazyConnect: true,
      maxRetriesPerRequest: 0,
    })
    const app = await startServer(APP_PORT, {
      SESSION_DRIVER: 'redis',
      LIMITER_STORE: 'redis',
      TRANSMIT_TRANSPORT: 'redis',
      REDIS_HOST: '127.0.0.1',
      REDIS_PORT: String(REDIS_PORT),
      REDIS_DB: String(REDIS_DB),
      REDIS_KEY_PREFIX: PREFIX,
    })
    const context = () => `\n--- server output ---\n${app.output().slice(-4000)}`
    try {
      const browser = new Browserless(app.url)
      const login = await browser.signIn('blip@example.test')
      assert.equal(login.status, 200, login.text + context())
      assert.equal((await browser.request('GET', '/api/user')).status, 200)

      // REDIS_DB and REDIS_KEY_PREFIX reach the server: its keys are in database 3 under the
      // prefix, and its pub/sub channels (cache evictions, live updates) carry the prefix.
      const keys = await look.keys('*')
      assert.isNotEmpty(keys)
      for (const key of keys) assert.isTrue(key.startsWith(PREFIX), key)
      const channels = await until('the server subscribes to its channels', async () => {
        const names = (await look.call('PUBSUB', 'CHANNELS', `${PREFIX}*`)) as string[]
        return names.length === 2 ? names : undefined
      })
      assert.sameMembers(channels, [`${PREFIX}invalidate`, `${PREFIX}transmit::broadcast`])

      await redisServer.stop()
      const downAt = Date.now()
      const seen: Seen[] = []
      const record = async (
        what: string,
        call: Promise<{ status: number; headers: Headers; body: any }>
      ) => {
        const res = await call
        seen.push({
          what,
          status: res.status,
          retryAfter: res.headers.get('retry-after'),
          message: res.body?.message,
        })
      }
      let health = 0
      while (Date.now() - downAt < OUTAGE_MS) {
        await record('GET /api/user (signed in)', browser.request('GET', '/api/user'))
        await record('POST /api/login', new Browserless(app.url).signIn('blip@example.test'))
        await record('GET /api/ready', browser.request('GET', '/api/ready'))
        if ((await fetch(`${app.url}/api/health`)).status === 200) health++
        await sleep(500)
      }
      await redisServer.start()
      const backAt = Date.now()

      const summary = JSON.stringify(seen.map(({ what, status }) => `${what} ${status}`))
      assert.isAtLeast(seen.length, 3, summary)
      assert.isAbove(health, 0, 'liveness stays up')
      for (const answer of seen) {
        assert.equal(answer.status, 503, `${answer.what} while Redis is away: ${summary}`)
        if (answer.what === 'GET /api/ready') continue
        assert.equal(answer.message, REDIS_UNAVAILABLE_MESSAGE, answer.what)
        assert.match(answer.retryAfter ?? '', /^[1-9][0-9]*$/, `${answer.what}: Retry-After`)
      }

      // Back: the app reconnects by itself, and a sign-in works again within 10 s.
      const after: string[] = []
      const again = await until(
        'sign-in works again',
        async () => {
          const fresh = new Browserless(app.url)
          const res = await fresh.signIn('blip@example.test')
          after.push(`POST /api/login ${res.status}`)
          return res.status === 200 ? fresh : undefined
        },
        { timeoutMs: BACK_WITHIN_MS + 5_000, everyMs: 250 }
      )
      const backIn = Date.now() - backAt
      assert.isAtMost(backIn, BACK_WITHIN_MS, `sign-in back after ${backIn} ms` + context())
      assert.notInclude(after.join(' '), ' 500', JSON.stringify(after))
      assert.equal((await again.request('GET', '/api/user')).status, 200)
      assert.equal((await again.request('GET', '/api/ready')).status, 200)
      // The session from before lived in the Redis that restarted empty: signed out, not a 500.
      const old = await browser.request('GET', '/api/user')
      assert.equal(old.status, 401, old.text)
    } finally {
      await app.stop()
      await look.disconnect().catch(() => {})
      await redisServer.stop()
    }
  })
})
