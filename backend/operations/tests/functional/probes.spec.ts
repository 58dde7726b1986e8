import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import JobRunner from '#operations/services/job_runner'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'

const TOKEN = 'scrape-token-0123456789abcdef'

/** Sets environment variables for one test ('' is unset); the result puts them back. */
function withEnv(vars: Record<string, string>) {
  const before = Object.keys(vars).map((key) => [key, env.get(key as any) ?? ''] as const)
  for (const [key, value] of Object.entries(vars)) env.set(key as any, value as any)
  return () => {
    for (const [key, value] of before) env.set(key as any, value as any)
  }
}

/** One sample's value from the Prometheus text, or null when the series is absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | null {
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue
    const labelText = line.slice(name.length).split(' ')[0]
    if (Object.entries(labels).every(([k, v]) => labelText.includes(`${k}="${v}"`))) {
      return Number(line.split(' ').at(-1))
    }
  }
  return null
}

test.group('GET /api/ready', () => {
  test('ready: the database answers; Redis is not checked when unused', async ({
    client,
    assert,
  }) => {
    const res = await client.get('/api/ready')
    res.assertStatus(200)
    assert.equal(res.body().status, 'ready')
    assert.deepEqual(
      res.body().checks.map((c: any) => [c.name, c.ok]),
      [['database', true]]
    )
    assert.equal(res.header('cache-control'), 'no-store')
  })

  test('with REDIS_HOST set, Redis is checked too', async ({ client, assert, cleanup }) => {
    cleanup(withEnv({ REDIS_HOST: '127.0.0.1' }))
    const res = await client.get('/api/ready')
    res.assertStatus(200)
    assert.deepEqual(
      res.body().checks.map((c: any) => [c.name, c.ok]),
      [
        ['database', true],
        ['redis', true],
      ]
    )
  })
})

test.group('GET /api/metrics', (group) => {
  group.each.setup(() => resetDatabase())

  test('off (404) while METRICS_TOKEN is unset, even for an admin', async ({
    client,
    assert,
    cleanup,
  }) => {
    cleanup(withEnv({ METRICS_TOKEN: '' }))
    const admin = await makeUser('admin')
    const res = await client.get('/api/metrics').withGuard('api').loginAs(admin)
    res.assertStatus(404)
    assert.equal(res.body().message, 'Metrics are off: set METRICS_TOKEN to turn them on')
  })

  test('no token, a wrong one, or a user’s API token: 401', async ({ client, assert, cleanup }) => {
    cleanup(withEnv({ METRICS_TOKEN: TOKEN }))
    const none = await client.get('/api/metrics')
    none.assertStatus(401)
    assert.equal(
      none.body().message,
      'Send the metrics token as Authorization: Bearer <METRICS_TOKEN>'
    )
    assert.equal(none.header('www-authenticate'), 'Bearer realm="metrics"')

    const wrong = await client.get('/api/metrics').bearerToken(`${TOKEN}x`)
    wrong.assertStatus(401)
    assert.equal(wrong.body().message, 'The metrics token is not valid')

    for (const role of ['admin', 'shipper', 'carrier'] as const) {
      const user = await makeUser(role)
      const res = await client.get('/api/metrics').withGuard('api').loginAs(user)
      res.assertStatus(401)
    }
  })

  test('latency by route pattern, job runs, claims', async ({ client, assert, cleanup }) => {
    cleanup(withEnv({ METRICS_TOKEN: TOKEN }))
    const scrape = async () => {
      const res = await client.get('/api/metrics').bearerToken(TOKEN)
      res.assertStatus(200)
      assert.match(res.header('content-type') ?? '', /^text\/plain; version=0\.0\.4/)
      return res.text()
    }
    const before = await scrape()

    // A request to a route with an id is counted under its pattern, never its URL.
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const load = await makeFreightListing(shipper)
    const claimed = await client
      .post(`/api/freight-listings/${load.id}/claim`)
      .loginAs(carrier)
      .withCsrfToken()
    claimed.assertStatus(200)
    await client.get('/api/ready')

    const runner = await app.container.make(JobRunner)
    await runner.tick({ name: 'ops:ok', description: '', everySeconds: 60, run: async () => 1 })
    await runner.tick({
      name: 'ops:fails',
      description: '',
      everySeconds: 60,
      run: async () => {
        throw new Error('provider down')
      },
    })

    const after = await scrape()
    const count = (text: string, name: string, labels: Record<string, string> = {}) =>
      sample(text, name, labels) ?? 0
    const route = { method: 'POST', route: '/api/freight-listings/:id/claim', status: '2xx' }
    assert.equal(
      count(after, 'http_request_duration_seconds_count', route) -
        count(before, 'http_request_duration_seconds_count', route),
      1
    )
    assert.notInclude(after, `/api/freight-listings/${load.id}/claim`)
    assert.isAbove(
      count(after, 'http_request_duration_seconds_count', { route: '/api/ready', status: '2xx' }),
      0
    )
    assert.equal(count(after, 'freight_claims_total') - count(before, 'freight_claims_total'), 1)
    assert.equal(count(after, 'job_runs_total', { job: 'ops:ok', outcome: 'ok' }), 1)
    assert.equal(count(after, 'job_runs_total', { job: 'ops:fails', outcome: 'failed' }), 1)
    assert.equal(
      count(after, 'job_run_duration_seconds_count', { job: 'ops:ok', outcome: 'ok' }),
      1
    )
    assert.include(after, '# TYPE payouts_total counter')
    assert.include(after, 'process_resident_memory_bytes')
  })
})
