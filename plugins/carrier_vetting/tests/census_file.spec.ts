import { test } from '@japa/runner'
import { fileURLToPath } from 'node:url'
import { mkdtemp, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createCensusFileDriver } from '../drivers/census_file.js'
import { carrierVettingContract } from './contract.js'

const FIXTURE = fileURLToPath(new URL('./fixtures/census.json', import.meta.url))

carrierVettingContract('census_file', async () => ({
  driver: createCensusFileDriver({ path: FIXTURE }),
  unavailable: () => createCensusFileDriver({ path: join(tmpdir(), 'no-such-census.json') }),
}))

test.group('Census file driver', () => {
  test('a file that is not the census layout is unavailable, then read again once fixed', async ({
    assert,
  }) => {
    const dir = await mkdtemp(join(tmpdir(), 'census-'))
    const path = join(dir, 'census.json')
    await writeFile(path, '{"rows": []}')
    const driver = createCensusFileDriver({ path })
    assert.deepInclude(await driver.lookup('1234567'), { ok: false, code: 'unavailable' })
    await writeFile(path, JSON.stringify({ carriers: [{ dotNumber: '1234567', statusCode: 'A' }] }))
    assert.deepInclude(await driver.lookup('1234567'), { ok: true, found: true })
    await rm(dir, { recursive: true })
  })

  test('the demo census holds the demo carriers and the failing cases', async ({ assert }) => {
    const driver = createCensusFileDriver({
      path: fileURLToPath(new URL('../../../database/data/fmcsa_census.json', import.meta.url)),
    })
    const clean = await driver.lookup('3184527')
    assert.deepInclude(clean, { ok: true, found: true })
  })
})
