import { test } from '@japa/runner'
import {
  Browserless,
  baseUrl,
  eachTestInTransaction,
  makeUser,
  resetDatabase,
  startServer,
} from '#tests/helpers'
import { SESSION_COOKIE } from '#config/session'
import User from '#accounts/models/user'
import { XSRF_COOKIE } from '#core/middleware/csrf_middleware'
import { TOUCH_EVERY_MS } from '#core/session_store'
import db from '@adonisjs/lucid/services/db'

const cookieNames = (res: Response) =>
  res.headers.getSetCookie().map((line) => line.slice(0, line.indexOf('=')))

test.group('A request pays only for what it uses', (group) => {
  eachTestInTransaction(group)

  test('the health check sets no cookie: no session, no XSRF token', async ({ assert }) => {
    const res = await fetch(`${baseUrl()}/api/health`, { headers: { accept: 'application/json' } })
    assert.equal(res.status, 200)
    assert.deepEqual(cookieNames(res), [])
    assert.isNotEmpty(res.headers.get('x-request-id'))
  })

  test('an anonymous visitor gets an XSRF token and no session', async ({ assert }) => {
    const res = await fetch(`${baseUrl()}/api/user`, { headers: { accept: 'application/json' } })
    assert.equal(res.status, 401)
    assert.deepEqual(cookieNames(res), [XSRF_COOKIE])
  })

  test('a token that still fits is not sent again', async ({ assert }) => {
    const browser = new Browserless(baseUrl())
    await browser.request('GET', '/api/user')
    const token = browser.cookies.get(XSRF_COOKIE)
    assert.isString(token)
    const again = await fetch(`${baseUrl()}/api/user`, {
      headers: { accept: 'application/json', cookie: browser.cookieHeader() },
    })
    assert.deepEqual(cookieNames(again), [])
  })

  test('signing in binds a new token to the session; the anonymous one stops working', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'bound@example.test', password: 'secret123' })
    const browser = new Browserless(baseUrl())
    await browser.request('GET', '/api/user')
    const anonymous = browser.cookies.get(XSRF_COOKIE)!
    const login = await browser.request('POST', '/api/login', {
      username: 'bound@example.test',
      password: 'secret123',
    })
    assert.equal(login.status, 200)
    const signedIn = browser.cookies.get(XSRF_COOKIE)!
    assert.notEqual(signedIn, anonymous)
    assert.isTrue(browser.cookies.has(SESSION_COOKIE))

    // The session's cookie with the token minted before it: refused.
    const stale = await fetch(`${baseUrl()}/api/logout`, {
      method: 'POST',
      headers: {
        'accept': 'application/json',
        'cookie': `${SESSION_COOKIE}=${browser.cookies.get(SESSION_COOKIE)}; ${XSRF_COOKIE}=${anonymous}`,
        'x-xsrf-token': decodeURIComponent(anonymous),
      },
    })
    assert.equal(stale.status, 403)
    // A header that differs from the cookie: refused too.
    const mismatch = await fetch(`${baseUrl()}/api/logout`, {
      method: 'POST',
      headers: {
        'accept': 'application/json',
        'cookie': browser.cookieHeader(),
        'x-xsrf-token': decodeURIComponent(anonymous),
      },
    })
    assert.equal(mismatch.status, 403)
    const out = await browser.request('POST', '/api/logout')
    assert.equal(out.status, 200)
  })

  test('a bearer-token call without the session cookie sets no cookie', async ({ assert }) => {
    const shipper = await makeUser('shipper', { email: 'tms@example.test' })
    const token = await User.accessTokens.create(shipper)
    const res = await fetch(`${baseUrl()}/api/user`, {
      headers: { accept: 'application/json', authorization: `Bearer ${token.value!.release()}` },
    })
    assert.equal(res.status, 200)
    assert.deepEqual(cookieNames(res), [])
  })
})

/**
 * The production session store (database), on a server of its own: the suite's in-process
 * server uses the memory store.
 */
test.group('A signed-in read with the database session store', (group) => {
  let server: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    server = await startServer(Number(process.env.PORT) + 112, { SESSION_DRIVER: 'database' })
    return () => server.stop()
  })
  group.each.setup(() => resetDatabase())

  test('a signed-in read sends the session cookie again only when the session’s expiry moves', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'rolling@example.test', password: 'secret123' })
    const browser = new Browserless(server.url)
    assert.equal((await browser.signIn('rolling@example.test')).status, 200)
    const sessionId = async () => {
      const rows = await db.from('sessions').select('id', 'expires_at')
      assert.lengthOf(rows, 1)
      return rows[0] as { id: string; expires_at: string | Date }
    }
    const read = async () => {
      const res = await fetch(`${server.url}/api/user`, {
        headers: { accept: 'application/json', cookie: browser.cookieHeader() },
      })
      assert.equal(res.status, 200)
      return res
    }
    // Just signed in: the row's expiry is fresh, so nothing is sent or written.
    const before = await sessionId()
    assert.deepEqual(cookieNames(await read()), [])
    assert.equal(
      new Date((await sessionId()).expires_at).getTime(),
      new Date(before.expires_at).getTime()
    )

    // Pushed forward longer ago than TOUCH_EVERY_MS: the row moves and the cookie goes again.
    const old = Date.now() + 7 * 24 * 3600 * 1000 - TOUCH_EVERY_MS - 60_000
    await db
      .from('sessions')
      .where('id', before.id)
      .update({ expires_at: new Date(old) })
    const refreshed = await read()
    assert.deepEqual(cookieNames(refreshed), [SESSION_COOKIE])
    assert.match(refreshed.headers.getSetCookie()[0], /Max-Age=604800/)
    assert.isAbove(new Date((await sessionId()).expires_at).getTime(), old + TOUCH_EVERY_MS)

    // A request that changes the session still commits it: signing out.
    const out = await fetch(`${server.url}/api/logout`, {
      method: 'POST',
      headers: {
        'accept': 'application/json',
        'cookie': browser.cookieHeader(),
        'x-xsrf-token': decodeURIComponent(browser.cookies.get(XSRF_COOKIE)!),
      },
    })
    assert.equal(out.status, 200)
    assert.include(cookieNames(out), SESSION_COOKIE)
    const after = await fetch(`${server.url}/api/user`, {
      headers: { accept: 'application/json', cookie: browser.cookieHeader() },
    })
    assert.equal(after.status, 401)
  })
})
