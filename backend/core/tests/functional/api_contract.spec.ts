import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { toOpenApiPath } from '#tests/openapi_contract'

const METHODS = ['get', 'post', 'put', 'patch', 'delete']

test.group('The API contract (docs/openapi.json)', () => {
  test('GET /api/openapi.json serves an OpenAPI 3.1 document of exactly the routes served', async ({
    client,
    assert,
  }) => {
    const res = await client.get('/api/openapi.json')
    res.assertStatus(200)
    const doc = res.body()
    assert.equal(doc.openapi, '3.1.0')
    const documented = new Set(
      Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
        Object.keys(ops)
          .filter((m) => METHODS.includes(m))
          .map((m) => `${m.toUpperCase()} ${path}`)
      )
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

  test('every schema compiles, every operation has a summary and its error responses', async ({
    client,
    assert,
  }) => {
    const doc = (await client.get('/api/openapi.json')).body()
    const ajv = new Ajv2020({ strict: false })
    addFormats.default(ajv)
    ajv.addSchema({ $id: 'contract', components: doc.components })
    for (const [path, ops] of Object.entries(doc.paths as Record<string, any>)) {
      for (const [method, op] of Object.entries(ops as Record<string, any>)) {
        assert.isString(op.summary, `${method} ${path} has no summary`)
        assert.isAbove(Object.keys(op.responses).length, 0, `${method} ${path}`)
        const schemas = [
          op.requestBody?.content?.['application/json']?.schema,
          ...Object.values(op.responses as Record<string, any>).map(
            (r) => r.content?.['application/json']?.schema
          ),
        ].filter(Boolean)
        for (const schema of schemas) {
          const text = JSON.stringify(schema).replaceAll('"#/components/', '"contract#/components/')
          assert.doesNotThrow(() => ajv.compile(JSON.parse(text)), `${method} ${path}`)
        }
        if (op.security?.length) assert.property(op.responses, '401', `${method} ${path}`)
      }
    }
  })

  test('GET /api/docs renders the reference page from local files', async ({ client, assert }) => {
    const page = await client.get('/api/docs')
    page.assertStatus(200)
    assert.include(page.header('content-type'), 'text/html')
    assert.include(page.text(), '/api/docs/assets/swagger-ui-bundle.js')
    assert.notInclude(page.text(), 'https://')
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
