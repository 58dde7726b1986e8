import { test } from '@japa/runner'
import { SECURITY_HEADERS } from '#core/security_headers'
import { baseUrl } from '#tests/helpers'

/** Plain fetch: what a browser (or a framing site) gets, static files included. */
const get = (path: string) => fetch(baseUrl() + path, { redirect: 'manual' })

test.group('Pages and static files', () => {
  for (const path of ['/', '/index.html', '/login', '/shipper', '/robots.txt', '/api/health']) {
    test(`${path} carries the security headers of the API`, async ({ assert }) => {
      const res = await get(path)
      assert.equal(res.status, 200)
      for (const [name, value] of Object.entries(SECURITY_HEADERS)) {
        assert.equal(res.headers.get(name), value, `${name} on ${path}`)
      }
      assert.include(res.headers.get('content-security-policy')!, "frame-ancestors 'none'")
    })
  }

  test('the landing page is the app, served as HTML', async ({ assert }) => {
    for (const path of ['/', '/index.html', '/login']) {
      const res = await get(path)
      assert.match(res.headers.get('content-type')!, /^text\/html/)
      assert.include(await res.text(), '<div id="root">')
    }
  })

  test('a missing asset is a 404, not the app with 200', async ({ assert }) => {
    for (const path of ['/assets/missing-123.js', '/assets/missing.css', '/missing.png']) {
      const res = await get(path)
      assert.equal(res.status, 404, path)
      assert.notInclude(await res.text(), '<div id="root">')
    }
  })

  test('robots.txt lets the public pages be indexed and keeps the API and dashboards out', async ({
    assert,
  }) => {
    const res = await get('/robots.txt')
    assert.match(res.headers.get('content-type')!, /^text\/plain/)
    const text = await res.text()
    assert.include(text, 'User-agent: *')
    for (const path of ['/api/', '/admin', '/carrier', '/shipper', '/payment']) {
      assert.include(text, `Disallow: ${path}`)
    }
  })
})
