import { test } from '@japa/runner'
import { PassThrough } from 'node:stream'
import {
  endLiveStreams,
  shutdownTimings,
  STREAM_RETRY_MS,
} from '#operations/services/graceful_shutdown'

test.group('Graceful shutdown settings (docs/operations.md, "Shutdown")', () => {
  test('the drain: 5 s in production, none elsewhere, what SHUTDOWN_DRAIN_MS says when set', ({
    assert,
  }) => {
    assert.deepEqual(shutdownTimings({ NODE_ENV: 'production' }), {
      drainMs: 5000,
      graceMs: 10_000,
    })
    assert.equal(shutdownTimings({ NODE_ENV: 'test' }).drainMs, 0)
    assert.equal(shutdownTimings({ NODE_ENV: 'development' }).drainMs, 0)
    assert.equal(shutdownTimings({ NODE_ENV: 'production', SHUTDOWN_DRAIN_MS: '0' }).drainMs, 0)
    assert.deepEqual(
      shutdownTimings({ NODE_ENV: 'test', SHUTDOWN_DRAIN_MS: '1500', SHUTDOWN_GRACE_MS: '2000' }),
      { drainMs: 1500, graceMs: 2000 }
    )
  })

  test('a live stream is told when to reconnect, then ended; once only', async ({ assert }) => {
    const stream = new PassThrough({ objectMode: true })
    const chunks: string[] = []
    stream.on('data', (chunk) => chunks.push(chunk))
    const ended = new Promise((resolve) => stream.on('end', resolve))
    assert.equal(endLiveStreams([stream]), 1)
    assert.equal(endLiveStreams([stream]), 0, 'an ended stream is left alone')
    await ended
    assert.deepEqual(chunks, [`retry: ${STREAM_RETRY_MS}\n\n`])
  })
})
