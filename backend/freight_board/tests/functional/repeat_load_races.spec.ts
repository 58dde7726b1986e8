import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { baseUrl, makeUser, resetDatabase, signInSessions, startServer } from '#tests/helpers'
import { MAX_LOAD_TEMPLATES } from '#freight_board/services/load_template_service'

const CSV = [
  'origin_postal,destination_postal,equipment,pallets,price',
  '60601,48201,VAN,10,1250',
  '75201,77002,REEFER,2,640.50',
  '30303,28202,FLATBED,6,900',
].join('\n')

/**
 * Repeat loads at a real server and a second server process on the same database
 * (docs/decisions/0248): a double-clicked import posts its loads once, and concurrent saves never
 * pass a company's template limit.
 */
test.group('Repeat load races at a real server, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 104)
    return () => second.stop()
  })

  test('eight commits of one import under one Idempotency-Key post its three loads once', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const sessions = await signInSessions(
      Array.from({ length: 8 }, () => shipper),
      [baseUrl(), second.url]
    )
    const answers = await Promise.all(
      sessions.map((session) =>
        session.request(
          'POST',
          '/api/load-imports',
          { csv: CSV },
          {
            headers: { 'Idempotency-Key': 'import-double-click-1' },
          }
        )
      )
    )
    const statuses = answers.map((a) => a.status)
    assert.isTrue(
      statuses.every((s) => s === 201 || s === 409),
      statuses.join(',')
    )
    const created = answers.filter((a) => a.status === 201)
    assert.isAtLeast(created.length, 1)
    // Every 201 is the one import's answer (a replay after the first finished).
    const ids = created[0].body.ids
    for (const answer of created) assert.deepEqual(answer.body.ids, ids)
    const loads = await db.from('freight_listings').where('shipper_id', shipper.id)
    assert.lengthOf(loads, 3)
    assert.sameMembers(
      loads.map((l) => Number(l.id)),
      ids
    )
    // A later retry with the key replays the answer and posts nothing more.
    const retry = await sessions[0].request(
      'POST',
      '/api/load-imports',
      { csv: CSV },
      {
        headers: { 'Idempotency-Key': 'import-double-click-1' },
      }
    )
    assert.equal(retry.status, 201)
    assert.equal(retry.headers.get('idempotent-replayed'), 'true')
    assert.lengthOf(await db.from('freight_listings').where('shipper_id', shipper.id), 3)
  })

  test('saves racing for the last template places: the company keeps exactly its limit', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const stamp = new Date().toISOString().replace('T', ' ').slice(0, 19)
    await db.table('load_templates').multiInsert(
      Array.from({ length: MAX_LOAD_TEMPLATES - 2 }, (_, i) => ({
        owner_user_id: shipper.id,
        name: `Template ${i}`,
        form: JSON.stringify({ origin: { postal: '60601' }, destination: { postal: '48201' } }),
        created_at: stamp,
        updated_at: stamp,
      }))
    )
    const sessions = await signInSessions(
      Array.from({ length: 8 }, () => shipper),
      [baseUrl(), second.url]
    )
    const answers = await Promise.all(
      sessions.map((session, i) =>
        session.request('POST', '/api/load-templates', {
          name: `Racer ${i}`,
          form: { origin: { postal: '60601' }, destination: { postal: '48201' }, price: 700 },
        })
      )
    )
    const statuses = answers.map((a) => a.status).sort()
    assert.deepEqual(statuses, [201, 201, 409, 409, 409, 409, 409, 409], statuses.join(','))
    const kept = await db.from('load_templates').where('owner_user_id', shipper.id).count('* as n')
    assert.equal(Number(kept[0].n), MAX_LOAD_TEMPLATES)
  })
})
