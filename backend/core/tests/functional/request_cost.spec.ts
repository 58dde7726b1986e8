import { test } from '@japa/runner'
import { Browserless, baseUrl, eachTestInTransaction, makeUser } from '#tests/helpers'
import { SESSION_COOKIE } from '#config/session'
import User from '#accounts/models/user'
import { XSRF_COOKIE } from '#core/middleware/csrf_middleware'

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
