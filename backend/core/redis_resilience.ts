/**
 * How the app lives with a Redis that comes and goes, and shares it with other deployments
 * (docs/decisions/0160). Every ioredis connection the app opens (the `main` connection, its
 * subscriber, Transmit's two) reconnects for ever with a capped backoff; a command issued while
 * Redis is away fails within one reconnection attempt instead of waiting for it; a request that
 * needs Redis then answers 503 with `Retry-After`, never 500.
 */
import { configProvider } from '@adonisjs/core'
import type { RedisConnection } from '@adonisjs/redis'
import type { RedisConnectionConfig, RedisConnections } from '@adonisjs/redis/types'
import { stores } from '@adonisjs/session'
import type { SessionStoreFactory } from '@adonisjs/session/types'
import env from '#start/env'
import { ServiceUnavailableException } from '#core/exceptions/http_errors'

type ResilienceOptions = Pick<
  RedisConnectionConfig,
  'retryStrategy' | 'enableOfflineQueue' | 'maxRetriesPerRequest' | 'connectTimeout'
>

/** Reconnection backoff: 100 ms more per attempt, never more than 2 s between attempts. */
export const RECONNECT_STEP_MS = 100
export const RECONNECT_CAP_MS = 2000

/** How long a TCP connect to Redis may take before the attempt counts as failed. */
export const CONNECT_TIMEOUT_MS = 2000

/** The `Retry-After` (seconds) of a 503 for Redis away: about two reconnection attempts. */
export const REDIS_RETRY_AFTER_SECONDS = 5

export const REDIS_UNAVAILABLE_MESSAGE =
  'This service is briefly unavailable. Please try again in a few seconds.'

/** The default prefix of every key and pub/sub channel (REDIS_KEY_PREFIX replaces it). */
export const DEFAULT_REDIS_KEY_PREFIX = 'palletline:'

/**
 * ioredis's `retryStrategy`: the delay before reconnection attempt `times` (1, 2, …). Never
 * gives up: an ioredis client that gave up is closed for good ("Connection is closed." on every
 * command until the process restarts), which is what took sign-in down after a Redis blip.
 */
export function reconnectDelay(times: number): number {
  return Math.min(Math.max(times, 1) * RECONNECT_STEP_MS, RECONNECT_CAP_MS)
}

/**
 * The options of the app's own connections. The offline queue stays on, so the first command
 * of a lazily opened connection (and one sent while a healthy connection is re-established)
 * waits for it; `maxRetriesPerRequest: 0` fails every queued or unanswered command as soon as
 * one reconnection attempt fails (the ioredis default, 20, holds it for 20 attempts, about
 * 20 s with this backoff). A command therefore waits at most one backoff step (≤ 2 s) or one
 * connect timeout. The session store (`failFastRedisSessionStore`) and the limiter
 * (`rejectIfRedisNotReady`, config/limiter.ts) do not even wait that long.
 */
export const RESILIENT_CONNECTION: ResilienceOptions = {
  retryStrategy: reconnectDelay,
  enableOfflineQueue: true,
  maxRetriesPerRequest: 0,
  connectTimeout: CONNECT_TIMEOUT_MS,
}

/**
 * Transmit's connections (@boringnode/bus's redis transport) differ in one option: a failed
 * SUBSCRIBE is thrown from a callback there (an uncaught exception: the process would exit),
 * so their commands wait for Redis (`maxRetriesPerRequest: null`). Nothing waits on them:
 * Transmit publishes without awaiting, so a broadcast made while Redis is away goes out late
 * when it is back, and an instance that booted while Redis was away subscribes when it comes.
 */
export const TRANSMIT_CONNECTION: ResilienceOptions = {
  ...RESILIENT_CONNECTION,
  maxRetriesPerRequest: null,
}

/** Where the connection stands (ioredis's `status`). */
type WithStatus = { status: string }

const AWAY = new Set(['reconnecting', 'close', 'end'])

/**
 * Redis was reached or tried and is not there now: the connection is waiting to reconnect
 * (or closed). A command sent now would only wait for the next attempt to fail, so callers
 * that can answer without it fail fast instead. A lazy connection never opened (`wait`) or
 * one connecting is not "unreachable": its commands are queued until it is ready.
 */
export function redisUnreachable(connection: WithStatus): boolean {
  return AWAY.has(connection.status)
}

/** Throws the 503 when `connection` is unreachable (see redisUnreachable). */
export function assertRedisReachable(connection: WithStatus) {
  if (redisUnreachable(connection)) throw redisUnavailable()
}

/** The 503 a request gets while Redis is away. */
export function redisUnavailable(cause?: unknown) {
  const error = new ServiceUnavailableException(REDIS_UNAVAILABLE_MESSAGE, { cause })
  error.retryAfterSeconds = REDIS_RETRY_AFTER_SECONDS
  return error
}

/**
 * Errors ioredis (and rate-limiter-flexible over it) give a command when Redis is not there,
 * as opposed to an answer Redis gave. Matched by name and message: ioredis is a dependency of
 * our dependencies, not of the app.
 */
const CONNECTION_MESSAGES = [
  'Connection is closed.',
  "Stream isn't writeable",
  'Redis connection is not ready',
  'Command timed out',
  'LOADING ',
  'MASTERDOWN ',
]

function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  if (error.name === 'MaxRetriesPerRequestError') return true
  return CONNECTION_MESSAGES.some((text) => error.message.startsWith(text))
}

/**
 * The 503 for an error that means "Redis is away" (the error itself, or its cause), else
 * null. The exception handler maps with it, so no Redis outage is ever a 500.
 */
export function asRedisUnavailable(error: unknown): ServiceUnavailableException | null {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof ServiceUnavailableException) return current
    if (isConnectionError(current)) return redisUnavailable(error)
    current = (current as { cause?: unknown }).cause
  }
  return null
}

/** This deployment's Redis: REDIS_HOST, REDIS_PORT, REDIS_PASSWORD and REDIS_DB (its index). */
export function redisServer() {
  return {
    host: env.get('REDIS_HOST', '127.0.0.1'),
    port: env.get('REDIS_PORT', 6379),
    password: env.get('REDIS_PASSWORD', '') || undefined,
    db: env.get('REDIS_DB', 0),
  }
}

/** REDIS_KEY_PREFIX: what this deployment's keys and channel names start with. */
export function redisKeyPrefix(): string {
  return env.get('REDIS_KEY_PREFIX') || DEFAULT_REDIS_KEY_PREFIX
}

/**
 * A pub/sub channel of this deployment. ioredis's keyPrefix applies to keys only, never to
 * channels, so every channel name is prefixed here: two deployments (or a test run and a
 * deployment) on one Redis never hear each other.
 */
export function redisChannel(name: string, prefix = redisKeyPrefix()): string {
  return `${prefix}${name}`
}

/**
 * The Redis session store, refusing at once with the 503 while Redis is unreachable instead of
 * letting each request wait for the next reconnection attempt to fail. A session cannot be
 * read or written without its store, so a request that carries or starts one answers 503 until
 * Redis is back (docs/decisions/0160).
 */
export function failFastRedisSessionStore(config: { connection: keyof RedisConnections }) {
  return configProvider.create(async (app) => {
    const factory = await stores.redis(config).resolver(app)
    const redis = await app.container.make('redis')
    return ((ctx, sessionConfig) => {
      assertRedisReachable(redis.connection(config.connection))
      return factory(ctx, sessionConfig)
    }) satisfies SessionStoreFactory
  })
}

type Logger = {
  error(bindings: object, message: string): void
  info(message: string): void
}

/**
 * Logs a connection's outage once when it starts and once when it ends, instead of a line per
 * failed reconnection attempt (@adonisjs/redis's own reporter: call `doNotLogErrors()` first).
 */
export function logRedisOutages(connection: RedisConnection, logger: Logger) {
  for (const side of ['', 'subscriber:'] as const) {
    let away = false
    connection.on(`${side}error`, ({ error }) => {
      if (away) return
      away = true
      logger.error(
        { err: error },
        `Redis ${side ? 'subscriber ' : ''}connection lost: requests that need Redis answer 503 until it is back`
      )
    })
    connection.on(`${side}ready`, () => {
      if (!away) return
      away = false
      logger.info(`Redis ${side ? 'subscriber ' : ''}connection is back`)
    })
  }
}
