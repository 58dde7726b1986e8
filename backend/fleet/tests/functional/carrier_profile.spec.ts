import { test } from '@japa/runner'
import { makeUser, eachTestInTransaction } from '#tests/helpers'

test.group('GET /api/carrier/profile (approved-carrier gate)', (group) => {
  eachTestInTransaction(group)

  test('an approved carrier reads its own company profile', async ({ client, assert }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const res = await client.get('/api/carrier/profile').loginAs(carrier)
    res.assertStatus(200)
    assert.equal(res.body().userId, carrier.id)
    assert.match(res.body().companyName, /Test Freight/)
    assert.notProperty(res.body(), 'stripeAccountId')
  })

  test('an unapproved carrier gets 403 Account pending approval', async ({ client }) => {
    const carrier = await makeUser('carrier', { isApproved: false })
    const res = await client.get('/api/carrier/profile').loginAs(carrier)
    res.assertStatus(403)
    res.assertBody({ message: 'Account pending approval' })
  })

  test('a rejected carrier is still refused', async ({ client }) => {
    const carrier = await makeUser('carrier', { isApproved: false, approvalStatus: 'rejected' })
    const res = await client.get('/api/carrier/profile').loginAs(carrier)
    res.assertStatus(403)
    res.assertBody({ message: 'Account pending approval' })
  })

  for (const role of ['shipper', 'admin'] as const) {
    test(`a ${role} is forbidden`, async ({ client }) => {
      const user = await makeUser(role)
      const res = await client.get('/api/carrier/profile').loginAs(user)
      res.assertStatus(403)
    })
  }

  test('signed out is a 401', async ({ client }) => {
    const res = await client.get('/api/carrier/profile')
    res.assertStatus(401)
  })
})

test.group('PUT /api/carrier/profile (company address)', (group) => {
  eachTestInTransaction(group)

  const address = {
    businessAddress: '2200 S Halsted St',
    city: 'Chicago',
    state: 'il',
    zipCode: '60608',
  }

  test('an approved carrier changes its address; the identity fields stay', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const before = (await client.get('/api/carrier/profile').loginAs(carrier)).body()
    const res = await client
      .put('/api/carrier/profile')
      .json({
        ...address,
        companyName: before.companyName,
        dotNumber: before.dotNumber,
        mcNumber: before.mcNumber,
      })
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(200)
    assert.include(res.body(), { ...address, state: 'IL', companyName: before.companyName })
    const after = (await client.get('/api/carrier/profile').loginAs(carrier)).body()
    assert.deepEqual(after, res.body())
  })

  test('changing the company name, DOT or MC number is a 422 and changes nothing', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const before = (await client.get('/api/carrier/profile').loginAs(carrier)).body()
    for (const [field, value, label] of [
      ['companyName', 'Someone Else Trucking', 'Company name'],
      ['dotNumber', '9999999', 'DOT number'],
      ['mcNumber', null, 'MC number'],
    ] as const) {
      const res = await client
        .put('/api/carrier/profile')
        .json({ ...address, [field]: value })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(
        res.body().errors.map((e: { field: string; message: string }) => [e.field, e.message]),
        [[field, `${label} was checked at approval and cannot be changed here: contact support`]]
      )
    }
    const after = (await client.get('/api/carrier/profile').loginAs(carrier)).body()
    assert.deepEqual(after, before)
  })

  test('each bad address field is a 422 with its message and changes nothing', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const before = (await client.get('/api/carrier/profile').loginAs(carrier)).body()
    for (const [patch, field, message] of [
      [{ businessAddress: '   ' }, 'businessAddress', 'Business address is required'],
      [{ businessAddress: undefined }, 'businessAddress', 'Business address is required'],
      [{ city: '' }, 'city', 'City is required'],
      [{ state: 'XX' }, 'state', 'State must be a two-letter US state code'],
      [{ state: 7 }, 'state', 'State must be a two-letter US state code'],
      [{ zipCode: '6060' }, 'zipCode', 'ZIP code must have 5 digits'],
      [{ zipCode: '60601-12' }, 'zipCode', 'ZIP code must have 5 digits'],
      [{ city: 'x'.repeat(101) }, 'city', 'City must be at most 100 characters'],
    ] as const) {
      const res = await client
        .put('/api/carrier/profile')
        .json({ ...address, ...patch })
        .loginAs(carrier)
        .withCsrfToken()
      res.assertStatus(422)
      const errors = res.body().errors as { field: string; message: string }[]
      assert.deepInclude(
        errors.map((e) => [e.field, e.message]),
        [field, message],
        JSON.stringify(patch)
      )
    }
    const after = (await client.get('/api/carrier/profile').loginAs(carrier)).body()
    assert.deepEqual(after, before)
  })

  test('anonymous 401, without CSRF 403; a pending carrier, a shipper and an admin 403', async ({
    client,
  }) => {
    const anonymous = await client.put('/api/carrier/profile').json(address).withCsrfToken()
    anonymous.assertStatus(401)
    const carrier = await makeUser('carrier', { isApproved: true })
    const noCsrf = await client.put('/api/carrier/profile').json(address).loginAs(carrier)
    noCsrf.assertStatus(403)
    const pending = await makeUser('carrier', { isApproved: false })
    const res = await client
      .put('/api/carrier/profile')
      .json(address)
      .loginAs(pending)
      .withCsrfToken()
    res.assertStatus(403)
    res.assertBody({ message: 'Account pending approval' })
    for (const role of ['shipper', 'admin'] as const) {
      const other = await makeUser(role)
      const refused = await client
        .put('/api/carrier/profile')
        .json(address)
        .loginAs(other)
        .withCsrfToken()
      refused.assertStatus(403)
    }
  })
})
