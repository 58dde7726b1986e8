import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { contractViolation, toOpenApiPath, watchFetch } from '#tests/openapi_contract'

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

type Doc = { paths: Record<string, Record<string, any>>; components: Record<string, any> }

const operations = (doc: Doc) =>
  Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ path, method, op }))
  )

/** Every `$ref` anywhere in a value. */
function refs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => refs(item, found))
  else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      if (key === '$ref' && typeof item === 'string') found.push(item)
      else refs(item, found)
    }
  }
  return found
}

test.group('The API contract (docs/openapi.json)', () => {
  test('GET /api/openapi.json serves an OpenAPI 3.1 document of exactly the routes served', async ({
    client,
    assert,
  }) => {
    const res = await client.get('/api/openapi.json')
    res.assertStatus(200)
    assert.include(res.header('content-type'), 'application/json')
    assert.equal(res.header('cache-control'), 'public, max-age=300')
    const doc = res.body() as Doc & { openapi: string }
    assert.equal(doc.openapi, '3.1.0')
    const documented = new Set(
      operations(doc).map(({ path, method }) => `${method.toUpperCase()} ${path}`)
    )
    const served = new Set(
      Object.values(router.toJSON())
        .flat()
        .filter((route: any) => !route.pattern.includes('*'))
        .flatMap((route: any) =>
          route.methods
            .filter((m: string) => m !== 'HEAD')
            .map((m: string) => `${m} ${toOpenApiPath(route.pattern)}`)
        )
    )
    assert.deepEqual(
      [...served].filter((r) => !documented.has(r)),
      [],
      'served but not documented'
    )
    assert.deepEqual(
      [...documented].filter((r) => !served.has(r)),
      [],
      'documented but not served'
    )
  })

  test('every operation is named, summarised, secured and answers its errors with the Error shape', async ({
    client,
    assert,
  }) => {
    const doc = (await client.get('/api/openapi.json')).body() as Doc
    const ids = new Set<string>()
    for (const { path, method, op } of operations(doc)) {
      const where = `${method} ${path}`
      assert.isString(op.operationId, `${where} has no operationId`)
      assert.isFalse(ids.has(op.operationId), `${where}: operationId ${op.operationId} is taken`)
      ids.add(op.operationId)
      assert.isString(op.summary, `${where} has no summary`)
      assert.isArray(op.security, `${where} says nothing of its security`)
      if (op.security.length) assert.property(op.responses, '401', `${where} needs a 401`)
      for (const [status, response] of Object.entries(op.responses as Record<string, any>)) {
        if (Number(status) >= 400) {
          assert.match(response.$ref ?? '', /^#\/components\/responses\//, `${where} ${status}`)
        } else if (response.content?.['application/json']) {
          // A named shape, so the generated frontend and CLI types have names.
          const schema = response.content['application/json'].schema
          assert.match(
            schema.$ref ?? schema.items?.$ref ?? '',
            /^#\/components\/schemas\//,
            `${where} ${status}`
          )
        }
      }
    }
  })

  test('every reference resolves and every schema compiles', async ({ client, assert }) => {
    const doc = (await client.get('/api/openapi.json')).body() as Doc
    for (const target of new Set(refs(doc))) {
      const node = target
        .replace(/^#\//, '')
        .split('/')
        .reduce((at: any, key) => at?.[key], doc)
      assert.exists(node, `${target} does not resolve`)
    }
    const ajv = new Ajv2020({ strict: false })
    addFormats.default(ajv)
    ajv.addSchema({ $id: 'contract', components: doc.components })
    for (const name of Object.keys(doc.components.schemas)) {
      assert.doesNotThrow(() => ajv.getSchema(`contract#/components/schemas/${name}`), name)
    }
    for (const { path, method, op } of operations(doc)) {
      const bodies = [
        ...Object.values(op.requestBody?.content ?? {}),
        ...Object.values(op.responses as Record<string, any>).flatMap((r) =>
          Object.values(r.content ?? {})
        ),
      ] as { schema?: unknown }[]
      for (const { schema } of bodies.filter((b) => b.schema)) {
        const text = JSON.stringify(schema).replaceAll('"#/components/', '"contract#/components/')
        assert.doesNotThrow(() => ajv.compile(JSON.parse(text)), `${method} ${path}`)
      }
    }
  })

  test('the suite’s check refuses what the contract does not say', async ({ assert }) => {
    const exchange = {
      method: 'GET',
      url: '/api/health',
      status: 200,
      contentType: 'application/json; charset=utf-8',
      text: '{"status":"ok"}',
    }
    assert.isNull(contractViolation(exchange))
    assert.match(contractViolation({ ...exchange, status: 418 })!, /does not document/)
    assert.match(contractViolation({ ...exchange, text: '{"status":"down"}' })!, /does not match/)
    assert.match(
      contractViolation({ ...exchange, text: '{"status":"ok","extra":1}' })!,
      /must NOT have additional properties/
    )
    assert.match(
      contractViolation({ ...exchange, contentType: 'text/html', text: '<p>ok</p>' })!,
      /answered text\/html/
    )
    const noContent = {
      method: 'DELETE',
      url: '/api/trucks/1',
      status: 204,
      contentType: '',
      text: '',
    }
    assert.isNull(contractViolation(noContent))
    assert.match(
      contractViolation({ ...noContent, contentType: 'application/json', text: '{}' })!,
      /documents none/
    )
    const error = {
      method: 'GET',
      url: '/api/trucks',
      status: 403,
      contentType: 'application/json',
      text: '{"message":"Account pending approval"}',
    }
    assert.isNull(contractViolation(error))
    assert.match(contractViolation({ ...error, text: '{"error":"nope"}' })!, /does not match/)
    // Not an endpoint: the /api catch-all and the app's pages.
    assert.isNull(contractViolation({ ...exchange, url: '/api/nope', status: 404 }))
  })

  test('fetch answers are checked by observing undici, with fetch left as Node made it', async ({
    assert,
  }) => {
    // A stand-in server answering what each path's query asks: the check reads the answer
    // through undici's diagnostics channels, matched against the app's routes and contract.
    const server = http.createServer((req, res) => {
      const answer = new URL(req.url!, 'http://x').searchParams
      const body = answer.get('body') ?? '{"status":"ok"}'
      const gzip = answer.has('gzip')
      res.writeHead(Number(answer.get('status') ?? 200), {
        'content-type': answer.get('type') ?? 'application/json; charset=utf-8',
        ...(gzip ? { 'content-encoding': 'gzip' } : {}),
      })
      res.end(gzip ? gzipSync(body) : body)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as AddressInfo
    const reported: string[] = []
    const stop = watchFetch({
      isTarget: (url) => url.port === String(port) && !url.searchParams.has('elsewhere'),
      report: (violation) => reported.push(violation),
    })
    const get = async (query: string, read = true) => {
      const res = await fetch(`http://127.0.0.1:${port}/api/health?${query}`)
      if (read) await res.text()
      else await new Promise((resolve) => setTimeout(resolve, 50))
      return res
    }
    try {
      assert.equal(globalThis.fetch, fetch)
      assert.equal(fetch.name, 'fetch')
      // What the contract says: nothing reported, and the caller reads the body as sent.
      const ok = await get('')
      assert.equal(ok.status, 200)
      await get('gzip=1')
      assert.deepEqual(reported, [])

      // Deliberately wrong answers, each reported once whether or not the caller reads it.
      await get('status=418')
      await get(`body=${encodeURIComponent('{"status":"down"}')}`, false)
      await get(`gzip=1&body=${encodeURIComponent('{"status":"ok","extra":1}')}`)
      await get(`type=text/html&body=${encodeURIComponent('<p>ok</p>')}`)
      assert.lengthOf(reported, 4, reported.join('\n'))
      assert.match(reported[0], /GET \/api\/health answered 418, which .* does not document/)
      assert.match(reported[1], /GET \/api\/health 200 does not match/)
      assert.match(reported[2], /must NOT have additional properties/)
      assert.match(reported[3], /answered text\/html/)

      // What isTarget leaves out (another server) is not looked at, nor anything after stop().
      await get('status=418&elsewhere=1')
      stop()
      await get('status=418')
      assert.lengthOf(reported, 4, reported.join('\n'))
    } finally {
      stop()
      await new Promise((resolve) => server.close(resolve))
    }
  })

  test('GET /api/docs renders the reference page from local files', async ({ client, assert }) => {
    const page = await client.get('/api/docs')
    page.assertStatus(200)
    assert.include(page.header('content-type'), 'text/html')
    assert.include(page.text(), '/api/docs/assets/swagger-ui-bundle.js')
    assert.notInclude(page.text(), 'https://')
    assert.notMatch(page.text(), /<script>[^<]/, 'no inline script (the CSP forbids it)')
    assert.include(page.header('content-security-policy'), "script-src 'self'")
    for (const [file, type] of [
      ['swagger-ui-bundle.js', 'text/javascript'],
      ['swagger-ui.css', 'text/css'],
      ['start.js', 'text/javascript'],
    ]) {
      const asset = await client.get(`/api/docs/assets/${file}`)
      asset.assertStatus(200)
      assert.include(asset.header('content-type'), type)
    }
    const start = await client.get('/api/docs/assets/start.js')
    assert.include(start.text(), "url: '/api/openapi.json'")
    const missing = await client.get('/api/docs/assets/package.json')
    missing.assertStatus(404)
    const traversal = await client.get('/api/docs/assets/..%2F..%2Fpackage.json')
    assert.include([400, 404], traversal.status())
  })
})
