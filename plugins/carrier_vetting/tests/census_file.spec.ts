import { test } from '@japa/runner'
import { fileURLToPath } from 'node:url'
import { mkdtemp, writeFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { censusFileLists, createCensusFileDriver } from '../drivers/census_file.js'
import { readSandboxRecord, writeSandboxRecords } from '../drivers/sandbox_census.js'
import { cleanRecord } from '../drivers/fake.js'
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

test.group('Census file driver with a sandbox census (docs/decisions/0170)', () => {
  test('finds a record filed after it started, the shipped file first', async ({ assert }) => {
    const dir = await mkdtemp(join(tmpdir(), 'sandbox-census-'))
    const driver = createCensusFileDriver({ path: FIXTURE, sandboxDirectory: dir })
    assert.deepInclude(await driver.lookup('91234560'), { ok: true, found: false })
    await writeSandboxRecords(dir, [
      { ...cleanRecord('91234560', '2026-06-15'), email: 'seed@palletline.test' },
    ])
    const filed = await driver.lookup('91234560')
    assert.deepInclude(filed, { ok: true, found: true })
    assert.equal(filed.ok && filed.found && filed.record.email, 'seed@palletline.test')
    assert.deepEqual(await readSandboxRecord(dir, ' 91234560 '), {
      ...cleanRecord('91234560', '2026-06-15'),
      email: 'seed@palletline.test',
    })
    // A number the file lists is answered from the file, whatever the sandbox holds.
    assert.deepEqual([...(await censusFileLists(FIXTURE, ['7654321', '91234560']))], ['7654321'])
    await writeSandboxRecords(dir, [{ ...cleanRecord('7654321'), legalName: 'IMPOSTOR' }])
    const answer = await driver.lookup('7654321')
    assert.isTrue(answer.ok && answer.found && answer.record.legalName !== 'IMPOSTOR')
    assert.isNull(await readSandboxRecord(dir, 'not-a-dot'))
    await rm(dir, { recursive: true })
  })
})
