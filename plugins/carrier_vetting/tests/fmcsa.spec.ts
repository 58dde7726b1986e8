import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import { createFmcsaDriver } from '../drivers/fmcsa.js'
import { carrierVettingContract } from './contract.js'
import { QcMobileStandIn } from './qcmobile_stand_in.js'

const fixture = JSON.parse(
  await readFile(new URL('./fixtures/census.json', import.meta.url), 'utf8')
) as { carriers: Record<string, unknown>[] }

carrierVettingContract('fmcsa (local QCMobile stand-in)', async () => {
  const standIn = await new QcMobileStandIn(fixture.carriers).start()
  return {
    driver: createFmcsaDriver({ webKey: 'test-web-key', baseUrl: standIn.baseUrl }),
    // Nothing listens on port 9 of the loopback: connection refused.
    unavailable: () =>
      createFmcsaDriver({ webKey: 'test-web-key', baseUrl: 'http://127.0.0.1:9/qc/services' }),
    close: () => standIn.stop(),
  }
})

test.group('FMCSA driver: requests', (group) => {
  const standIn = new QcMobileStandIn(fixture.carriers)
  group.setup(async () => {
    await standIn.start()
    return () => standIn.stop()
  })
  group.each.setup(() => {
    standIn.requests = []
    standIn.failWith = null
  })

  test('asks /carriers/{dot} with the web key', async ({ assert }) => {
    const driver = createFmcsaDriver({ webKey: 'test-web-key', baseUrl: `${standIn.baseUrl}/` })
    await driver.lookup('01234567')
    assert.deepEqual(standIn.requests, ['GET /qc/services/carriers/1234567?webKey=test-web-key'])
  })

  test('a refused or missing web key is unauthorized', async ({ assert }) => {
    const wrong = createFmcsaDriver({ webKey: 'stolen', baseUrl: standIn.baseUrl })
    assert.deepInclude(await wrong.lookup('1234567'), { ok: false, code: 'unauthorized' })
    const none = createFmcsaDriver({ webKey: undefined, baseUrl: standIn.baseUrl })
    assert.deepInclude(await none.lookup('1234567'), { ok: false, code: 'unauthorized' })
    assert.lengthOf(standIn.requests, 1)
  })

  test('a server error is unavailable', async ({ assert }) => {
    standIn.failWith = 503
    const driver = createFmcsaDriver({ webKey: 'test-web-key', baseUrl: standIn.baseUrl })
    assert.deepInclude(await driver.lookup('1234567'), { ok: false, code: 'unavailable' })
  })
})
