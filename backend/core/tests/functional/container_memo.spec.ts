import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { inject } from '@adonisjs/core'
import { HttpContext } from '@adonisjs/core/http'
import { Logger } from '@adonisjs/core/logger'
import { bindRequest } from '#core/container_memo'
import { Clock, FixedClock } from '#core/clock'
import { DateTime } from 'luxon'
import FreightBoardController from '#freight_board/controllers/freight_board_controller'

@inject()
class NeedsClock {
  constructor(public clock: Clock) {}
}

class Plain {
  greet(name: string) {
    return `hello ${name}`
  }

  fails(): string {
    throw new Error('thrown inside')
  }

  @inject()
  dated(clock: Clock) {
    return clock
  }
}

@inject()
class NeedsRequest {
  constructor(public ctx: HttpContext) {}
}

@inject()
class NeedsRequestAndClock {
  constructor(
    public ctx: HttpContext,
    public logger: Logger,
    public clock: Clock
  ) {}
}

/** docs/decisions/0115: what the container keeps, and what a test swap does to it. */
test.group('Services built once per process', () => {
  test('a stateless controller and its services are built once', async ({ assert }) => {
    const first = await app.container.make(FreightBoardController)
    const second = await app.container.make(FreightBoardController)
    assert.strictEqual(first, second)
    assert.strictEqual(await app.container.make(NeedsClock), await app.container.make(NeedsClock))
  })

  test('a swap is honoured at once and forgotten on restore', async ({ assert }) => {
    const kept = await app.container.make(NeedsClock)
    const fixed = new FixedClock(DateTime.fromISO('2030-01-01T00:00:00Z'))
    app.container.swap(Clock, () => fixed)
    try {
      const swapped = await app.container.make(NeedsClock)
      assert.notStrictEqual(swapped, kept)
      assert.strictEqual(swapped.clock, fixed)
      // Nothing is kept while a swap is in place.
      assert.notStrictEqual(await app.container.make(NeedsClock), swapped)
    } finally {
      app.container.restore(Clock)
    }
    const after = await app.container.make(NeedsClock)
    assert.notStrictEqual(after.clock, fixed)
    assert.strictEqual(await app.container.make(NeedsClock), after)
  })

  test('a class that takes the request is built per request, on the request’s own resolver', async ({
    assert,
  }) => {
    const resolve = async (marker: string) => {
      const resolver = app.container.createResolver()
      resolver.bindValue(HttpContext, { marker } as unknown as HttpContext)
      return resolver.make(NeedsRequest)
    }
    const a = await resolve('a')
    const b = await resolve('b')
    assert.equal((a.ctx as any).marker, 'a')
    assert.equal((b.ctx as any).marker, 'b')
  })

  test('a value bound on the container is answered as bound, and a swap still wins', async ({
    assert,
  }) => {
    class Bound {}
    const bound = new Bound()
    app.container.bindValue(Bound, bound)
    assert.strictEqual(await app.container.make(Bound), bound)
    assert.strictEqual(await app.container.createResolver().make(Bound), bound)
    const other = new Bound()
    app.container.swap(Bound, () => other)
    try {
      assert.strictEqual(await app.container.make(Bound), other)
    } finally {
      app.container.restore(Bound)
    }
    assert.strictEqual(await app.container.make(Bound), bound)
  })

  test('calling a method: its own arguments, its injections, its errors as rejections', async ({
    assert,
  }) => {
    const resolver = app.container.createResolver()
    const plain = new Plain()
    const answer = resolver.call(plain, 'greet', ['Ada'])
    assert.instanceOf(answer, Promise)
    assert.equal(await answer, 'hello Ada')
    const failure = resolver.call(plain, 'fails')
    assert.instanceOf(failure, Promise)
    await assert.rejects(() => failure, 'thrown inside')
    const fixed = new FixedClock(DateTime.fromISO('2030-01-01T00:00:00Z'))
    app.container.swap(Clock, () => fixed)
    try {
      assert.strictEqual(await resolver.call(plain, 'dated'), fixed)
    } finally {
      app.container.restore(Clock)
    }
    assert.instanceOf(await resolver.call(plain, 'dated'), Clock)
  })

  test('what request setup binds: each request’s own context and logger, a swap still wins', async ({
    assert,
  }) => {
    const request = (marker: string) => {
      const resolver = app.container.createResolver()
      const ctx = { marker, containerResolver: resolver, logger: { marker } }
      bindRequest(ctx as unknown as HttpContext)
      return { ctx, resolver }
    }
    const a = request('a')
    const b = request('b')
    const madeA = await a.resolver.make(NeedsRequestAndClock)
    const madeB = await b.resolver.make(NeedsRequestAndClock)
    assert.strictEqual(madeA.ctx, a.ctx as unknown as HttpContext)
    assert.strictEqual(madeA.logger, a.ctx.logger as unknown as Logger)
    assert.strictEqual(madeB.ctx, b.ctx as unknown as HttpContext)
    assert.strictEqual(await a.resolver.make(HttpContext), a.ctx as unknown as HttpContext)
    // Another test's swap of something else leaves the request's values in place.
    const fixed = new FixedClock(DateTime.fromISO('2030-01-01T00:00:00Z'))
    app.container.swap(Clock, () => fixed)
    try {
      const swapped = await a.resolver.make(NeedsRequestAndClock)
      assert.strictEqual(swapped.ctx, a.ctx as unknown as HttpContext)
      assert.strictEqual(swapped.clock, fixed)
    } finally {
      app.container.restore(Clock)
    }
    // A swap of the context itself wins over the request's.
    const other = { marker: 'swapped' } as unknown as HttpContext
    app.container.swap(HttpContext, () => other)
    try {
      assert.strictEqual((await a.resolver.make(NeedsRequest)).ctx, other)
    } finally {
      app.container.restore(HttpContext)
    }
    // A resolver no request set up has no context to give.
    await assert.rejects(() => app.container.createResolver().make(NeedsRequest))
  })
})
