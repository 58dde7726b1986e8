import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { Browserless, baseUrl, makeUser, eachTestInTransaction } from '#tests/helpers'

test.group('POST /api/analytics/events', (group) => {
  eachTestInTransaction(group)

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

  test('records a page view from a visitor who has no session at all', async ({ assert }) => {
    // A real first visit: an XSRF cookie from GET /api/user, and no session cookie.
    const browser = new Browserless(baseUrl())
    const res = await browser.request('POST', '/api/analytics/events', {
      name: 'page_view',
      path: '/overview',
    })
    assert.equal(res.status, 204)
    const row = await db.from('analytics_events').where('path', '/overview').firstOrFail()
    assert.isNull(row.user_id)
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
