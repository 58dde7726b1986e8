import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { SESSION_COOKIE } from '#config/session'
import { Browserless, baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { CONTRACT } from '#tests/openapi_contract'

/*
 * What the contract says about the browser session and its CSRF cookie is what the server does
 * (docs/decisions/0169): the session cookie's name, which responses set `XSRF-TOKEN`, and that
 * signing in replaces it.
 */

const contract = () => JSON.parse(readFileSync(app.makePath(CONTRACT), 'utf8'))

const cookieNames = (res: { headers: Headers }) =>
  res.headers.getSetCookie().map((line) => line.slice(0, line.indexOf('=')))

test.group('The contract on the session and its CSRF cookie', (group) => {
  group.each.setup(() => resetDatabase())

  test('the session scheme names the cookie the server sets', async ({ assert }) => {
    const doc = contract()
    assert.equal(doc.components.securitySchemes.session.name, SESSION_COOKIE)
    await makeUser('shipper', { email: 'cookie@example.test', password: 'secret123' })
    const browser = new Browserless(baseUrl())
    const login = await browser.signIn('cookie@example.test')
    assert.equal(login.status, 200)
    assert.include(cookieNames(login), SESSION_COOKIE)
  })

  test('the stateless routes set no cookie; the contract says so and not “every response”', async ({
    assert,
  }) => {
    for (const [method, path] of [
      ['GET', '/api/health'],
      ['GET', '/api/openapi.json'],
      ['POST', '/api/webhooks/payments'],
    ] as const) {
      const res = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: { 'accept': 'application/json', 'content-type': 'application/json' },
        body: method === 'POST' ? '{}' : undefined,
      })
      await res.arrayBuffer()
      assert.deepEqual(cookieNames(res), [], `${method} ${path}`)
    }
    // A session route does set it, for a browser that has none.
    const first = await fetch(`${baseUrl()}/api/user`, { headers: { accept: 'application/json' } })
    await first.arrayBuffer()
    assert.include(cookieNames(first), 'XSRF-TOKEN')

    const doc = contract()
    const scheme: string = doc.components.securitySchemes.session.description
    const info: string = doc.info.description
    for (const text of [scheme, info]) {
      assert.notMatch(text, /every response sets/i)
      assert.include(text, 'health')
      assert.include(text, 'webhooks')
    }
  })

  test('signing in replaces the CSRF token: the one from before is refused after', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'rotate@example.test', password: 'secret123' })
    const browser = new Browserless(baseUrl())
    await browser.request('GET', '/api/user')
    const before = browser.cookies.get('XSRF-TOKEN')!
    assert.exists(before)
    const login = await browser.signIn('rotate@example.test')
    assert.include(cookieNames(login), 'XSRF-TOKEN')
    const after = browser.cookies.get('XSRF-TOKEN')!
    assert.notEqual(after, before)
    const stale = await browser.request('POST', '/api/logout', undefined, {
      csrf: false,
      headers: { 'x-xsrf-token': decodeURIComponent(before) },
    })
    assert.equal(stale.status, 403)
    const doc = contract()
    for (const text of [doc.components.securitySchemes.session.description, doc.info.description]) {
      assert.match(text, /sign-in|signing in/i)
      assert.match(text, /new `XSRF-TOKEN`|replaced|rotates/i)
    }
  })
})
