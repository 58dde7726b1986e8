import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import {
  Browserless,
  baseUrl,
  makeUser,
  startServer,
  eachTestInTransaction,
  resetDatabase,
} from '#tests/helpers'

test.group('POST /api/login, POST /api/logout, GET /api/user', (group) => {
  eachTestInTransaction(group)

  test('GET /api/user is a 401 JSON when signed out', async ({ client, assert }) => {
    const res = await client.get('/api/user')
    res.assertStatus(401)
    assert.equal(res.header('content-type'), 'application/json; charset=utf-8')
    assert.equal(res.body().message, 'Not signed in')
  })

  test('GET /api/user with X-Allow-Anonymous: 1 is 200 null when signed out, the user when signed in', async ({
    assert,
  }) => {
    // A signed-out visitor is not an error (decision 0174): no 401 for the browser to log.
    const visitor = new Browserless(baseUrl())
    const anonymous = await visitor.request('GET', '/api/user', undefined, {
      headers: { 'x-allow-anonymous': '1' },
    })
    assert.equal(anonymous.status, 200)
    assert.isNull(anonymous.body)
    assert.isFalse(visitor.cookies.has('palletline-session'), 'no session for a visitor')
    // Without the header the answer is the 401 it always was.
    assert.equal((await visitor.request('GET', '/api/user')).status, 401)
    // A bad bearer token with the header is nobody too, never a 500.
    const badToken = await visitor.request('GET', '/api/user', undefined, {
      headers: { 'x-allow-anonymous': '1', 'authorization': 'Bearer oat_nonsense.xyz' },
    })
    assert.equal(badToken.status, 200)
    assert.isNull(badToken.body)

    await makeUser('shipper', { email: 'whoami@example.test', password: 'secret123' })
    const browser = new Browserless(baseUrl())
    await browser.request('POST', '/api/login', {
      username: 'whoami@example.test',
      password: 'secret123',
    })
    const me = await browser.request('GET', '/api/user', undefined, {
      headers: { 'x-allow-anonymous': '1' },
    })
    assert.equal(me.status, 200)
    assert.equal(me.body.email, 'whoami@example.test')
  })

  test('signs in by email or username, without the password hash, with a new session id', async ({
    assert,
  }) => {
    const user = await makeUser('shipper', { email: 'login@example.test', password: 'secret123' })
    const browser = new Browserless(baseUrl())
    await browser.request('GET', '/api/health')
    const before = browser.cookies.get('palletline-session')

    const res = await browser.request('POST', '/api/login', {
      username: 'Login@Example.test',
      password: 'secret123',
    })
    assert.equal(res.status, 200)
    assert.equal(res.body.id, user.id)
    assert.notProperty(res.body, 'password')
    assert.notEqual(browser.cookies.get('palletline-session'), before)

    const sessionCookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith('palletline-session='))!
    assert.match(sessionCookie, /HttpOnly/)
    assert.match(sessionCookie, /SameSite=Lax/)

    const me = await browser.request('GET', '/api/user')
    assert.equal(me.status, 200)
    assert.equal(me.body.email, 'login@example.test')
    assert.notProperty(me.body, 'password')
  })

  test('wrong password is a 401 with a clear message', async ({ client, assert }) => {
    await makeUser('shipper', { email: 'login@example.test' })
    const res = await client
      .post('/api/login')
      .json({ username: 'login@example.test', password: 'wrong-pass' })
      .withCsrfToken()
    res.assertStatus(401)
    assert.equal(res.body().message, 'Invalid email or password')
  })

  test('unknown user is a 401 too', async ({ client }) => {
    const res = await client
      .post('/api/login')
      .json({ username: 'nobody@example.test', password: 'whatever' })
      .withCsrfToken()
    res.assertStatus(401)
  })

  test('username and password are required', async ({ client, assert }) => {
    const res = await client.post('/api/login').json({}).withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(
      res.body().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
      [
        ['username', 'Email is required'],
        ['password', 'Password is required'],
      ]
    )
  })

  test('after 5 failures for one username and IP within a minute the next attempt is a 429', async ({
    client,
    assert,
  }) => {
    await makeUser('shipper', { email: 'throttle@example.test', password: 'secret123' })
    for (let i = 0; i < 5; i++) {
      const res = await client
        .post('/api/login')
        .json({ username: 'throttle@example.test', password: 'bad' })
        .withCsrfToken()
      res.assertStatus(401)
    }
    const blocked = await client
      .post('/api/login')
      .json({ username: 'throttle@example.test', password: 'secret123' })
      .withCsrfToken()
    blocked.assertStatus(429)
    assert.isAbove(Number(blocked.header('retry-after')), 0)
    assert.equal(blocked.body().message, 'Too many attempts. Please try again later.')

    // Another username from the same IP is not affected.
    await makeUser('shipper', { email: 'other@example.test', password: 'secret123' })
    const other = await client
      .post('/api/login')
      .json({ username: 'other@example.test', password: 'secret123' })
      .withCsrfToken()
    other.assertStatus(200)
  })

  test('a success before the limit clears the failure count', async ({ client }) => {
    await makeUser('shipper', { email: 'reset@example.test', password: 'secret123' })
    for (let i = 0; i < 4; i++) {
      await client
        .post('/api/login')
        .json({ username: 'reset@example.test', password: 'bad' })
        .withCsrfToken()
    }
    const ok = await client
      .post('/api/login')
      .json({ username: 'reset@example.test', password: 'secret123' })
      .withCsrfToken()
    ok.assertStatus(200)
    for (let i = 0; i < 4; i++) {
      const res = await client
        .post('/api/login')
        .json({ username: 'reset@example.test', password: 'bad' })
        .withCsrfToken()
      res.assertStatus(401)
    }
  })

  test('login without a CSRF token is refused', async ({ client }) => {
    await makeUser('shipper', { email: 'csrf@example.test' })
    const res = await client
      .post('/api/login')
      .json({ username: 'csrf@example.test', password: 'secret123' })
    res.assertStatus(403)
  })

  test('logout ends the session', async ({ assert }) => {
    await makeUser('carrier', {
      email: 'bye@example.test',
      password: 'secret123',
      isApproved: true,
    })
    const browser = new Browserless(baseUrl())
    const login = await browser.request('POST', '/api/login', {
      username: 'bye@example.test',
      password: 'secret123',
    })
    assert.equal(login.status, 200)
    const out = await browser.request('POST', '/api/logout')
    assert.equal(out.status, 200)
    const me = await browser.request('GET', '/api/user')
    assert.equal(me.status, 401)
  })

  test('logout when signed out is a 401', async ({ client }) => {
    const res = await client.post('/api/logout').withCsrfToken()
    res.assertStatus(401)
  })

  test('every response carries an X-Request-Id and security headers', async ({
    client,
    assert,
  }) => {
    const res = await client.get('/api/user')
    assert.match(res.header('x-request-id') ?? '', /^[a-z0-9-]{10,}$/)
    assert.equal(res.header('x-frame-options'), 'DENY')
    assert.equal(res.header('x-content-type-options'), 'nosniff')
    assert.include(res.header('content-security-policy'), "default-src 'self'")
  })

  test('unknown API paths are a JSON 404', async ({ client, assert }) => {
    const res = await client.get('/api/no-such-thing')
    res.assertStatus(404)
    assert.equal(res.body().message, 'Not found')
  })
})

test.group('Sessions live on the server', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(90_000)

  test('cookies captured before logout cannot be replayed (database store)', async ({ assert }) => {
    await makeUser('shipper', { email: 'replay@example.test', password: 'secret123' })
    const server = await startServer(Number(process.env.PORT) + 100, {
      SESSION_DRIVER: 'database',
    })
    try {
      const browser = new Browserless(server.url)
      const login = await browser.request('POST', '/api/login', {
        username: 'replay@example.test',
        password: 'secret123',
      })
      assert.equal(login.status, 200)
      const captured = new Map(browser.cookies)
      const [{ count }] = await db.from('sessions').count('* as count')
      assert.isAbove(Number(count), 0)

      const out = await browser.request('POST', '/api/logout')
      assert.equal(out.status, 200)

      const attacker = new Browserless(server.url)
      attacker.cookies = captured
      const replay = await attacker.request('GET', '/api/user')
      assert.equal(replay.status, 401)
      assert.equal(replay.body.message, 'Not signed in')
    } finally {
      await server.stop()
    }
  })

  test('a request with the session cookie is CSRF-checked even with a Bearer header', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'csrf@example.test', password: 'secret123' })
    const browser = new Browserless(baseUrl())
    const login = await browser.request('POST', '/api/login', {
      username: 'csrf@example.test',
      password: 'secret123',
    })
    assert.equal(login.status, 200)
    const forged = await browser.request('POST', '/api/logout', undefined, {
      csrf: false,
      headers: { authorization: 'Bearer oat_made.up' },
    })
    assert.equal(forged.status, 403)
    assert.equal(forged.body.message, 'Invalid or missing CSRF token')
    const still = await browser.request('GET', '/api/user')
    assert.equal(still.status, 200)
  })
})
