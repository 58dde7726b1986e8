import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { rm } from 'node:fs/promises'
import { join } from 'node:path'
import { makeUser, resetDatabase } from '#tests/helpers'
import { censusFilePath, sandboxCensusDirectory } from '#config/carrier_vetting'
import { readSandboxRecord } from '#plugins/carrier_vetting/main'
import { createCensusFileDriver } from '#plugins/carrier_vetting/drivers/census_file'

/** Census records a sandbox's seed files for its carriers (docs/decisions/0170). */

const CENSUS = '/api/admin/sandbox/census'
/** Eight digits from the clock: never the shipped census's seven, never another run's. */
const freshDot = (n: number) => `9${String(Date.now() % 1_000_000).padStart(6, '0')}${n}`
const carrier = (dotNumber: string) => ({
  dotNumber,
  legalName: 'Seed Freight Test LLC',
  phone: '(555) 010-4242',
  email: `seed-${dotNumber}@palletline.test`,
})

test.group('POST /api/admin/sandbox/census', (group) => {
  const filed: string[] = []
  group.each.setup(() => resetDatabase())
  group.teardown(async () => {
    for (const dot of filed) await rm(join(sandboxCensusDirectory!, `${dot}.json`), { force: true })
  })

  test('files clean records the census driver then finds, contact details and all', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const dots = [freshDot(0), freshDot(1)]
    filed.push(...dots)
    const res = await client
      .post(CENSUS)
      .json({ carriers: dots.map(carrier) })
      .loginAs(admin)
      .withCsrfToken()
    res.assertStatus(201)
    assert.deepEqual(res.body(), { carriers: dots.map(carrier) })

    // The deployment's own driver: the shipped file, then the sandbox's records.
    const driver = createCensusFileDriver({
      path: censusFilePath,
      sandboxDirectory: sandboxCensusDirectory!,
    })
    const answer = await driver.lookup(dots[1]!)
    assert.containsSubset(answer, {
      ok: true,
      found: true,
      record: {
        dotNumber: dots[1],
        legalName: 'SEED FREIGHT TEST LLC',
        operatingStatus: 'active',
        allowedToOperate: true,
        authorityStatus: 'active',
        outOfServiceOn: null,
        phone: '(555) 010-4242',
        email: `seed-${dots[1]}@palletline.test`,
      },
    })
    // Filed again with other details: replaced, not duplicated.
    const again = await client
      .post(CENSUS)
      .json({ carriers: [{ ...carrier(dots[0]!), phone: '(555) 010-9999' }] })
      .loginAs(admin)
      .withCsrfToken()
    again.assertStatus(201)
    assert.equal(
      (await readSandboxRecord(sandboxCensusDirectory!, dots[0]!))?.phone,
      '(555) 010-9999'
    )
  })

  test('a USDOT number of the shipped census is refused by field, and nothing is filed', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const fresh = freshDot(2)
    const res = await client
      .post(CENSUS)
      .json({ carriers: [carrier(fresh), carrier('3184527')] })
      .loginAs(admin)
      .withCsrfToken()
    res.assertStatus(422)
    assert.containsSubset(res.body().errors, [
      { field: 'carriers.1.dotNumber', rule: 'censusReserved' },
    ])
    assert.isNull(await readSandboxRecord(sandboxCensusDirectory!, fresh))
  })

  test('bad input is a 422 naming the field', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    for (const [body, field] of [
      [{}, 'carriers'],
      [{ carriers: [] }, 'carriers'],
      [{ carriers: [{ ...carrier('12ab'), dotNumber: '12ab' }] }, 'carriers.0.dotNumber'],
      [{ carriers: [{ ...carrier(freshDot(3)), email: 'not-mail' }] }, 'carriers.0.email'],
      [{ carriers: [{ ...carrier(freshDot(3)), legalName: '' }] }, 'carriers.0.legalName'],
    ] as const) {
      const res = await client
        .post(CENSUS)
        .json(body)
        .loginAs(admin)
        .withCsrfToken()
        .withCsrfToken()
      res.assertStatus(422)
      assert.include(
        res.body().errors.map((e: { field: string }) => e.field),
        field,
        JSON.stringify(body)
      )
    }
    assert.isNull(await readSandboxRecord(sandboxCensusDirectory!, freshDot(3)))
  })

  test('refused on a deployment that takes real money or vets with FMCSA', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const dot = freshDot(4)
    for (const [key, value, message] of [
      ['payments.default', 'stripe', /payments driver is "stripe"/],
      ['carrier_vetting.default', 'fmcsa', /"fmcsa" driver/],
    ] as const) {
      const before = app.config.get(key)
      app.config.set(key, value)
      try {
        const res = await client
          .post(CENSUS)
          .json({ carriers: [carrier(dot)] })
          .loginAs(admin)
          .withCsrfToken()
        res.assertStatus(409)
        assert.match(res.body().message, message)
      } finally {
        app.config.set(key, before)
      }
    }
    assert.isNull(await readSandboxRecord(sandboxCensusDirectory!, dot))
  })

  test('admins only', async ({ client }) => {
    for (const role of ['shipper', 'carrier'] as const) {
      const user = await makeUser(role, { isApproved: true })
      ;(
        await client
          .post(CENSUS)
          .json({ carriers: [carrier('91234567')] })
          .loginAs(user)
          .withCsrfToken()
      ).assertStatus(403)
    }
    ;(
      await client
        .post(CENSUS)
        .json({ carriers: [carrier('91234567')] })
        .withCsrfToken()
    ).assertStatus(401)
  })
})
