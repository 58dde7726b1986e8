import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { Browserless, baseUrl, makeUser, resetDatabase } from '#tests/helpers'
import { CONTRACT } from '#tests/openapi_contract'

/*
 * The contract's securitySchemes name the cookies and the header the server really uses, read
 * from the Set-Cookie lines of a sign-in rather than from the server's own constants, and
 * describe CSRF as the server applies it (docs/decisions/0169, 0192).
 */

type Scheme = { type: string; in?: string; name?: string; scheme?: string; description: string }

const schemes = (): Record<string, Scheme> =>
  JSON.parse(readFileSync(app.makePath(CONTRACT), 'utf8')).components.securitySchemes

/** Set-Cookie lines by cookie name, with their attributes in lower case. */
function setCookies(res: { headers: Headers }) {
  return new Map(
    res.headers.getSetCookie().map((line) => {
      const [pair, ...attributes] = line.split(';').map((part) => part.trim())
      const name = pair.slice(0, pair.indexOf('='))
      return [name, attributes.map((attribute) => attribute.toLowerCase())] as const
    })
  )
}

/** The names a scheme's description puts in backticks. */
const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1])

test.group('The contract’s securitySchemes against a real sign-in', (group) => {
  group.each.setup(() => resetDatabase())

  test('the cookie schemes name the cookies a sign-in sets, with the attributes they say', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'schemes@example.test', password: 'secret123' })
    const browser = new Browserless(baseUrl())
    const login = await browser.signIn('schemes@example.test')
    assert.equal(login.status, 200)
    const cookies = setCookies(login)

    const cookieSchemes = Object.values(schemes()).filter(
      (scheme) => scheme.type === 'apiKey' && scheme.in === 'cookie'
    )
    assert.lengthOf(cookieSchemes, 1, 'one cookie scheme: the session')
    const session = cookieSchemes[0]
    assert.isTrue(cookies.has(session.name!), `sign-in sets ${session.name}`)
    assert.include(cookies.get(session.name!)!, 'httponly', 'scripts cannot read the session')
    assert.include(session.description, 'HttpOnly')

    // The CSRF cookie and header the description names are the ones the server uses.
    const named = backticked(session.description)
    const csrfCookie = named.find((name) => cookies.has(name) && name !== session.name)
    assert.equal(csrfCookie, 'XSRF-TOKEN', 'the description names the CSRF cookie sign-in sets')
    assert.notInclude(cookies.get(csrfCookie!)!, 'httponly', 'the page’s script reads it')
    const header = named.find((name) => /^X-/i.test(name))
    assert.equal(header, 'X-XSRF-TOKEN')

    const token = decodeURIComponent(browser.cookies.get(csrfCookie!)!)
    const refused = await browser.request('POST', '/api/tms/alert-rules', {}, { csrf: false })
    assert.equal(refused.status, 403, 'a session mutation without the header')
    const accepted = await browser.request(
      'POST',
      '/api/tms/alert-rules',
      {},
      { csrf: false, headers: { [header!]: token } }
    )
    assert.equal(accepted.status, 422, 'past CSRF, on to validation')
  })

  test('a bearer call needs no CSRF token, unless it carries the session cookie too', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'bearer@example.test', password: 'secret123' })
    const browser = new Browserless(baseUrl())
    await browser.signIn('bearer@example.test')
    const issued = await browser.request('POST', '/api/account/tokens', {
      name: 'integration',
      abilities: ['tms:read', 'tms:write'],
    })
    assert.equal(issued.status, 201)
    const bearer = schemes().bearer
    assert.equal(bearer.type, 'http')
    assert.equal(bearer.scheme, 'bearer')
    assert.match(bearer.description, /no CSRF token needed unless the session cookie is sent too/)

    const call = (headers: Record<string, string>) =>
      fetch(`${baseUrl()}/api/tms/alert-rules`, {
        method: 'POST',
        headers: {
          'accept': 'application/json',
          'content-type': 'application/json',
          'authorization': `Bearer ${issued.body.token}`,
          ...headers,
        },
        body: '{}',
      })
    const alone = await call({})
    await alone.arrayBuffer()
    assert.equal(alone.status, 422, 'past CSRF, on to validation')
    assert.deepEqual(alone.headers.getSetCookie(), [], 'and no cookie is set')
    const withCookie = await call({ cookie: browser.cookieHeader() })
    await withCookie.arrayBuffer()
    assert.equal(withCookie.status, 403)
  })
})
