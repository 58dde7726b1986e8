import { test } from '@japa/runner'
import emitter from '@adonisjs/core/services/emitter'

const EVENT = 'quiet_emitter:probe' as any

/** backend/core/quiet_emitter.ts: an event nobody listens to is skipped, nothing else is. */
test.group('Events nobody listens to', () => {
  test('a listener still receives its event, and stops when it is removed', async ({ assert }) => {
    const received: unknown[] = []
    const listener = (data: unknown) => {
      received.push(data)
    }
    emitter.on(EVENT, listener)
    await emitter.emit(EVENT, { n: 1 })
    emitter.off(EVENT, listener)
    await emitter.emit(EVENT, { n: 2 })
    assert.deepEqual(received, [{ n: 1 }])
  })

  test('a catch-all listener still sees every event', async ({ assert }) => {
    const seen: unknown[] = []
    const all = (event: unknown) => {
      seen.push(event)
    }
    emitter.onAny(all)
    try {
      await emitter.emit(EVENT, { n: 3 })
    } finally {
      emitter.offAny(all)
    }
    assert.deepEqual(seen, [EVENT])
  })

  test('a faked emitter records events that have no listener', async ({ assert }) => {
    const events = emitter.fake()
    try {
      await emitter.emit(EVENT, { n: 4 })
      events.assertEmitted(EVENT)
    } finally {
      emitter.restore()
    }
    await emitter.emit(EVENT, { n: 5 })
    assert.isFalse(emitter.hasListeners(EVENT))
  })
})
