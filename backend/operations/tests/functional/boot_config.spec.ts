import { test } from '@japa/runner'
import { createServer } from 'node:net'
import { startServer } from '#tests/helpers'
import { runAce } from '#operations/tests/ace'

const ace = (env: Record<string, string>) => runAce(['list'], env)

const lines = (output: string) =>
  output
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)

test.group('Configuration validated at boot', (group) => {
  group.each.timeout(60_000)

  test('a production environment with gaps: exit 1, one line per variable', async ({ assert }) => {
    const { code, output } = await ace({
      NODE_ENV: 'production',
      APP_KEY: 'too-short',
      DB_CONNECTION: 'pg',
      PG_HOST: '',
      PAYMENTS_DRIVER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_1',
      STRIPE_WEBHOOK_SECRET: '',
      DRIVE_DISK: 's3',
      S3_BUCKET: 'docs',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'AKIA1',
      S3_SECRET_ACCESS_KEY: '',
      SESSION_DRIVER: 'redis',
      REDIS_HOST: '',
      PARTNER_CARRIERS_DRIVER: 'none',
      FMCSA_CENSUS_FILE: '/srv/palletline/census.json',
    })
    assert.equal(code, 1)
    assert.deepEqual(lines(output), [
      'Invalid environment:',
      '- APP_KEY is too short for production (9 characters, at least 32): generate one with `node ace generate:key`',
      '- PG_HOST is required when DB_CONNECTION=pg',
      '- REDIS_HOST is required when SESSION_DRIVER=redis',
      '- STRIPE_WEBHOOK_SECRET is required when PAYMENTS_DRIVER=stripe',
      '- S3_SECRET_ACCESS_KEY is required when DRIVE_DISK=s3',
    ])
  })

  test('production on the demo defaults: exit 1 naming each variable; DEMO_MODE=true boots', async ({
    assert,
  }) => {
    const production = {
      NODE_ENV: 'production',
      APP_KEY: 'Yk3v9Qp0sLrT7wXz2Bn5Mc8Hd1Fg4Jk6',
      SESSION_DRIVER: 'database',
      PAYMENTS_DRIVER: '',
      PARTNER_CARRIERS_DRIVER: '',
      CARRIER_VETTING_DRIVER: '',
      FMCSA_CENSUS_FILE: '',
      DEMO_MODE: '',
    }
    const refused = await ace(production)
    assert.equal(refused.code, 1)
    const problems = lines(refused.output)
    assert.equal(problems[0], 'Invalid environment:')
    assert.lengthOf(problems, 4)
    assert.match(problems[1], /^- PAYMENTS_DRIVER=sandbox .*DEMO_MODE=true/)
    assert.match(problems[2], /^- PARTNER_CARRIERS_DRIVER=demo_partner .*DEMO_MODE=true/)
    assert.match(
      problems[3],
      /^- FMCSA_CENSUS_FILE must name your own census file .*DEMO_MODE=true/
    )
    const demo = await ace({ ...production, DEMO_MODE: 'true' })
    assert.equal(demo.code, 0, demo.output)
  })

  test('a variable of the wrong type: one plain line, no stack', async ({ assert }) => {
    const { code, output } = await ace({ PORT: 'eighty', METRICS_TOKEN: 'short' })
    assert.equal(code, 1)
    assert.deepEqual(lines(output), [
      'Invalid environment:',
      '- "PORT" env variable must be a number (Current value: "eighty")',
    ])
    const rules = await ace({ METRICS_TOKEN: 'short' })
    assert.equal(rules.code, 1)
    assert.deepEqual(lines(rules.output), [
      'Invalid environment:',
      '- METRICS_TOKEN is too short (at least 16 characters)',
    ])
  })

  test('readiness answers 503 naming Redis when it does not answer', async ({ assert }) => {
    const server = await startServer(Number(process.env.PORT) + 2, {
      REDIS_HOST: '127.0.0.1',
      REDIS_PORT: '1',
    })
    try {
      const res = await fetch(`${server.url}/api/ready`)
      assert.equal(res.status, 503)
      const body = (await res.json()) as {
        message: string
        checks: { name: string; ok: boolean }[]
      }
      assert.equal(body.message, 'Not ready: redis unreachable')
      assert.deepEqual(
        body.checks.map((c) => [c.name, c.ok]),
        [
          ['database', true],
          ['redis', false],
        ]
      )
    } finally {
      await server.stop()
    }
  })

  test('the shutdown drain is a number of milliseconds, zero or more', async ({ assert }) => {
    const wrongType = await ace({ SHUTDOWN_DRAIN_MS: 'soon' })
    assert.equal(wrongType.code, 1)
    assert.deepEqual(lines(wrongType.output), [
      'Invalid environment:',
      '- "SHUTDOWN_DRAIN_MS" env variable must be a number (Current value: "soon")',
    ])
    const negative = await ace({ SHUTDOWN_DRAIN_MS: '-1' })
    assert.equal(negative.code, 1)
    assert.deepEqual(lines(negative.output), [
      'Invalid environment:',
      '- SHUTDOWN_DRAIN_MS must be zero or a positive number of milliseconds (got -1)',
    ])
  })

  test('a server whose port is taken exits 1, so a supervisor can start it again', async ({
    assert,
  }) => {
    const port = Number(process.env.PORT) + 3
    // Another process on the port, closing every connection it accepts.
    const squatter = createServer((socket) => socket.destroy())
    await new Promise<void>((resolve) => squatter.listen(port, process.env.HOST, resolve))
    try {
      const error = await startServer(port).then(
        () => null,
        (e: Error) => e
      )
      assert.match(String(error?.message), /^server exited: /, 'it exited, not lingered')
      assert.include(String(error?.message), 'EADDRINUSE')
    } finally {
      squatter.close()
    }
  })
})
