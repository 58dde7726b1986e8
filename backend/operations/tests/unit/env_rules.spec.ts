import { test } from '@japa/runner'
import { InvalidEnvironment, assertEnvironment, environmentProblems } from '#config/env_rules'

const STRONG_KEY = 'Yk3v9Qp0sLrT7wXz2Bn5Mc8Hd1Fg4Jk6'
/** Production's own choices where the demo has stand-ins (payments, partner, census). */
const REAL_SERVICES = {
  PAYMENTS_DRIVER: 'stripe',
  STRIPE_SECRET_KEY: 'sk_live_abc',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc',
  PARTNER_CARRIERS_DRIVER: 'none',
  FMCSA_CENSUS_FILE: '/srv/palletline/census.json',
}
const production = (vars: Record<string, string>) => ({
  NODE_ENV: 'production',
  APP_KEY: STRONG_KEY,
  ...REAL_SERVICES,
  ...vars,
})

test.group('Environment rules across variables', () => {
  test('a complete production environment has no problems', ({ assert }) => {
    const vars = production({
      DB_CONNECTION: 'pg',
      PG_HOST: 'db.internal',
      PG_USER: 'palletline',
      PG_DB_NAME: 'palletline',
      SESSION_DRIVER: 'redis',
      LIMITER_STORE: 'redis',
      TRANSMIT_TRANSPORT: 'redis',
      REDIS_HOST: 'cache.internal',
      PAYMENTS_DRIVER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_live_abc',
      STRIPE_PUBLISHABLE_KEY: 'pk_live_abc',
      STRIPE_WEBHOOK_SECRET: 'whsec_abc',
      DRIVE_DISK: 's3',
      S3_BUCKET: 'docs',
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
      METRICS_TOKEN: 'a-scraper-token-of-some-length',
      PORT: '8080',
      PAYOUT_RELEASE_INTERVAL_SECONDS: '60',
      BOARD_CACHE_MS: '0',
    })
    assert.deepEqual(environmentProblems(vars), [])
    assert.doesNotThrow(() => assertEnvironment(vars))
  })

  test('production refuses a short or published APP_KEY', ({ assert }) => {
    assert.deepEqual(environmentProblems(production({ APP_KEY: 'short' })), [
      'APP_KEY is too short for production (5 characters, at least 32): generate one with `node ace generate:key`',
    ])
    assert.deepEqual(
      environmentProblems(production({ APP_KEY: 'test-key-not-secret-0123456789abcdef' })),
      ['APP_KEY is a published example key: generate one with `node ace generate:key`']
    )
    // Development and tests keep their short keys.
    assert.deepEqual(environmentProblems({ NODE_ENV: 'test', APP_KEY: 'short' }), [])
  })

  test('production needs the database, Redis, mail hosts its drivers name', ({ assert }) => {
    assert.deepEqual(
      environmentProblems(
        production({
          DB_CONNECTION: 'pg',
          PG_USER: 'u',
          SESSION_DRIVER: 'redis',
          MAIL_DRIVER: 'smtp',
        })
      ),
      [
        'PG_HOST is required when DB_CONNECTION=pg',
        'PG_DB_NAME is required when DB_CONNECTION=pg',
        'SMTP_HOST is required when MAIL_DRIVER=smtp',
        'REDIS_HOST is required when SESSION_DRIVER=redis',
      ]
    )
    assert.deepEqual(environmentProblems(production({ SESSION_DRIVER: 'memory' })), [
      'SESSION_DRIVER=memory loses every session on restart: use database or redis',
    ])
    // Outside production the local defaults (127.0.0.1) serve.
    assert.deepEqual(environmentProblems({ NODE_ENV: 'development', DB_CONNECTION: 'pg' }), [])
  })

  test('Stripe, S3 and FMCSA drivers need their keys in every environment', ({ assert }) => {
    assert.deepEqual(
      environmentProblems({
        NODE_ENV: 'development',
        PAYMENTS_DRIVER: 'stripe',
        STRIPE_SECRET_KEY: 'pk_test_wrong',
        STRIPE_WEBHOOK_SECRET: ' ',
        DRIVE_DISK: 's3',
        S3_BUCKET: 'b',
        CARRIER_VETTING_DRIVER: 'fmcsa',
      }),
      [
        'STRIPE_PUBLISHABLE_KEY is required when PAYMENTS_DRIVER=stripe',
        'STRIPE_WEBHOOK_SECRET is required when PAYMENTS_DRIVER=stripe',
        'STRIPE_SECRET_KEY must start with sk_ or rk_',
        'S3_REGION is required when DRIVE_DISK=s3',
        'S3_ACCESS_KEY_ID is required when DRIVE_DISK=s3',
        'S3_SECRET_ACCESS_KEY is required when DRIVE_DISK=s3',
        'FMCSA_WEB_KEY is required when CARRIER_VETTING_DRIVER=fmcsa',
      ]
    )
  })

  test('web push keys come as a pair, and a subject is mailto: or https', ({ assert }) => {
    const dev = { NODE_ENV: 'development', APP_KEY: STRONG_KEY }
    assert.deepEqual(environmentProblems(dev), [])
    assert.deepEqual(
      environmentProblems({ ...dev, VAPID_PUBLIC_KEY: 'BPub', VAPID_PRIVATE_KEY: 'priv' }),
      []
    )
    assert.deepEqual(environmentProblems({ ...dev, VAPID_PUBLIC_KEY: 'BPub' }), [
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
    ])
    assert.deepEqual(environmentProblems({ ...dev, VAPID_SUBJECT: 'ops@palletline.example' }), [
      'VAPID_SUBJECT must be a mailto: address or an https:// URL',
    ])
    assert.deepEqual(
      environmentProblems({ ...dev, VAPID_SUBJECT: 'mailto:ops@palletline.example' }),
      []
    )
  })

  test('numbers in range, and a metrics token long enough', ({ assert }) => {
    assert.deepEqual(
      environmentProblems({
        NODE_ENV: 'test',
        PORT: '70000',
        PAYOUT_RELEASE_INTERVAL_SECONDS: '0',
        BOARD_CACHE_MS: '-5',
        METRICS_TOKEN: 'short',
      }),
      [
        'METRICS_TOKEN is too short (at least 16 characters)',
        'PORT must be a whole number from 1 to 65535 (got 70000)',
        'PAYOUT_RELEASE_INTERVAL_SECONDS must be a positive number of seconds (got 0)',
        'BOARD_CACHE_MS must be zero or a positive number of milliseconds (got -5)',
      ]
    )
  })

  test('the error lists every problem, one line each', ({ assert }) => {
    try {
      assertEnvironment(production({ APP_KEY: 'x', DRIVE_DISK: 's3' }))
      assert.fail('expected InvalidEnvironment')
    } catch (error) {
      assert.instanceOf(error, InvalidEnvironment)
      const lines = (error as Error).message.split('\n')
      assert.equal(lines[0], 'Invalid environment:')
      assert.lengthOf(lines, 6)
      assert.lengthOf((error as InvalidEnvironment).problems, 5)
    }
  })
})

test.group('The demo in production: refused unless DEMO_MODE=true', () => {
  const bare = { NODE_ENV: 'production', APP_KEY: STRONG_KEY }
  const PAYMENTS =
    'PAYMENTS_DRIVER=sandbox (the default) takes no real payments: set PAYMENTS_DRIVER=stripe in production, or DEMO_MODE=true if this deployment is a demo'
  const PARTNER =
    'PARTNER_CARRIERS_DRIVER=demo_partner (the default) is a simulated carrier that fails requests at random: set PARTNER_CARRIERS_DRIVER=none in production, or DEMO_MODE=true if this deployment is a demo'
  const CENSUS =
    'FMCSA_CENSUS_FILE must name your own census file when CARRIER_VETTING_DRIVER=census_file in production (the default is the demo census of fictional carriers): set it, or CARRIER_VETTING_DRIVER=fmcsa, or DEMO_MODE=true if this deployment is a demo'

  test('the defaults are the demo: production without DEMO_MODE refuses all three', ({
    assert,
  }) => {
    assert.deepEqual(environmentProblems(bare), [PAYMENTS, PARTNER, CENSUS])
    assert.deepEqual(environmentProblems({ ...bare, DEMO_MODE: 'false' }), [
      PAYMENTS,
      PARTNER,
      CENSUS,
    ])
    assert.deepEqual(environmentProblems({ ...bare, DEMO_MODE: 'true' }), [])
    assert.deepEqual(environmentProblems({ ...bare, DEMO_MODE: '1' }), [])
    // Development and tests run the demo's stand-ins without saying so.
    assert.deepEqual(environmentProblems({ NODE_ENV: 'development', APP_KEY: 'short' }), [])
  })

  test('sandbox payments, named or by default', ({ assert }) => {
    assert.deepEqual(environmentProblems(production({ PAYMENTS_DRIVER: 'sandbox' })), [PAYMENTS])
    assert.deepEqual(environmentProblems(production({ PAYMENTS_DRIVER: '' })), [PAYMENTS])
    const demo = production({ PAYMENTS_DRIVER: 'sandbox', DEMO_MODE: 'true' })
    assert.deepEqual(environmentProblems(demo), [])
  })

  test('the demo partner, named or by default; none is the production choice', ({ assert }) => {
    assert.deepEqual(environmentProblems(production({ PARTNER_CARRIERS_DRIVER: 'demo_partner' })), [
      PARTNER,
    ])
    assert.deepEqual(environmentProblems(production({ PARTNER_CARRIERS_DRIVER: '' })), [PARTNER])
    const demo = production({ PARTNER_CARRIERS_DRIVER: 'demo_partner', DEMO_MODE: 'true' })
    assert.deepEqual(environmentProblems(demo), [])
  })

  test('the demo census: none named, or the shipped file named; FMCSA needs no file', ({
    assert,
  }) => {
    assert.deepEqual(environmentProblems(production({ FMCSA_CENSUS_FILE: '' })), [CENSUS])
    assert.deepEqual(
      environmentProblems(
        production({ FMCSA_CENSUS_FILE: '/app/database/data/fmcsa_census.json' })
      ),
      [CENSUS]
    )
    assert.deepEqual(
      environmentProblems(
        production({ FMCSA_CENSUS_FILE: '', CARRIER_VETTING_DRIVER: 'fmcsa', FMCSA_WEB_KEY: 'k' })
      ),
      []
    )
    const demo = production({ FMCSA_CENSUS_FILE: '', DEMO_MODE: 'true' })
    assert.deepEqual(environmentProblems(demo), [])
  })
})
