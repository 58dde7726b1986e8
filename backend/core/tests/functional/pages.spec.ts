import { readdirSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { test } from '@japa/runner'
import { baseUrl } from '#tests/helpers'

/** What shield (#config/shield) and request setup set on every response. */
const SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': [
    "default-src 'self'",
    "script-src 'self' https://js.stripe.com",
    "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
    "connect-src 'self' https://api.stripe.com",
    "img-src 'self' data:",
    "style-src 'self' 'unsafe-inline'",
    "font-src 'self' data:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join(';'),
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
}

/** Plain fetch: what a browser (or a framing site) gets, static files included. */
const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(baseUrl() + path, { redirect: 'manual', headers })

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

  test('the public pages arrive prerendered; other routes get the empty shell', async ({
    assert,
  }) => {
    for (const [path, text] of [
      ['/', 'Ship pallets on trucks'],
      ['/overview', '<title>Platform overview | PalletLine</title>'],
      ['/auth', '<title>Sign in or create an account | PalletLine</title>'],
      ['/terms', 'Terms of Service'],
    ]) {
      const html = await (await get(path)).text()
      assert.include(html, text, path)
      assert.notInclude(html, '<div id="root"></div>', path)
    }
    // A query string may change the page (`?tab=signup`): the shell renders it in the browser.
    for (const path of ['/shipper', '/register', '/auth?tab=signup', '/no/such/page']) {
      assert.include(await (await get(path)).text(), '<div id="root"></div>', path)
    }
  })

  test('an unknown page path is a 404 with the app’s not-found page; the router’s paths are 200', async ({
    assert,
  }) => {
    for (const path of ['/some/unknown/page', '/shipperx', '/payment', '/payment/1/extra']) {
      const res = await get(path)
      assert.equal(res.status, 404, path)
      assert.match(res.headers.get('content-type')!, /^text\/html/, path)
      // The shell: react-router renders its not-found page (decision 0174).
      assert.include(await res.text(), '<div id="root"></div>', path)
    }
    for (const path of [
      '/',
      '/auth?tab=signup',
      '/shipper',
      '/shipper/',
      '/admin/finance',
      '/payment/42',
      '/payment-success?booking=42',
      '/freight-board',
    ]) {
      assert.equal((await get(path)).status, 200, path)
    }
  })

  test('pages and bundles go out compressed to clients that accept it', async ({ assert }) => {
    const page = await get('/auth', { 'accept-encoding': 'br' })
    assert.equal(page.headers.get('content-encoding'), 'br')
    assert.equal(page.headers.get('vary'), 'Accept-Encoding')
    assert.include(await page.text(), 'Sign in or create an account')

    // The build compresses every bundle of 1 kB or more (frontend/compress.ts); the entry itself
    // is smaller now (decision 0149) and goes out as it is.
    const shell = await (await get('/index.html')).text()
    const entry = /<script type="module" crossorigin src="([^"]+)"/.exec(shell)![1]
    const small = await get(entry, { 'accept-encoding': 'gzip' })
    assert.equal(small.status, 200)
    if ((await small.clone().arrayBuffer()).byteLength < 1024) {
      assert.isNull(small.headers.get('content-encoding'))
    }
    const assets = join('frontend', 'dist', 'assets')
    const large = readdirSync(assets).find(
      (file) => file.endsWith('.js') && statSync(join(assets, file)).size >= 4096
    )!
    const script = `/assets/${large}`
    const bundle = await get(script, { 'accept-encoding': 'gzip' })
    assert.equal(bundle.status, 200)
    assert.equal(bundle.headers.get('content-encoding'), 'gzip')
    assert.match(bundle.headers.get('content-type')!, /^text\/javascript/)
    assert.equal(bundle.headers.get('cache-control'), 'public, max-age=31536000, immutable')
    assert.equal(bundle.headers.get('x-content-type-options'), 'nosniff')

    const plain = await get(script, { 'accept-encoding': 'identity' })
    assert.isNull(plain.headers.get('content-encoding'))
    assert.equal(await plain.text(), await bundle.text())
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
