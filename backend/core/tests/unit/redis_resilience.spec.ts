import { test } from '@japa/runner'
import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import testUtils from '@adonisjs/core/services/test_utils'
import { environmentProblems } from '#config/env_rules'
import HttpExceptionHandler from '#core/exceptions/handler'
import { ServiceUnavailableException } from '#core/exceptions/http_errors'
import {
  REDIS_RETRY_AFTER_SECONDS,
  REDIS_UNAVAILABLE_MESSAGE,
  RESILIENT_CONNECTION,
  TRANSMIT_CONNECTION,
  asRedisUnavailable,
  reconnectDelay,
  redisChannel,
  redisUnreachable,
} from '#core/redis_resilience'
import { invalidationChannel } from '#core/invalidation_bus'

/** An error as ioredis makes it (matched by name and message, not by class). */
function ioredisError(message: string, name = 'Error') {
  const error = new Error(message)
  error.name = name
  return error
}

test.group('Redis reconnection (docs/decisions/0160)', () => {
  test('reconnects for ever: 100 ms more per attempt, never more than 2 s apart', ({ assert }) => {
    assert.deepEqual(
      [1, 2, 3, 10, 19, 20, 21].map(reconnectDelay),
      [100, 200, 300, 1000, 1900, 2000, 2000]
    )
    // An ioredis retryStrategy that returns a non-number gives up: the connection ends for good
    // (the old one did after 10 attempts).
    assert.equal(reconnectDelay(11), 1100)
    for (const times of [100, 10_000, 1_000_000]) {
      assert.equal(reconnectDelay(times), 2000)
    }
    assert.strictEqual(RESILIENT_CONNECTION.retryStrategy, reconnectDelay)
    assert.strictEqual(TRANSMIT_CONNECTION.retryStrategy, reconnectDelay)
  })

  test('commands fail after one failed attempt; Transmit’s wait for Redis', ({ assert }) => {
    assert.include(RESILIENT_CONNECTION, { enableOfflineQueue: true, maxRetriesPerRequest: 0 })
    assert.include(TRANSMIT_CONNECTION, { enableOfflineQueue: true, maxRetriesPerRequest: null })
    assert.isAtMost(RESILIENT_CONNECTION.connectTimeout!, 2000)
  })

  test('unreachable: waiting to reconnect or closed; not a lazy or connecting one', ({
    assert,
  }) => {
    for (const status of ['reconnecting', 'close', 'end']) {
      assert.isTrue(redisUnreachable({ status }), status)
    }
    for (const status of ['wait', 'connecting', 'connect', 'ready']) {
      assert.isFalse(redisUnreachable({ status }), status)
    }
  })
})

test.group('Redis errors are a 503, never a 500', () => {
  test('connection errors map to the 503; answers Redis gave do not', ({ assert }) => {
    const away = [
      ioredisError(
        'Reached the max retries per request limit (which is 0).',
        'MaxRetriesPerRequestError'
      ),
      ioredisError('Connection is closed.'),
      ioredisError("Stream isn't writeable and enableOfflineQueue options is false"),
      ioredisError('Redis connection is not ready'),
      ioredisError('LOADING Redis is loading the dataset in memory', 'ReplyError'),
      new Error('session read failed', { cause: ioredisError('Connection is closed.') }),
    ]
    for (const error of away) {
      const mapped = asRedisUnavailable(error)
      assert.instanceOf(mapped, ServiceUnavailableException, error.message)
      assert.equal(mapped!.status, 503)
      assert.equal(mapped!.message, REDIS_UNAVAILABLE_MESSAGE)
      assert.equal(mapped!.retryAfterSeconds, REDIS_RETRY_AFTER_SECONDS)
    }
    const answers = [
      ioredisError(
        'WRONGTYPE Operation against a key holding the wrong kind of value',
        'ReplyError'
      ),
      new Error('Internal failure'),
      new TypeError('x is undefined'),
      null,
      'Connection is closed.',
    ]
    for (const error of answers) assert.isNull(asRedisUnavailable(error), String(error))
  })

  test('the handler answers the usual JSON with Retry-After', async ({ assert }) => {
    const handler = new HttpExceptionHandler()
    const apiRequest = () => {
      const req = new IncomingMessage(new Socket())
      req.method = 'GET'
      req.url = '/api/user'
      return testUtils.createHttpContext({ req })
    }
    const ctx = await apiRequest()
    await handler.handle(
      ioredisError('Reached the max retries per request limit', 'MaxRetriesPerRequestError'),
      ctx
    )
    assert.equal(ctx.response.getStatus(), 503)
    assert.deepEqual(ctx.response.getBody(), { message: REDIS_UNAVAILABLE_MESSAGE })
    assert.equal(ctx.response.getHeader('retry-after'), String(REDIS_RETRY_AFTER_SECONDS))

    const other = await apiRequest()
    await handler.handle(new Error('something else'), other)
    assert.equal(other.response.getStatus(), 500)
    assert.isUndefined(other.response.getHeader('retry-after'))
  })
})

test.group('Redis shared by deployments: REDIS_DB and REDIS_KEY_PREFIX', () => {
  test('every channel name carries the prefix', ({ assert }) => {
    assert.equal(invalidationChannel(), 'palletline:invalidate')
    assert.equal(invalidationChannel('staging:'), 'staging:invalidate')
    assert.equal(redisChannel('transmit::broadcast', 'staging:'), 'staging:transmit::broadcast')
  })

  test('REDIS_DB is an index from 0 to 15', ({ assert }) => {
    for (const value of ['0', '7', '15']) {
      assert.deepEqual(environmentProblems({ REDIS_DB: value }), [], value)
    }
    for (const value of ['16', '-1', '1.5']) {
      assert.deepEqual(
        environmentProblems({ REDIS_DB: value }),
        [`REDIS_DB must be a whole number from 0 to 15 (got ${value})`],
        value
      )
    }
  })

  test('REDIS_KEY_PREFIX is a namespace ending with ":"', ({ assert }) => {
    for (const value of ['palletline:', 'staging:', 'test_cluster:0f3a-9c:', 'acme.prod:eu:']) {
      assert.deepEqual(environmentProblems({ REDIS_KEY_PREFIX: value }), [], value)
    }
    for (const value of ['staging', ':', 'has space:', 'a*:', `${'x'.repeat(64)}:`]) {
      const problems = environmentProblems({ REDIS_KEY_PREFIX: value })
      assert.lengthOf(problems, 1, value)
      assert.match(problems[0], /^REDIS_KEY_PREFIX must be letters, digits/)
    }
  })
})
