/*
 * Environment variables, validated at boot: each on its own here, then the rules across them
 * (backend/config/env_rules.ts). docs/operations.md lists each one.
 */
import { Env } from '@adonisjs/core/env'
import { assertEnvironment } from '#config/env_rules'

const env = await Env.create(new URL('../../', import.meta.url), {
  NODE_ENV: Env.schema.enum(['development', 'production', 'test'] as const),
  PORT: Env.schema.number.optional(),
  HOST: Env.schema.string.optional({ format: 'host' }),
  APP_KEY: Env.schema.string(),
  APP_URL: Env.schema.string.optional(),
  LOG_LEVEL: Env.schema.string.optional(),
  TRUSTED_PROXIES: Env.schema.string.optional(),

  SESSION_DRIVER: Env.schema.enum.optional(['database', 'redis', 'cookie', 'memory'] as const),
  LIMITER_STORE: Env.schema.enum.optional(['memory', 'redis'] as const),
  TRANSMIT_TRANSPORT: Env.schema.enum.optional(['memory', 'redis'] as const),
  AUTH_READ_CACHE_MS: Env.schema.number.optional(),
  BOARD_CACHE_MS: Env.schema.number.optional(),
  SEARCH_CACHE_MS: Env.schema.number.optional(),

  DB_CONNECTION: Env.schema.enum.optional(['sqlite', 'pg'] as const),
  SQLITE_FILE: Env.schema.string.optional(),
  PG_HOST: Env.schema.string.optional({ format: 'host' }),
  PG_PORT: Env.schema.number.optional(),
  PG_USER: Env.schema.string.optional(),
  PG_PASSWORD: Env.schema.string.optional(),
  PG_DB_NAME: Env.schema.string.optional(),

  REDIS_HOST: Env.schema.string.optional({ format: 'host' }),
  REDIS_PORT: Env.schema.number.optional(),
  REDIS_PASSWORD: Env.schema.string.optional(),
  // Each deployment on a shared Redis takes its own database index and key prefix (0160).
  REDIS_DB: Env.schema.number.optional(),
  REDIS_KEY_PREFIX: Env.schema.string.optional(),

  MAIL_DRIVER: Env.schema.enum.optional(['log', 'smtp'] as const),
  MAIL_FROM_ADDRESS: Env.schema.string.optional({ format: 'email' }),
  MAIL_FROM_NAME: Env.schema.string.optional(),

  /** Web push (docs/decisions/0253): a VAPID key pair and subject instead of the stored pair. */
  VAPID_PUBLIC_KEY: Env.schema.string.optional(),
  VAPID_PRIVATE_KEY: Env.schema.string.optional(),
  VAPID_SUBJECT: Env.schema.string.optional(),
  MAIL_PREVIEW_DIR: Env.schema.string.optional(),
  // Where the contact form's messages are mailed (docs/operations.md, decision 0185).
  CONTACT_INBOX_EMAIL: Env.schema.string.optional({ format: 'email' }),
  SMTP_HOST: Env.schema.string.optional({ format: 'host' }),
  SMTP_PORT: Env.schema.number.optional(),
  SMTP_SECURE: Env.schema.enum.optional(['true', 'false'] as const),
  SMTP_USERNAME: Env.schema.string.optional(),
  SMTP_PASSWORD: Env.schema.string.optional(),
  ANALYTICS_DRIVER: Env.schema.enum.optional(['log'] as const),
  DEMO_SEED: Env.schema.boolean.optional(),
  // A demo deployment: production may then run the demo's stand-ins (docs/decisions/0204).
  DEMO_MODE: Env.schema.boolean.optional(),
  PAYMENTS_DRIVER: Env.schema.enum.optional(['sandbox', 'stripe'] as const),
  STRIPE_SECRET_KEY: Env.schema.string.optional(),
  STRIPE_PUBLISHABLE_KEY: Env.schema.string.optional(),
  STRIPE_WEBHOOK_SECRET: Env.schema.string.optional(),
  PARTNER_CARRIERS_DRIVER: Env.schema.enum.optional(['demo_partner', 'none'] as const),
  DEMO_PARTNER_FAILURE_RATE: Env.schema.number.optional(),
  CARRIER_VETTING_DRIVER: Env.schema.enum.optional(['census_file', 'fmcsa'] as const),
  FMCSA_CENSUS_FILE: Env.schema.string.optional(),
  FMCSA_WEB_KEY: Env.schema.string.optional(),
  FMCSA_BASE_URL: Env.schema.string.optional(),
  CARRIER_REVET_INTERVAL_SECONDS: Env.schema.number.optional(),
  DRAYAGE_CHARGES_INTERVAL_SECONDS: Env.schema.number.optional(),
  NOTIFICATION_DIGEST_INTERVAL_SECONDS: Env.schema.number.optional(),
  TMS_FEEDS_DRIVER: Env.schema.enum.optional(['simulator'] as const),
  TMS_FEED_SECRET_DEMO_PARTNER: Env.schema.string.optional(),
  TMS_FEED_SECRET_EDI214: Env.schema.string.optional(),
  TMS_SIMULATE_INTERVAL_SECONDS: Env.schema.number.optional(),
  RATINGS_REFRESH_INTERVAL_SECONDS: Env.schema.number.optional(),

  DRIVE_DISK: Env.schema.enum.optional(['fs', 's3'] as const),
  DRIVE_ROOT: Env.schema.string.optional(),
  S3_BUCKET: Env.schema.string.optional(),
  S3_REGION: Env.schema.string.optional(),
  S3_ENDPOINT: Env.schema.string.optional(),
  S3_ACCESS_KEY_ID: Env.schema.string.optional(),
  S3_SECRET_ACCESS_KEY: Env.schema.string.optional(),
  S3_FORCE_PATH_STYLE: Env.schema.boolean.optional(),
  BOL_FETCH_INTERVAL_SECONDS: Env.schema.number.optional(),

  SCHEDULER_ENABLED: Env.schema.boolean.optional(),
  PAYOUT_RELEASE_INTERVAL_SECONDS: Env.schema.number.optional(),
  PAYMENT_DEADLINE_INTERVAL_SECONDS: Env.schema.number.optional(),

  METRICS_TOKEN: Env.schema.string.optional(),
  SHUTDOWN_DRAIN_MS: Env.schema.number.optional(),
  SHUTDOWN_GRACE_MS: Env.schema.number.optional(),
})

assertEnvironment(process.env)

export default env
