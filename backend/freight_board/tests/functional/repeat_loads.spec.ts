import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import transmit from '@adonisjs/transmit/services/main'
import type { ApiClient } from '@japa/api-client'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeMember } from '#accounts/tests/companies'
import { userChannel } from '#core/live_notices'
import { MAX_IMPORT_BYTES } from '#freight_board/services/load_import_service'
import type User from '#accounts/models/user'
import {
  MAX_LOAD_TEMPLATES,
  TEMPLATE_LIMIT,
  TEMPLATE_NAME_TAKEN,
  TEMPLATE_NOT_FOUND,
} from '#freight_board/services/load_template_service'
import { MAX_IMPORT_ROWS } from '#freight_board/services/load_csv'

const form = (more: Record<string, unknown> = {}) => ({
  origin: { postal: '60601' },
  destination: { postal: '48201' },
  equipment: 'REEFER',
  mode: 'LTL',
  pallets: 4,
  weight_lbs: 3000,
  dims: { l: 48, w: 40, h: 50 },
  commodity: 'Frozen peas',
  pieces: 120,
  packaging: 'BOX',
  consignee: 'Detroit Grocers',
  notes: 'Dock 4, call ahead',
  price: 900,
  allow_offers: true,
  offer_floor_cents: 75_000,
  ...more,
})

const fields = (res: any): string[] =>
  (res.body().errors ?? []).map((e: { field: string }) => e.field).sort()

const count = async (table: string) => Number((await db.from(table).count('* as n').first())?.n)

const save = (client: ApiClient, as: User, body: unknown) =>
  client.post('/api/load-templates').json(body).loginAs(as).withCsrfToken()

const HEADER = 'origin_postal,destination_postal,equipment,pallets,pickup_earliest,price,notes'
/** A CSV of three loads; the second has a ZIP nobody knows and a pallet count too large. */
const threeRows = (second = '00000,48201,VAN,300,,700,') =>
  [
    HEADER,
    '60601,48201,VAN,10,,1250,"Dock 4, north"',
    second,
    '75201,77002,REEFER,2,,640.50,',
  ].join('\n')

const preview = (client: ApiClient, as: User, csv: unknown) =>
  client.post('/api/load-imports/preview').json({ csv }).loginAs(as).withCsrfToken()
const commit = (client: ApiClient, as: User, csv: unknown) =>
  client.post('/api/load-imports').json({ csv }).loginAs(as).withCsrfToken()

test.group('Load templates (docs/decisions/0248)', (group) => {
  eachTestInTransaction(group)

  test('save, list, rename, delete; dates are not kept; posting its form posts the load with its offer terms', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const made = await save(client, shipper, {
      name: 'Chicago to Detroit reefer',
      form: form({ pickup_earliest: '2030-01-02T08:00', delivery_latest: '2030-01-03T08:00' }),
    })
    made.assertStatus(201)
    assert.equal(made.body().name, 'Chicago to Detroit reefer')
    assert.notProperty(made.body().form, 'pickup_earliest')
    assert.notProperty(made.body().form, 'delivery_latest')
    assert.deepInclude(made.body().form, {
      equipment: 'REEFER',
      commodity: 'Frozen peas',
      notes: 'Dock 4, call ahead',
      allow_offers: true,
      offer_floor_cents: 75_000,
    })

    const list = await client.get('/api/load-templates').loginAs(shipper)
    list.assertStatus(200)
    assert.equal(list.body().limit, MAX_LOAD_TEMPLATES)
    assert.deepEqual(
      list.body().templates.map((t: any) => t.id),
      [made.body().id]
    )

    const renamed = await client
      .patch(`/api/load-templates/${made.body().id}`)
      .json({ name: 'Weekly peas' })
      .loginAs(shipper)
      .withCsrfToken()
    renamed.assertStatus(200)
    assert.equal(renamed.body().name, 'Weekly peas')

    // Post from it: the form as the template holds it, dates added by the shipper.
    const posted = await client
      .post('/api/freight-listings')
      .json({ ...made.body().form, price: 950 })
      .loginAs(shipper)
      .withCsrfToken()
    posted.assertStatus(201)
    const load = await db.from('freight_listings').where('id', posted.body().id).first()
    assert.equal(Number(load.price_cents), 95_000)
    assert.isTrue(Boolean(load.allow_offers))
    assert.equal(Number(load.offer_floor_cents), 75_000)
    assert.isNotNull(load.recommended_mid)

    const deleted = await client
      .delete(`/api/load-templates/${made.body().id}`)
      .loginAs(shipper)
      .withCsrfToken()
    deleted.assertStatus(204)
    assert.equal(await count('load_templates'), 0)
  })

  test('bad input is a 422 naming each field with the post form’s messages; nothing saved', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const cases: [unknown, string, string][] = [
      [{ form: form() }, 'name', 'Name is required'],
      [{ name: '   ', form: form() }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(101), form: form() }, 'name', 'Name cannot exceed 100 characters'],
      [{ name: 'A' }, 'form', 'Form is required'],
      [{ name: 'A', form: 'x' }, 'form', 'Form is required'],
      [{ name: 'A', form: form({ origin: {} }) }, 'form.origin.postal', 'Origin ZIP is required'],
      [{ name: 'A', form: form({ pallets: 101 }) }, 'form.pallets', 'Pallets cannot exceed 100'],
      [
        { name: 'A', form: form({ equipment: 'TRUCK' }) },
        'form.equipment',
        'Equipment must be one of VAN, REEFER, FLATBED, BOX, SPRINTER',
      ],
      [
        { name: 'A', form: form({ price: 1.234 }) },
        'form.price',
        'Price can have at most 2 decimals',
      ],
      [
        { name: 'A', form: form({ offer_floor_cents: 1.5 }) },
        'form.offer_floor_cents',
        'Offer floor must be a whole number of cents',
      ],
      [
        { name: 'A', form: form({ allow_offers: 'yes' }) },
        'form.allow_offers',
        'Say whether the load takes offers',
      ],
      [
        { name: 'A', form: form({ un_number: 'X1' }) },
        'form.un_number',
        'UN number must be UN followed by four digits, UN0000 to UN3999',
      ],
    ]
    for (const [body, field, message] of cases) {
      const res = await save(client, shipper, body)
      res.assertStatus(422)
      const found = res.body().errors.find((e: any) => e.field === field)
      assert.equal(found?.message, message, JSON.stringify(body).slice(0, 80))
    }
    assert.equal(await count('load_templates'), 0)
  })

  test('a name is unique per company (409 on save and rename) and a company keeps at most the limit', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const other = await makeUser('shipper')
    ;(await save(client, shipper, { name: 'Weekly', form: form() })).assertStatus(201)
    const twice = await save(client, shipper, { name: 'Weekly', form: form() })
    twice.assertStatus(409)
    assert.equal(twice.body().message, TEMPLATE_NAME_TAKEN)
    // Another company may use the same name.
    ;(await save(client, other, { name: 'Weekly', form: form() })).assertStatus(201)
    const second = await save(client, shipper, { name: 'Daily', form: form() })
    const clash = await client
      .patch(`/api/load-templates/${second.body().id}`)
      .json({ name: 'Weekly' })
      .loginAs(shipper)
      .withCsrfToken()
    clash.assertStatus(409)
    assert.equal(clash.body().message, TEMPLATE_NAME_TAKEN)

    const stamp = new Date().toISOString().replace('T', ' ').slice(0, 19)
    const rows = Array.from({ length: MAX_LOAD_TEMPLATES - 2 }, (_, i) => ({
      owner_user_id: shipper.id,
      name: `Template ${i}`,
      form: JSON.stringify(form()),
      created_at: stamp,
      updated_at: stamp,
    }))
    await db.table('load_templates').multiInsert(rows)
    const over = await save(client, shipper, { name: 'One too many', form: form() })
    over.assertStatus(409)
    assert.equal(over.body().message, TEMPLATE_LIMIT)
    assert.equal(
      await db
        .from('load_templates')
        .where('owner_user_id', shipper.id)
        .count('* as n')
        .first()
        .then((r) => Number(r?.n)),
      MAX_LOAD_TEMPLATES
    )
  })

  test('saved from a posted load: the load’s form without its dates; another shipper’s load is a 404', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const other = await makeUser('shipper')
    const posted = await client
      .post('/api/freight-listings')
      .json(form({ hazmat: true, un_number: 'UN1263', hazard_class: '3' }))
      .loginAs(shipper)
      .withCsrfToken()
    posted.assertStatus(201)
    const made = await client
      .post(`/api/freight-listings/${posted.body().id}/template`)
      .json({ name: 'From load' })
      .loginAs(shipper)
      .withCsrfToken()
    made.assertStatus(201)
    assert.deepInclude(made.body().form, {
      equipment: 'REEFER',
      mode: 'LTL',
      pallets: 4,
      weight_lbs: 3000,
      commodity: 'Frozen peas',
      pieces: 120,
      packaging: 'BOX',
      hazmat: true,
      un_number: 'UN1263',
      hazard_class: '3',
      price: 900,
      allow_offers: true,
      offer_floor_cents: 75_000,
      notes: 'Dock 4, call ahead',
    })
    assert.equal(made.body().form.origin.postal, '60601')
    assert.deepEqual(made.body().form.dims, { l: 48, w: 40, h: 50 })
    // It posts again as it is.
    const again = await client
      .post('/api/freight-listings')
      .json(made.body().form)
      .loginAs(shipper)
      .withCsrfToken()
    again.assertStatus(201)

    const foreign = await client
      .post(`/api/freight-listings/${posted.body().id}/template`)
      .json({ name: 'Mine now' })
      .loginAs(other)
      .withCsrfToken()
    foreign.assertStatus(404)
    const noName = await client
      .post(`/api/freight-listings/${posted.body().id}/template`)
      .json({})
      .loginAs(shipper)
      .withCsrfToken()
    noName.assertStatus(422)
    assert.deepEqual(fields(noName), ['name'])
  })

  test('who may: a planner may, an accounts member, carriers, dispatchers and admins may not; another company’s template is a 404', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const planner = await makeMember(shipper, 'planner')
    const accounts = await makeMember(shipper, 'accounts')
    const carrier = await makeUser('carrier', { isApproved: true })
    const dispatcher = await makeMember(carrier, 'dispatcher')
    const admin = await makeUser('admin')
    const other = await makeUser('shipper')

    const made = await save(client, planner, { name: 'By the planner', form: form() })
    made.assertStatus(201)
    // The company's, seen by its owner.
    const owners = await client.get('/api/load-templates').loginAs(shipper)
    assert.lengthOf(owners.body().templates, 1)
    const id = made.body().id

    for (const who of [accounts, carrier, dispatcher, admin]) {
      ;(await client.get('/api/load-templates').loginAs(who)).assertStatus(403)
      ;(await save(client, who, { name: 'X', form: form() })).assertStatus(403)
      ;(
        await client
          .patch(`/api/load-templates/${id}`)
          .json({ name: 'X' })
          .loginAs(who)
          .withCsrfToken()
      ).assertStatus(403)
      ;(await client.delete(`/api/load-templates/${id}`).loginAs(who).withCsrfToken()).assertStatus(
        403
      )
      ;(await preview(client, who, threeRows())).assertStatus(403)
      ;(await commit(client, who, threeRows())).assertStatus(403)
      ;(await client.get('/api/load-imports/example.csv').loginAs(who)).assertStatus(403)
    }
    ;(await client.get('/api/load-templates')).assertStatus(401)

    const foreignRename = await client
      .patch(`/api/load-templates/${id}`)
      .json({ name: 'X' })
      .loginAs(other)
      .withCsrfToken()
    foreignRename.assertStatus(404)
    assert.equal(foreignRename.body().message, TEMPLATE_NOT_FOUND)
    ;(await client.delete(`/api/load-templates/${id}`).loginAs(other).withCsrfToken()).assertStatus(
      404
    )
    ;(
      await client.delete(`/api/load-templates/999999`).loginAs(shipper).withCsrfToken()
    ).assertStatus(404)
    assert.lengthOf((await client.get('/api/load-templates').loginAs(other)).body().templates, 0)
    const kept = await db.from('load_templates').where('id', id).first()
    assert.equal(kept.name, 'By the planner')
  })
})

test.group('Load imports from a CSV (docs/decisions/0248)', (group) => {
  eachTestInTransaction(group)

  test('the example CSV downloads with the header of every column', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const res = await client.get('/api/load-imports/example.csv').loginAs(shipper)
    res.assertStatus(200)
    assert.match(res.header('content-type') ?? '', /^text\/csv/)
    assert.match(res.text(), /^origin_postal,origin_city,/)
  })

  test('a preview names each bad row and column with the form’s messages and writes nothing', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const res = await preview(client, shipper, threeRows())
    res.assertStatus(200)
    assert.deepInclude(res.body(), { total: 3, valid: 2, invalid: 1 })
    const [first, second, third] = res.body().rows
    assert.equal(first.row, 2)
    assert.deepEqual(first.errors, [])
    assert.deepInclude(first.load, { equipment: 'VAN', pallets: 10, price: 1250 })
    assert.match(first.load.origin, /60601$/)
    assert.equal(second.row, 3)
    assert.isNull(second.load)
    assert.deepEqual(second.errors, [
      { column: 'pallets', field: 'pallets', message: 'Pallets cannot exceed 100' },
    ])
    assert.equal(third.load.price, 640.5)
    assert.equal(await count('freight_listings'), 0)

    // Once the schema passes, the service's own checks: a ZIP nobody knows, a past pickup.
    const later = await preview(
      client,
      shipper,
      threeRows('00000,48201,VAN,3,2020-01-01T08:00,700,')
    )
    assert.deepEqual(
      later
        .body()
        .rows[1].errors.map((e: any) => [e.column, e.message])
        .sort(),
      [
        ['origin_postal', 'Origin ZIP not found'],
        ['pickup_earliest', 'Pickup date cannot be in the past'],
      ]
    )
    const noPrice = await preview(client, shipper, `${HEADER}\n60601,48201,VAN,3,,,`)
    assert.deepEqual(noPrice.body().rows[0].errors, [
      { column: 'price', field: 'price', message: 'Price is required to publish' },
    ])
    assert.equal(await count('freight_listings'), 0)
  })

  test('a commit with a bad row posts nothing (422 naming the row); fixed, it posts every row as single posts do, with progress', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    const lane = await client
      .post('/api/saved-lanes')
      .json({
        origin: { kind: 'zip3', zip3: '606' },
        destination: { kind: 'state', state: 'MI' },
        equipment: 'VAN',
      })
      .loginAs(carrier)
      .withCsrfToken()
    lane.assertStatus(201)

    const refused = await commit(client, shipper, threeRows())
    refused.assertStatus(422)
    assert.deepEqual(fields(refused), ['rows.3.pallets'])
    assert.equal(refused.body().errors[0].message, 'Row 3, pallets: Pallets cannot exceed 100')
    assert.equal(await count('freight_listings'), 0)

    const heard: { channel: string; payload: any }[] = []
    const stop = transmit.on('broadcast', ({ channel, payload }) => {
      if ((payload as any)?.kind === 'import_progress' || (payload as any)?.kind === 'alert') {
        heard.push({ channel, payload })
      }
    })
    let res
    try {
      res = await commit(client, shipper, threeRows('60602,48226,VAN,3,,700,'))
    } finally {
      stop()
    }
    res.assertStatus(201)
    assert.equal(res.body().posted, 3)
    const loads = await db.from('freight_listings').whereIn('id', res.body().ids).orderBy('id')
    assert.deepEqual(
      loads.map((l) => Number(l.price_cents)),
      [125_000, 70_000, 64_050]
    )
    assert.isTrue(loads.every((l) => l.status === 'OPEN' && l.recommended_mid !== null))
    assert.equal(loads[0].notes, 'Dock 4, north')
    assert.equal(await count('freight_listing_audits'), 6)
    // The two Chicago-area VAN loads to Michigan alert the carrier's lane, as single posts do.
    const alerts = await db.from('saved_lane_alerts').where('saved_lane_id', lane.body().id)
    assert.sameMembers(
      alerts.map((a) => Number(a.load_id)),
      res.body().ids.slice(0, 2)
    )
    const progress = heard.filter((h) => h.payload.kind === 'import_progress')
    assert.isTrue(progress.every((h) => h.channel === userChannel(shipper.id)))
    assert.deepEqual(progress.at(-1)!.payload, {
      kind: 'import_progress',
      phase: 'posting',
      done: 3,
      total: 3,
    })
  })

  test('bad files: no csv, not text, a wrong header, too many rows (422), too many bytes (413)', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    for (const send of [preview, commit]) {
      const none = await client
        .post(send === preview ? '/api/load-imports/preview' : '/api/load-imports')
        .json({})
        .loginAs(shipper)
        .withCsrfToken()
      none.assertStatus(422)
      assert.deepEqual(fields(none), ['csv'])
      assert.equal(none.body().errors[0].message, 'Choose a CSV file of loads')
      const notText = await send(client, shipper, 12)
      notText.assertStatus(422)
      assert.deepEqual(fields(notText), ['csv'])
      const header = await send(client, shipper, 'origin,destination,price\n60601,48201,100')
      header.assertStatus(422)
      assert.match(header.body().errors[0].message, /^Unknown column "origin"/)
      const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, () => '60601,48201,100').join('\n')
      const many = await send(client, shipper, `origin_postal,destination_postal,price\n${rows}`)
      many.assertStatus(422)
      assert.match(many.body().errors[0].message, /at most 500 loads/)
      const big = await send(client, shipper, 'x'.repeat(MAX_IMPORT_BYTES + 1))
      big.assertStatus(413)
      assert.equal(big.body().message, 'File too large: the limit is 512 KB')
    }
    assert.equal(await count('freight_listings'), 0)
  })
})
