import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { Clock, FixedClock } from '#core/clock'
import { isoDay } from '#core/business_time'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { TABLE_EXISTS } from '#finance/services/fuel_index_service'
import { ACCESSORIAL_EXISTS, ACCESSORIAL_NOT_FOUND } from '#finance/services/accessorial_service'
import { NOW, financeRows, seedFinanceReferences } from '#finance/tests/world'

const clock = new FixedClock(NOW)

async function admin() {
  await seedFinanceReferences()
  return makeUser('admin')
}

const pctOf = async (day: string) => {
  const rows = await db.from('fuel_indices').select('index_date', 'fsc_pct')
  const row = rows.find((r) => isoDay(r.index_date) === day)
  return row ? Number(row.fsc_pct) : null
}

test.group('Admin finance: fuel index, surcharge table, accessorials', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    clock.set(NOW)
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })

  test('the admin reads the weeks and the tables, and records a week priced by the table', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const res = await client.get('/api/admin/finance/fuel-index').loginAs(user)
    res.assertStatus(200)
    assert.deepEqual(res.body().weeks, [
      { indexDate: '2026-02-23', dieselPrice: 3.6, fscPct: 40 },
      { indexDate: '2026-03-02', dieselPrice: 3.66, fscPct: 41 },
    ])
    assert.deepEqual(res.body().tables, [
      { effectiveDate: '2025-01-01', basePrice: 1.2, step: 0.06 },
    ])

    const week = await client
      .post('/api/admin/finance/fuel-index')
      .json({ indexDate: '2026-02-16', dieselPrice: 3.815 })
      .loginAs(user)
      .withCsrfToken()
    week.assertStatus(201)
    assert.deepEqual(week.body(), { indexDate: '2026-02-16', dieselPrice: 3.815, fscPct: 43 })
    // Recording the week again corrects it.
    await client
      .post('/api/admin/finance/fuel-index')
      .json({ indexDate: '2026-02-16', dieselPrice: 3.5 })
      .loginAs(user)
      .withCsrfToken()
    assert.equal(await pctOf('2026-02-16'), 38)
    assert.lengthOf(await db.from('fuel_indices'), 3)
  })

  test('a bad week is refused and changes nothing; others may not record', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const before = await financeRows()
    const post = (body: Record<string, unknown>, who = user) =>
      client.post('/api/admin/finance/fuel-index').json(body).loginAs(who).withCsrfToken()
    const future = await post({ indexDate: '2026-03-16', dieselPrice: 3.7 })
    future.assertStatus(422)
    assert.containsSubset(future.body().errors, [
      { field: 'indexDate', message: 'The week cannot be in the future' },
    ])
    const price = await post({ indexDate: '2026-03-02', dieselPrice: 99 })
    assert.containsSubset(price.body().errors, [
      {
        field: 'dieselPrice',
        message: 'Diesel price must be between 0.5 and 20 dollars a gallon, at most 3 decimals',
      },
    ])
    const date = await post({ indexDate: '2026-02-30', dieselPrice: 3 })
    assert.containsSubset(date.body().errors, [
      { field: 'indexDate', message: 'Week must be a date (YYYY-MM-DD)' },
    ])
    ;(
      await post({ indexDate: '2026-03-02', dieselPrice: 3 }, await makeUser('shipper'))
    ).assertStatus(403)
    ;(
      await post(
        { indexDate: '2026-03-02', dieselPrice: 3 },
        await makeUser('carrier', { isApproved: true })
      )
    ).assertStatus(403)
    ;(
      await client.get('/api/admin/finance/fuel-index').loginAs(await makeUser('shipper'))
    ).assertStatus(403)
    assert.equal(await financeRows(), before)
  })

  test('an EIA CSV imports every week, or none with a report of each bad row', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const url = '/api/admin/finance/fuel-index/import'
    const before = await financeRows()
    const bad = await client
      .post(url)
      .json({ csv: 'Date,Price\n2026-02-16,3.70\n2026-03-16,3.71\nMar 23 2026,x\n' })
      .loginAs(user)
      .withCsrfToken()
    bad.assertStatus(422)
    assert.deepEqual(bad.body().errors, [
      { field: 'csv.line.3', message: 'Line 3: Date is in the future', rule: 'csvRow' },
      { field: 'csv.line.4', message: 'Line 4: Date is not a date', rule: 'csvRow' },
    ])
    const empty = await client.post(url).json({ csv: '' }).loginAs(user).withCsrfToken()
    assert.containsSubset(empty.body().errors, [{ field: 'csv', message: 'Choose a CSV file' }])
    assert.equal(await financeRows(), before)

    const good = await client
      .post(url)
      .json({
        csv: '"Date","Weekly U.S. No 2 Diesel Retail Prices"\n"Feb 23, 2026","3.66"\n"Feb 16, 2026","3.72"\n',
      })
      .loginAs(user)
      .withCsrfToken()
    good.assertStatus(200)
    assert.deepEqual(good.body(), { imported: 2, added: 1, updated: 1 })
    assert.equal(await pctOf('2026-02-23'), 41)
    assert.equal(await pctOf('2026-02-16'), 42)
  })

  test('a new surcharge table reprices the weeks from its date, not before', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const url = '/api/admin/finance/fuel-surcharge-tables'
    const res = await client
      .post(url)
      .json({ effectiveDate: '2026-03-01', basePrice: 1.25, step: 0.05 })
      .loginAs(user)
      .withCsrfToken()
    res.assertStatus(201)
    assert.deepEqual(res.body(), {
      table: { effectiveDate: '2026-03-01', basePrice: 1.25, step: 0.05 },
      weeksRepriced: 1,
    })
    assert.equal(await pctOf('2026-02-23'), 40)
    assert.equal(await pctOf('2026-03-02'), 48)
    // A week recorded afterwards is priced by the version in force on its date.
    const week = await client
      .post('/api/admin/finance/fuel-index')
      .json({ indexDate: '2026-02-09', dieselPrice: 3.6 })
      .loginAs(user)
      .withCsrfToken()
    assert.equal(week.body().fscPct, 40)

    const before = await financeRows()
    const clash = await client
      .post(url)
      .json({ effectiveDate: '2026-03-01', basePrice: 1.3, step: 0.05 })
      .loginAs(user)
      .withCsrfToken()
    clash.assertStatus(409)
    assert.equal(clash.body().message, TABLE_EXISTS)
    const bad = await client
      .post(url)
      .json({ effectiveDate: 'soon', basePrice: -1, step: 0 })
      .loginAs(user)
      .withCsrfToken()
    bad.assertStatus(422)
    assert.deepEqual(
      bad.body().errors.map((e: any) => e.field),
      ['effectiveDate', 'basePrice', 'step']
    )
    assert.equal(await financeRows(), before)
  })

  test('the admin reads the price list the Finance page edits (GET /api/accessorials)', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const res = await client.get('/api/accessorials').loginAs(user)
    res.assertStatus(200)
    assert.deepInclude(res.body().accessorials, {
      code: 'DETENTION_HR',
      description: 'Detention, per hour after 2 free hours',
      defaultPrice: 75,
    })
    // The same list the shippers and carriers read; a pending carrier still may not.
    const shipper = await client.get('/api/accessorials').loginAs(await makeUser('shipper'))
    assert.deepEqual(res.body(), shipper.body())
    const pending = await client
      .get('/api/accessorials')
      .loginAs(await makeUser('carrier', { isApproved: false }))
    pending.assertStatus(403)
    ;(await client.get('/api/accessorials')).assertStatus(401)
  })

  test('the admin adds and edits accessorials; the price list follows', async ({
    client,
    assert,
  }) => {
    const user = await admin()
    const created = await client
      .post('/api/admin/finance/accessorials')
      .json({ code: 'tonu', description: 'Truck ordered, not used', defaultPrice: 250 })
      .loginAs(user)
      .withCsrfToken()
    created.assertStatus(201)
    assert.deepEqual(created.body(), {
      code: 'TONU',
      description: 'Truck ordered, not used',
      defaultPrice: 250,
    })
    const updated = await client
      .put('/api/admin/finance/accessorials/DETENTION_HR')
      .json({ description: 'Detention, per hour after 2 free hours', defaultPrice: 85.5 })
      .loginAs(user)
      .withCsrfToken()
    updated.assertStatus(200)
    assert.equal(updated.body().defaultPrice, 85.5)
    const list = await client.get('/api/accessorials').loginAs(await makeUser('shipper'))
    assert.deepInclude(list.body().accessorials, {
      code: 'TONU',
      description: 'Truck ordered, not used',
      defaultPrice: 250,
    })

    const before = await financeRows()
    const dup = await client
      .post('/api/admin/finance/accessorials')
      .json({ code: 'TONU', description: 'Again', defaultPrice: 1 })
      .loginAs(user)
      .withCsrfToken()
    dup.assertStatus(409)
    assert.equal(dup.body().message, ACCESSORIAL_EXISTS)
    const missing = await client
      .put('/api/admin/finance/accessorials/NOPE')
      .json({ description: 'Nothing here', defaultPrice: 1 })
      .loginAs(user)
      .withCsrfToken()
    missing.assertStatus(404)
    assert.equal(missing.body().message, ACCESSORIAL_NOT_FOUND)
    const bad = await client
      .post('/api/admin/finance/accessorials')
      .json({ code: '1 bad', description: 'x', defaultPrice: 1.234 })
      .loginAs(user)
      .withCsrfToken()
    bad.assertStatus(422)
    assert.deepEqual(
      bad.body().errors.map((e: any) => e.field),
      ['code', 'description', 'defaultPrice']
    )
    ;(
      await client
        .put('/api/admin/finance/accessorials/TONU')
        .json({ description: 'Mine now', defaultPrice: 1 })
        .loginAs(await makeUser('carrier', { isApproved: true }))
        .withCsrfToken()
    ).assertStatus(403)
    assert.equal(await financeRows(), before)
  })
})
