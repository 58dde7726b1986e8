import { test } from '@japa/runner'
import { IncomingMessage } from 'node:http'
import { Socket } from 'node:net'
import testUtils from '@adonisjs/core/services/test_utils'
import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import {
  OUTCOME_UNKNOWN_MESSAGE,
  OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS,
  isConnectionLost,
  markIdempotent,
} from '#core/connection_loss'
import HttpExceptionHandler from '#core/exceptions/handler'
import IdempotencyMiddleware from '#core/middleware/idempotency_middleware'

/** What pg and knex raise when the server ended the connection under a statement. */
const terminated = () =>
  new Error('delete from "idempotency_keys" where "id" = $1 - Connection terminated unexpectedly')
const adminShutdown = () =>
  Object.assign(new Error('terminating connection due to administrator command'), {
    code: '57P01',
  })

/** No user row is needed: idempotency_keys keeps the user's id without a foreign key. */
let nextUserId = 990_000

async function keyedRequest(key: string, body: object = { pallets: 2 }) {
  const req = new IncomingMessage(new Socket())
  req.method = 'POST'
  req.url = '/api/bookings'
  req.headers['idempotency-key'] = key
  const ctx = await testUtils.createHttpContext({ req })
  ctx.request.updateBody(body)
  const userId = ++nextUserId
  ctx.auth = { getUserOrFail: () => ({ id: userId }) } as unknown as HttpContext['auth']
  return ctx
}

const keyRows = (key: string) => db.from('idempotency_keys').where('key', key)

/**
 * The middleware with its release (and answer) writes failing first, as on a connection that
 * died under the request and is still handed out once; no waits between attempts.
 */
class FlakyWrites extends IdempotencyMiddleware {
  deletes = 0
  stores = 0
  constructor(
    private failedDeletes: number,
    private failedStores = 0
  ) {
    super()
    this.waitsMs = [0, 0, 0, 0]
  }

  protected async deleteKey(id: number) {
    this.deletes++
    if (this.failedDeletes-- > 0) throw terminated()
    return super.deleteKey(id)
  }

  protected async storeAnswer(id: number, status: number, body: string | null) {
    this.stores++
    if (this.failedStores-- > 0) throw adminShutdown()
    return super.storeAnswer(id, status, body)
  }
}

/** A request the error handler answered with a 5xx inside the middleware (as in the router). */
const failsWith = (ctx: HttpContext, status: number) => async () => {
  ctx.response.status(status).send({ message: 'Internal server error' })
}

test.group('Idempotency-Key release on a lost connection (docs/decisions/0162)', () => {
  test('errors of a lost connection are told apart from other database errors', ({ assert }) => {
    const lost = [
      terminated(),
      adminShutdown(),
      Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }),
      Object.assign(new Error('connection failure'), { code: '08006' }),
      new Error('Client has encountered a connection error and is not queryable'),
      new Error('wrapped', { cause: terminated() }),
    ]
    for (const error of lost) assert.isTrue(isConnectionLost(error), String(error))
    const others = [
      Object.assign(new Error('duplicate key value'), { code: '23505' }),
      Object.assign(new Error('database is locked'), { code: 'SQLITE_BUSY' }),
      Object.assign(new Error('canceling statement due to statement timeout'), { code: '57014' }),
      new Error('something else broke'),
      null,
      'Connection terminated',
    ]
    for (const error of others) assert.isFalse(isConnectionLost(error), String(error))
  })

  test('a failed request whose first release meets the dead connection releases on the next', async ({
    assert,
  }) => {
    const middleware = new FlakyWrites(1)
    const ctx = await keyedRequest('release-retried')
    await middleware.handle(ctx, failsWith(ctx, 503))
    assert.equal(middleware.deletes, 2, 'the release was tried again')
    assert.lengthOf(await keyRows('release-retried'), 0, 'the key is free')

    // The retry with the same key runs (no 409) and its answer is kept.
    let ran = 0
    const retry = await keyedRequest('release-retried')
    retry.auth = ctx.auth
    await new IdempotencyMiddleware().handle(retry, async () => {
      ran++
      retry.response.status(201).send({ id: 7 })
    })
    assert.equal(ran, 1)
    assert.equal(retry.response.getStatus(), 201)
    const [row] = await keyRows('release-retried')
    assert.include(row, { state: 'done', response_status: 201 })
  })

  test('an exception thrown through the middleware releases the key the same way', async ({
    assert,
  }) => {
    const middleware = new FlakyWrites(2)
    const ctx = await keyedRequest('release-on-throw')
    await assert.rejects(
      () =>
        middleware.handle(ctx, async () => {
          throw adminShutdown()
        }),
      /administrator command/
    )
    assert.equal(middleware.deletes, 3)
    assert.lengthOf(await keyRows('release-on-throw'), 0)
  })

  test('a database away for every attempt: the request still ends, the key waits for the takeover', async ({
    assert,
  }) => {
    const middleware = new FlakyWrites(10)
    const ctx = await keyedRequest('release-gave-up')
    await middleware.handle(ctx, failsWith(ctx, 500))
    assert.equal(middleware.deletes, 4, 'one attempt per wait')
    const [row] = await keyRows('release-gave-up')
    assert.equal(row.state, 'in_flight')
  })

  test('an answer that cannot be kept releases the key; the answer still goes out', async ({
    assert,
  }) => {
    const middleware = new FlakyWrites(1, 10)
    const ctx = await keyedRequest('answer-lost')
    await middleware.handle(ctx, async () => {
      ctx.response.status(201).send({ id: 9 })
    })
    assert.equal(middleware.stores, 4)
    assert.equal(middleware.deletes, 2)
    assert.equal(ctx.response.getStatus(), 201)
    assert.deepEqual(ctx.response.getBody(), { id: 9 })
    assert.lengthOf(await keyRows('answer-lost'), 0, 'no claim is left in flight')
  })

  test('the error handler answers a lost connection 503 with Retry-After only under a key', async ({
    assert,
  }) => {
    const handler = new HttpExceptionHandler()
    const keyed = await keyedRequest('handler-503')
    markIdempotent(keyed)
    await handler.handle(terminated(), keyed)
    assert.equal(keyed.response.getStatus(), 503)
    assert.deepEqual(keyed.response.getBody(), { message: OUTCOME_UNKNOWN_MESSAGE })
    assert.equal(
      keyed.response.getHeader('retry-after'),
      String(OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS)
    )

    // Without a key a blind retry could do the work twice: the usual 500.
    const plain = await keyedRequest('handler-no-key')
    await handler.handle(terminated(), plain)
    assert.equal(plain.response.getStatus(), 500)
    assert.isUndefined(plain.response.getHeader('retry-after'))

    // Under a key, another failure stays a 500.
    const other = await keyedRequest('handler-other')
    markIdempotent(other)
    await handler.handle(new Error('something else broke'), other)
    assert.equal(other.response.getStatus(), 500)
  })
})
