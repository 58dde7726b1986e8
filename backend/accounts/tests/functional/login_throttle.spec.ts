import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { errors as authErrors } from '@adonisjs/auth'
import { errors as limiterErrors } from '@adonisjs/limiter'
import LoginThrottle, { LOGIN_LIMITS } from '#accounts/services/login_throttle'
import { trustedProxies } from '#core/trusted_proxies'
import { Browserless, baseUrl, makeUser, eachTestInTransaction } from '#tests/helpers'

const wrongLogin = (client: any, username: string, forwardedFor?: string) => {
  const req = client.post('/api/login').json({ username, password: 'wrong-pass' }).withCsrfToken()
  return forwardedFor ? req.header('X-Forwarded-For', forwardedFor) : req
}

test.group('Login throttle over HTTP', (group) => {
  eachTestInTransaction(group)

  test('a rotating X-Forwarded-For does not buy fresh attempts', async ({ client, assert }) => {
    await makeUser('shipper', { email: 'victim@example.test', password: 'secret123' })
    const statuses: number[] = []
    for (let i = 1; i <= 30; i++) {
      const res = await wrongLogin(client, 'victim@example.test', `10.9.${i}.${i}`)
      statuses.push(res.status())
    }
    assert.deepEqual(statuses.slice(0, 5), [401, 401, 401, 401, 401])
    assert.isTrue(
      statuses.slice(5).every((s) => s === 429),
      statuses.join(',')
    )
  })

  test('spraying many usernames from one IP reaches 429', async ({ client, assert }) => {
    const statuses: number[] = []
    for (let i = 1; i <= 20; i++) {
      const res = await wrongLogin(client, `sprayed${i}@example.test`)
      statuses.push(res.status())
    }
    const limit = LOGIN_LIMITS.ip.requests
    assert.isTrue(
      statuses.slice(0, limit).every((s) => s === 401),
      statuses.join(',')
    )
    assert.isTrue(
      statuses.slice(limit).every((s) => s === 429),
      statuses.join(',')
    )
  })

  test('a browser that signed in before is not locked out by attacks on its account', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'owner@example.test', password: 'secret123' })
    const owner = new Browserless(baseUrl())
    await owner.request('GET', '/api/health')
    const first = await owner.request('POST', '/api/login', {
      username: 'owner@example.test',
      password: 'secret123',
    })
    assert.equal(first.status, 200)
    await owner.request('POST', '/api/logout')

    // Attackers elsewhere exhaust the account's limit (simulated through the service: the
    // test server trusts no proxy, so every HTTP request comes from one address).
    const throttle = await app.container.make(LoginThrottle)
    for (let i = 0; i < LOGIN_LIMITS.account.requests; i++) {
      await assert.rejects(() =>
        throttle.attempt(
          { username: 'owner@example.test', ip: `203.0.113.${i}`, knownDevice: false },
          () => Promise.reject(new authErrors.E_INVALID_CREDENTIALS('bad'))
        )
      )
    }

    const stranger = new Browserless(baseUrl())
    await stranger.request('GET', '/api/health')
    const blocked = await stranger.request('POST', '/api/login', {
      username: 'owner@example.test',
      password: 'secret123',
    })
    assert.equal(blocked.status, 429)

    const again = await owner.request('POST', '/api/login', {
      username: 'owner@example.test',
      password: 'secret123',
    })
    assert.equal(again.status, 200)
  })
})

test.group('LoginThrottle', (group) => {
  eachTestInTransaction(group)

  const fail = () => Promise.reject(new authErrors.E_INVALID_CREDENTIALS('bad'))

  test('one username from many IPs locks after the account limit', async ({ assert }) => {
    const throttle = new LoginThrottle()
    const limit = LOGIN_LIMITS.account.requests
    for (let i = 0; i < limit; i++) {
      await assert.rejects(
        () =>
          throttle.attempt(
            { username: 'x@example.test', ip: `198.51.100.${i}`, knownDevice: false },
            fail
          ),
        'bad'
      )
    }
    try {
      await throttle.attempt(
        { username: 'X@Example.test', ip: '198.51.100.200', knownDevice: false },
        async () => 'ok'
      )
      assert.fail('expected a throttle')
    } catch (error) {
      assert.instanceOf(error, limiterErrors.E_TOO_MANY_REQUESTS)
      // The lock lasts the documented window, no longer.
      const seconds = (error as InstanceType<typeof limiterErrors.E_TOO_MANY_REQUESTS>).response
        .availableIn
      assert.isAtMost(seconds, 15 * 60)
      assert.isAbove(seconds, 0)
    }
  })

  test('a sign-in that fails for want of the database or Redis is not a failed guess', async ({
    assert,
  }) => {
    // A client retrying through an outage must not lock its own account out (decision 0168).
    const throttle = new LoginThrottle()
    const who = { username: 'z@example.test', ip: '192.0.2.9', knownDevice: false }
    const lost = () => Promise.reject(new Error('Connection terminated unexpectedly'))
    for (let i = 0; i < LOGIN_LIMITS.pair.requests + 2; i++) {
      await assert.rejects(() => throttle.attempt(who, lost), 'Connection terminated unexpectedly')
    }
    assert.equal(await throttle.attempt(who, async () => 'ok'), 'ok')
  })

  test('a success clears the username counts but not the IP count', async ({ assert }) => {
    const throttle = new LoginThrottle()
    const who = { username: 'y@example.test', ip: '192.0.2.7', knownDevice: false }
    for (let i = 0; i < 4; i++) await assert.rejects(() => throttle.attempt(who, fail))
    assert.equal(await throttle.attempt(who, async () => 'ok'), 'ok')
    for (let i = 0; i < 4; i++) await assert.rejects(() => throttle.attempt(who, fail))
    assert.equal(await throttle.attempt(who, async () => 'ok'), 'ok')
    // 8 failures so far from this IP; 7 more reach the IP limit for any username.
    for (let i = 0; i < LOGIN_LIMITS.ip.requests - 8; i++) {
      await assert.rejects(() => throttle.attempt({ ...who, username: `z${i}@example.test` }, fail))
    }
    await assert.rejects(
      () => throttle.attempt({ ...who, username: 'fresh@example.test' }, async () => 'ok'),
      /Too many requests/i
    )
  })
})

test.group('TRUSTED_PROXIES', () => {
  test('empty trusts nobody; a list trusts exactly its entries', ({ assert }) => {
    assert.isFalse(trustedProxies('')('127.0.0.1', 0))
    const trust = trustedProxies('10.0.0.1, 192.168.0.0/16')
    assert.isTrue(trust('10.0.0.1', 0))
    assert.isTrue(trust('192.168.4.2', 0))
    assert.isFalse(trust('10.0.0.2', 0))
    assert.isTrue(trustedProxies('loopback')('127.0.0.1', 0))
  })

  test('a malformed entry fails at boot instead of trusting nobody silently', ({ assert }) => {
    assert.throws(() => trustedProxies('10.0.0.300'))
  })
})
