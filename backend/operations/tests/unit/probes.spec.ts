import { test } from '@japa/runner'
import { metricsAccess } from '#operations/services/metrics_access'
import { redisConfigured, runCheck } from '#operations/services/readiness'
import { backupFileName } from '#operations/services/database_backup'
import { statusClass } from '#core/metrics'

test.group('Metrics access', () => {
  test('off without a token; the bearer must match it exactly', ({ assert }) => {
    assert.equal(metricsAccess(undefined, 'Bearer anything'), 'disabled')
    assert.equal(metricsAccess('', 'Bearer anything'), 'disabled')
    const token = 'scrape-token-0123456789'
    assert.equal(metricsAccess(token, undefined), 'missing')
    assert.equal(metricsAccess(token, `Basic ${token}`), 'missing')
    assert.equal(metricsAccess(token, 'Bearer '), 'missing')
    assert.equal(metricsAccess(token, 'Bearer scrape-token-012345678'), 'wrong')
    assert.equal(metricsAccess(token, `Bearer ${token}x`), 'wrong')
    assert.equal(metricsAccess(token, `Bearer ${token}`), 'granted')
    assert.equal(metricsAccess(token, `bearer ${token}`), 'granted')
  })
})

test.group('Readiness checks', () => {
  test('Redis counts when a store uses it or REDIS_HOST is set', ({ assert }) => {
    assert.isFalse(redisConfigured({ SESSION_DRIVER: 'database', LIMITER_STORE: 'memory' }))
    assert.isTrue(redisConfigured({ SESSION_DRIVER: 'redis' }))
    assert.isTrue(redisConfigured({ LIMITER_STORE: 'redis' }))
    assert.isTrue(redisConfigured({ TRANSMIT_TRANSPORT: 'redis' }))
    assert.isTrue(redisConfigured({ REDIS_HOST: 'cache.internal' }))
  })

  test('a check passes, fails with its error, or times out', async ({ assert }) => {
    const ok = await runCheck('database', async () => 1)
    assert.include(ok, { name: 'database', ok: true })
    const failed = await runCheck('redis', async () => {
      throw new Error('connect ECONNREFUSED')
    })
    assert.include(failed, { name: 'redis', ok: false, error: 'connect ECONNREFUSED' })
    const hung = await runCheck('redis', () => new Promise(() => {}), 50)
    assert.include(hung, { ok: false, error: 'no answer within 50 ms' })
    assert.isAtLeast(hung.ms, 45)
  })
})

test.group('Metric labels and backup names', () => {
  test('status classes keep series few', ({ assert }) => {
    assert.deepEqual([200, 204, 302, 404, 422, 503, 0].map(statusClass), [
      '2xx',
      '2xx',
      '3xx',
      '4xx',
      '4xx',
      '5xx',
      'other',
    ])
  })

  test('a backup is named by its time, safe in any file system', ({ assert }) => {
    assert.equal(
      backupFileName('sqlite', '2026-11-25T03:47:01.123Z'),
      'backups/palletline-2026-11-25T03-47-01-123Z.sqlite3'
    )
    assert.equal(
      backupFileName('pg', '2026-11-25T03:47:01.123+00:00'),
      'backups/palletline-2026-11-25T03-47-01-123-00-00.dump'
    )
  })
})
