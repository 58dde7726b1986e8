import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, resetDatabase } from '#tests/helpers'

test.group('POST /api/analytics/events', (group) => {
  group.each.setup(() => resetDatabase())

  test('records a page view from a signed-out visitor', async ({ client, assert }) => {
    const res = await client
      .post('/api/analytics/events')
      .json({ name: 'page_view', path: '/about' })
      .withCsrfToken()
    res.assertStatus(204)
    const rows = await db.from('analytics_events').select('*')
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].name, 'page_view')
    assert.equal(rows[0].path, '/about')
    assert.isNull(rows[0].user_id)
  })

  test('attaches the signed-in user and the properties', async ({ client, assert }) => {
    const user = await makeUser('shipper')
    const res = await client
      .post('/api/analytics/events')
      .json({ name: 'login', properties: { role: 'shipper' } })
      .loginAs(user)
      .withCsrfToken()
    res.assertStatus(204)
    const row = await db.from('analytics_events').first()
    assert.equal(row.user_id, user.id)
    const props = typeof row.properties === 'string' ? JSON.parse(row.properties) : row.properties
    assert.deepEqual(props, { role: 'shipper' })
  })

  test('rejects a missing or malformed event name', async ({ client, assert }) => {
    const missing = await client.post('/api/analytics/events').json({}).withCsrfToken()
    missing.assertStatus(422)
    assert.equal(missing.body().errors[0].message, 'Event name is required')
    const bad = await client
      .post('/api/analytics/events')
      .json({ name: 'drop table;' })
      .withCsrfToken()
    bad.assertStatus(422)
    const props = await client
      .post('/api/analytics/events')
      .json({ name: 'x', properties: 'nope' })
      .withCsrfToken()
    props.assertStatus(422)
    assert.lengthOf(await db.from('analytics_events').select('id'), 0)
  })

  test('requires a CSRF token', async ({ client }) => {
    const res = await client.post('/api/analytics/events').json({ name: 'page_view' })
    res.assertStatus(403)
  })
})
