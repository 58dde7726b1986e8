import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { baseUrl, makeUser, eachTestInTransaction } from '#tests/helpers'

test.group('Admin access tokens: /api/admin/tokens', (group) => {
  eachTestInTransaction(group)

  test('an admin issues a bearer token that authenticates API calls, then revokes it', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper')
    const created = await client
      .post('/api/admin/tokens')
      .json({ userId: shipper.id, name: 'TMS integration', expiresInDays: 30 })
      .loginAs(admin)
      .withCsrfToken()
    created.assertStatus(201)
    const { token, id } = created.body()
    assert.match(token, /^plt_/)
    assert.equal(created.body().name, 'TMS integration')
    assert.isNotNull(created.body().expiresAt)

    const me = await client.get('/api/user').header('authorization', `Bearer ${token}`)
    me.assertStatus(200)
    assert.equal(me.body().id, shipper.id)

    const list = await client.get(`/api/admin/tokens?userId=${shipper.id}`).loginAs(admin)
    list.assertStatus(200)
    assert.lengthOf(list.body(), 1)
    assert.notProperty(list.body()[0], 'token')

    const revoked = await client
      .delete(`/api/admin/tokens/${shipper.id}/${id}`)
      .loginAs(admin)
      .withCsrfToken()
    revoked.assertStatus(204)
    const after = await client.get('/api/user').header('authorization', `Bearer ${token}`)
    after.assertStatus(401)
  })

  test('bearer calls without a session cookie need no CSRF token; a bad token is a 401', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const created = await client
      .post('/api/admin/tokens')
      .json({ userId: admin.id, name: 'cli' })
      .loginAs(admin)
      .withCsrfToken()
    const pending = await makeUser('carrier', { isApproved: false })
    // Plain fetch, as the CLI calls: no cookies at all (Japa's client always sends a session).
    const res = await fetch(`${baseUrl()}/api/admin/users/${pending.id}/approve`, {
      method: 'PUT',
      headers: {
        'authorization': `Bearer ${created.body().token}`,
        'content-type': 'application/json',
        'accept': 'application/json',
      },
      body: JSON.stringify({ isApproved: true }),
    })
    assert.equal(res.status, 200)
    const bad = await client
      .get('/api/admin/users/pending')
      .header('authorization', 'Bearer plt_not-a-token')
    bad.assertStatus(401)
  })

  test('validation: user id and name are required; unknown user 404; unknown token 404', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const res = await client.post('/api/admin/tokens').json({}).loginAs(admin).withCsrfToken()
    res.assertStatus(422)
    assert.sameMembers(
      res.body().errors.map((e: { message: string }) => e.message),
      ['userId is required', 'Token name is required']
    )
    const range = await client
      .post('/api/admin/tokens')
      .json({ userId: admin.id, name: 'x', expiresInDays: 0 })
      .loginAs(admin)
      .withCsrfToken()
    range.assertStatus(422)
    const missing = await client
      .post('/api/admin/tokens')
      .json({ userId: 999999, name: 'x' })
      .loginAs(admin)
      .withCsrfToken()
    missing.assertStatus(404)
    const noToken = await client
      .delete(`/api/admin/tokens/${admin.id}/424242`)
      .loginAs(admin)
      .withCsrfToken()
    noToken.assertStatus(404)
  })

  for (const role of ['shipper', 'carrier'] as const) {
    test(`a ${role} cannot issue tokens`, async ({ client }) => {
      const user = await makeUser(role, { isApproved: true })
      const res = await client
        .post('/api/admin/tokens')
        .json({ userId: user.id, name: 'mine' })
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(403)
    })
  }

  test('signed out is a 401', async ({ client }) => {
    const res = await client.get('/api/admin/tokens')
    res.assertStatus(401)
  })

  test('a token without a lifetime expires after 90 days, and an expired token is refused', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper')
    const created = await client
      .post('/api/admin/tokens')
      .json({ userId: shipper.id, name: 'CLI' })
      .loginAs(admin)
      .withCsrfToken()
    created.assertStatus(201)
    const expiresAt = DateTime.fromISO(created.body().expiresAt)
    const days = expiresAt.diff(DateTime.now(), 'days').days
    assert.isAbove(days, 89.9)
    assert.isAtMost(days, 90)

    const { token, id } = created.body()
    const ok = await client.get('/api/user').header('authorization', `Bearer ${token}`)
    ok.assertStatus(200)
    await db
      .from('auth_access_tokens')
      .where('id', id)
      .update({ expires_at: DateTime.now().minus({ minutes: 1 }).toJSDate() })
    const expired = await client.get('/api/user').header('authorization', `Bearer ${token}`)
    expired.assertStatus(401)
  })
})
