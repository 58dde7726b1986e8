import { test } from '@japa/runner'
import Terminal from '#logistics/models/terminal'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeMove, makeTerminal } from '#logistics/tests/drayage_fixtures'

const savannah = {
  code: 'gct',
  name: 'Garden City Terminal, Port of Savannah',
  unLocode: 'ussav',
  address: '2 Main St, Garden City, GA 31408',
  kind: 'PORT',
  demurrageTiers: [{ fromDay: 5, perDay: 300 }],
}

test.group('Terminals: every user reads them, admins keep them', (group) => {
  eachTestInTransaction(group)

  test('an admin adds and edits a terminal; everyone signed in lists them', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const created = await client
      .post('/api/admin/terminals')
      .json(savannah)
      .loginAs(admin)
      .withCsrfToken()
    created.assertStatus(201)
    assert.containsSubset(created.body(), {
      code: 'GCT',
      unLocode: 'USSAV',
      kind: 'PORT',
      demurrageTiers: [{ fromDay: 5, perDay: 300 }],
      perDiemTiers: [],
    })
    const id = created.body().id
    const edited = await client
      .put(`/api/admin/terminals/${id}`)
      .json({ ...savannah, name: 'Garden City Terminal', kind: 'PORT', demurrageTiers: [] })
      .loginAs(admin)
      .withCsrfToken()
    edited.assertStatus(200)
    assert.equal(edited.body().name, 'Garden City Terminal')
    assert.deepEqual(edited.body().demurrageTiers, [])

    for (const user of [
      await makeUser('shipper'),
      await makeUser('carrier', { isApproved: true }),
    ]) {
      const list = await client.get('/api/drayage/terminals').loginAs(user)
      list.assertStatus(200)
      assert.deepEqual(
        list.body().map((t: { code: string }) => t.code),
        ['GCT']
      )
    }
    ;(await client.get('/api/drayage/terminals')).assertStatus(401)
  })

  test('bad input is a 422 naming the field; duplicates and a used code are refused', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const lbct = await makeTerminal()
    const cases: [Record<string, unknown>, string, string][] = [
      [{ ...savannah, code: 'G' }, 'code', 'A terminal code is 2 to 20 letters or digits'],
      [{ ...savannah, code: 'lbct' }, 'code', 'A terminal with this code exists'],
      [{ ...savannah, name: '' }, 'name', 'Terminal name is required'],
      [
        { ...savannah, unLocode: 'SAVANNAH' },
        'unLocode',
        'A UN/LOCODE is a country and three letters, e.g. USLAX',
      ],
      [{ ...savannah, address: '' }, 'address', 'Address is required'],
      [{ ...savannah, kind: 'AIRPORT' }, 'kind', 'Choose port or rail ramp'],
      [
        { ...savannah, demurrageTiers: [{ fromDay: 1, perDay: 300 }] },
        'demurrageTiers.0.fromDay',
        'A tier starts on charge day 2 or later',
      ],
      [
        { ...savannah, perDiemTiers: [{ fromDay: 4, perDay: 0 }] },
        'perDiemTiers.0.perDay',
        'A tier rate must be greater than 0',
      ],
      [
        {
          ...savannah,
          demurrageTiers: [
            { fromDay: 4, perDay: 200 },
            { fromDay: 4, perDay: 300 },
          ],
        },
        'demurrageTiers',
        'Each tier starts on a different day',
      ],
    ]
    for (const [body, field, message] of cases) {
      const res = await client
        .post('/api/admin/terminals')
        .json(body)
        .loginAs(admin)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(
        res.body().errors.map((e: any) => [e.field, e.message]),
        [field, message],
        JSON.stringify(res.body())
      )
    }
    assert.lengthOf(await Terminal.all(), 1)

    await makeMove(await makeUser('shipper'))
    const rename = await client
      .put(`/api/admin/terminals/${lbct.id}`)
      .json({ ...savannah, code: 'LBCT2' })
      .loginAs(admin)
      .withCsrfToken()
    rename.assertStatus(422)
    rename.assertBodyContains({
      errors: [
        { field: 'code', message: 'Drayage moves name this terminal; its code cannot change' },
      ],
    })
    await lbct.refresh()
    assert.equal(lbct.code, 'LBCT')
    ;(
      await client.put('/api/admin/terminals/99999').json(savannah).loginAs(admin).withCsrfToken()
    ).assertStatus(404)
  })

  test('shippers and carriers may not add or edit terminals', async ({ client, assert }) => {
    const lbct = await makeTerminal()
    for (const user of [
      await makeUser('shipper'),
      await makeUser('carrier', { isApproved: true }),
    ]) {
      ;(
        await client.post('/api/admin/terminals').json(savannah).loginAs(user).withCsrfToken()
      ).assertStatus(403)
      ;(
        await client
          .put(`/api/admin/terminals/${lbct.id}`)
          .json(savannah)
          .loginAs(user)
          .withCsrfToken()
      ).assertStatus(403)
    }
    assert.lengthOf(await Terminal.all(), 1)
  })
})
