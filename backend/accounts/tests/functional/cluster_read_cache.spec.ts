import { test } from '@japa/runner'
import { Browserless, makeUser, resetDatabase, startServer } from '#tests/helpers'
import {
  at,
  logoutRefusesReplay,
  passwordChangeEndsOtherSessions,
  revokedTokenRefused,
  signInAt as signIn,
} from '#accounts/tests/cached_read_scenarios'

/**
 * Two instances of the app, each caching the session, user and token rows it read for a
 * minute (docs/decisions/0071), on the database session store so the session cache is in play.
 * With Redis configured, an eviction on one instance reaches the other through the invalidation
 * bus (decision 0148), so nothing waits for the minute. The last test is the control: the same
 * two instances without Redis keep answering a logged-out cookie from memory.
 */
const CACHED = { SESSION_DRIVER: 'database', AUTH_READ_CACHE_MS: '60000' }
const REDIS = { REDIS_HOST: process.env.REDIS_HOST ?? '127.0.0.1' }

/** Two instances on the test database; `stop` ends both. */
async function startInstances(env: Record<string, string>) {
  const base = Number(process.env.PORT) + 111
  const servers = await Promise.all([
    startServer(base, { ...CACHED, ...env }),
    startServer(base + 1, { ...CACHED, ...env }),
  ])
  return {
    a: servers[0].url,
    b: servers[1].url,
    stop: async () => {
      await Promise.all(servers.map((server) => server.stop()))
    },
  }
}

test.group('Cached rows are evicted on every instance through Redis', (group) => {
  // One pair of instances for the group: each test has users of its own, and ids are never
  // reused (no reset in between), so no test can be helped by another's evictions.
  let instances: Awaited<ReturnType<typeof startInstances>>
  group.setup(async () => {
    await resetDatabase()
    instances = await startInstances(REDIS)
    return () => instances.stop()
  })
  group.each.timeout(60_000)

  const onBoth = (run: (a: string, b: string) => Promise<void>) => run(instances.a, instances.b)

  test('a logout through one instance is refused at once by the other', async ({ assert }) => {
    await makeUser('shipper', { email: 'bus-out@example.test' })
    await onBoth((a, b) => logoutRefusesReplay(assert, a, b, 'bus-out@example.test'))
  })

  test('a password change through one instance ends the session just read on the other', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'bus-pw@example.test' })
    await onBoth((a, b) => passwordChangeEndsOtherSessions(assert, a, b, 'bus-pw@example.test'))
  })

  test('a token revoked through one instance is refused at once by the other', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'bus-token@example.test' })
    await onBoth((a, b) => revokedTokenRefused(assert, a, b, 'bus-token@example.test'))
  })

  test('an approval and its revocation through one instance are seen by the other at once', async ({
    assert,
  }) => {
    const carrierUser = await makeUser('carrier', { email: 'bus-carrier@example.test' })
    await makeUser('admin', { email: 'bus-admin@example.test' })
    await onBoth(async (a, b) => {
      const carrier = await signIn(b, 'bus-carrier@example.test')
      const approved = async () => (await carrier.request('GET', '/api/user')).body.isApproved
      for (let i = 0; i < 3; i++) assert.isFalse(await approved())
      const admin = await signIn(a, 'bus-admin@example.test')
      const approve = (isApproved: boolean) =>
        admin.request('PUT', `/api/admin/users/${carrierUser.id}/approve`, { isApproved })

      assert.equal((await approve(true)).status, 200)
      for (let i = 0; i < 3; i++) assert.isTrue(await approved())
      assert.equal((await approve(false)).status, 200)
      assert.isFalse(await approved())
    })
  })
})

test.group('Cached rows without Redis', (group) => {
  group.setup(() => resetDatabase())
  group.each.timeout(120_000)

  test('control: the other instance still answers the logged-out cookie', async ({ assert }) => {
    await makeUser('shipper', { email: 'bus-none@example.test' })
    const { a, b, stop } = await startInstances({})
    try {
      const onA = await signIn(a, 'bus-none@example.test')
      const onB = at(onA, b)
      assert.equal((await onB.request('GET', '/api/user')).status, 200)
      const captured = new Map(onA.cookies)
      assert.equal((await onA.request('POST', '/api/logout')).status, 200)
      assert.equal((await at(onA, a).request('GET', '/api/user')).status, 401)

      // Instance B read the session row a moment ago and keeps it for AUTH_READ_CACHE_MS.
      const replay = new Browserless(b)
      replay.cookies = captured
      assert.equal((await replay.request('GET', '/api/user')).status, 200)
    } finally {
      await stop()
    }
  })
})
