import { test } from '@japa/runner'
import User from '#accounts/models/user'
import { makeUser, eachTestInTransaction } from '#tests/helpers'

const PROFILE = '/api/account/profile'

test.group('PUT /api/account/profile', (group) => {
  eachTestInTransaction(group)

  test('each role edits its own name and phone; email and username stay', async ({
    client,
    assert,
  }) => {
    for (const role of ['shipper', 'carrier', 'admin'] as const) {
      const user = await makeUser(role, { isApproved: true })
      const res = await client
        .put(PROFILE)
        .json({
          firstName: '  Dana ',
          lastName: 'Okafor',
          phone: '(312) 555-0199',
          email: 'taken@x.test',
          username: 'someone',
          role: 'admin',
        })
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(200)
      assert.include(res.body(), {
        id: user.id,
        firstName: 'Dana',
        lastName: 'Okafor',
        phone: '(312) 555-0199',
        email: user.email,
        username: user.username,
        role,
      })
      assert.notProperty(res.body(), 'password')
      const me = await client.get('/api/user').loginAs(user)
      assert.equal(me.body().firstName, 'Dana')
    }
  })

  test('an empty phone (null or an empty string) removes it', async ({ client, assert }) => {
    const user = await makeUser('shipper')
    for (const phone of [null, '']) {
      await User.query().where('id', user.id).update({ phone: '3125550100' })
      const res = await client
        .put(PROFILE)
        .json({ firstName: 'Sam', lastName: 'Lee', phone })
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(200)
      assert.isNull((await User.findOrFail(user.id)).phone)
    }
  })

  test('each bad field is a 422 with its message and changes nothing', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('shipper', { firstName: 'Sam', lastName: 'Lee' })
    const good = { firstName: 'Dana', lastName: 'Okafor', phone: '3125550199' }
    for (const [patch, field, message] of [
      [{ firstName: 'D' }, 'firstName', 'First name is required'],
      [{ firstName: '  ' }, 'firstName', 'First name is required'],
      [{ firstName: undefined }, 'firstName', 'First name is required'],
      [{ firstName: 42 }, 'firstName', 'First name is required'],
      [{ firstName: 'x'.repeat(101) }, 'firstName', 'First name must be at most 100 characters'],
      [{ lastName: '' }, 'lastName', 'Last name is required'],
      [{ phone: '555-01' }, 'phone', 'Valid phone number is required'],
      [{ phone: '1'.repeat(33) }, 'phone', 'Valid phone number is required'],
    ] as const) {
      const res = await client
        .put(PROFILE)
        .json({ ...good, ...patch })
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(
        res.body().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [[field, message]],
        JSON.stringify(patch)
      )
    }
    const after = await User.findOrFail(user.id)
    assert.deepInclude(after.toJSON(), { firstName: 'Sam', lastName: 'Lee', phone: '3125550100' })
  })

  test('anonymous is a 401; no CSRF token a 403; a bearer token cannot edit the profile', async ({
    client,
    assert,
  }) => {
    const body = { firstName: 'Dana', lastName: 'Okafor', phone: null }
    const anonymous = await client.put(PROFILE).json(body).withCsrfToken()
    anonymous.assertStatus(401)
    const user = await makeUser('shipper')
    const noCsrf = await client.put(PROFILE).json(body).loginAs(user)
    noCsrf.assertStatus(403)
    const token = await User.accessTokens.create(user, ['*'], { expiresIn: '1 day' })
    const bearer = await client
      .put(PROFILE)
      .json(body)
      .header('authorization', `Bearer ${token.value!.release()}`)
      .withCsrfToken()
    bearer.assertStatus(401)
    assert.equal((await User.findOrFail(user.id)).firstName, 'Test')
  })
})
