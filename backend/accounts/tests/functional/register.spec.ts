import { test } from '@japa/runner'
import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import User from '#accounts/models/user'
import Carrier from '#fleet/models/carrier'
import { Browserless, baseUrl, makeUser, eachTestInTransaction } from '#tests/helpers'

const shipper = () => ({
  email: 'Pat.Shipper@Example.com',
  password: 'long-enough-secret',
  role: 'shipper',
  firstName: 'Pat',
  lastName: 'Shipper',
  phone: '3125550100',
  username: 'ignored-client-username',
  termsAccepted: true,
  effectiveDateString: '2026-11-21',
})

const carrier = () => ({
  ...shipper(),
  email: 'dispatch@lakeshore.example',
  role: 'carrier',
  firstName: 'Casey',
  lastName: 'Carrier',
  companyName: 'Lakeshore Freight LLC',
  dotNumber: '1234567',
  mcNumber: 'MC765432',
  businessAddress: '200 E Randolph St',
  city: 'Chicago',
  state: 'IL',
  zipCode: '60601',
})

test.group('POST /api/register', (group) => {
  eachTestInTransaction(group)

  test('registers a shipper, records terms acceptance and signs them in', async ({ assert }) => {
    const browser = new Browserless(baseUrl())
    const res = await browser.request('POST', '/api/register', shipper(), {
      headers: { 'user-agent': 'JapaTest/1.0' },
    })
    assert.equal(res.status, 201)
    assert.equal(res.body.email, 'pat.shipper@example.com')
    assert.equal(res.body.username, 'pat.shipper@example.com')
    assert.equal(res.body.role, 'shipper')
    assert.notProperty(res.body, 'password')

    const user = await User.findByOrFail('email', 'pat.shipper@example.com')
    const expectedHash = createHash('sha256')
      .update(readFileSync('legal/user-agreement-2025-01-15.txt', 'utf8'))
      .digest('hex')
    assert.equal(user.termsVersion, '2025-01-15')
    assert.equal(user.termsHash, expectedHash)
    assert.equal(user.termsUserAgent, 'JapaTest/1.0')
    assert.isNotNull(user.termsIp)
    assert.isNotNull(user.termsAcceptedAt)
    assert.isTrue(user.isApproved)

    const me = await browser.request('GET', '/api/user')
    assert.equal(me.status, 200)
    assert.equal(me.body.id, user.id)
  })

  test('registers a carrier with its company row, pending approval', async ({ assert }) => {
    const browser = new Browserless(baseUrl())
    const res = await browser.request('POST', '/api/register', carrier())
    assert.equal(res.status, 201)
    assert.equal(res.body.role, 'carrier')
    assert.isFalse(res.body.isApproved)
    assert.equal(res.body.approvalStatus, 'pending')
    const row = await Carrier.findByOrFail('userId', res.body.id)
    assert.equal(row.companyName, 'Lakeshore Freight LLC')
    assert.equal(row.dotNumber, '1234567')
    assert.equal(row.mcNumber, 'MC765432')
    assert.equal(row.state, 'IL')
    assert.equal(row.zipCode, '60601')
    assert.deepEqual(row.modeMask, ['LTL', 'TL', 'DRAY', 'INTL', 'EXP'])
  })

  test('DOT and MC numbers are optional for carriers', async ({ client }) => {
    const { dotNumber, mcNumber, ...rest } = carrier()
    void dotNumber
    void mcNumber
    const res = await client.post('/api/register').json(rest).withCsrfToken()
    res.assertStatus(201)
  })

  const cases: [string, Record<string, unknown>, string, string][] = [
    ['invalid email', { email: 'not-an-email' }, 'email', 'Invalid email address'],
    ['missing email', { email: undefined }, 'email', 'Invalid email address'],
    [
      'short password',
      { password: 'n3w-secret1' },
      'password',
      'Password must be at least 12 characters',
    ],
    [
      'missing password',
      { password: undefined },
      'password',
      'Password must be at least 12 characters',
    ],
    [
      'common password',
      { password: 'QWERTY123456' },
      'password',
      'This password is too common: choose one that is harder to guess',
    ],
    ['short first name', { firstName: 'P' }, 'firstName', 'First name is required'],
    ['missing first name', { firstName: undefined }, 'firstName', 'First name is required'],
    ['short last name', { lastName: 'S' }, 'lastName', 'Last name is required'],
    ['short phone', { phone: '555-0100' }, 'phone', 'Valid phone number is required'],
    [
      'terms not accepted',
      { termsAccepted: false },
      'termsAccepted',
      'You must accept the User Agreement',
    ],
    [
      'terms missing',
      { termsAccepted: undefined },
      'termsAccepted',
      'You must accept the User Agreement',
    ],
    ['admin self-registration', { role: 'admin' }, 'role', 'Role must be shipper or carrier'],
    ['unknown role', { role: 'broker' }, 'role', 'Role must be shipper or carrier'],
  ]
  for (const [name, change, field, message] of cases) {
    test(`422 on ${name}`, async ({ client, assert }) => {
      const res = await client
        .post('/api/register')
        .json({ ...shipper(), ...change })
        .withCsrfToken()
      res.assertStatus(422)
      const error = res.body().errors.find((e: { field: string }) => e.field === field)
      assert.equal(error?.message, message)
      assert.equal(
        await User.query()
          .count('* as total')
          .first()
          .then((r) => Number(r!.$extras.total)),
        0
      )
    })
  }

  for (const missing of ['companyName', 'businessAddress', 'city', 'state', 'zipCode']) {
    test(`carrier without ${missing} is told all carrier fields are required, on companyName`, async ({
      client,
      assert,
    }) => {
      const res = await client
        .post('/api/register')
        .json({ ...carrier(), [missing]: '' })
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepInclude(res.body().errors, {
        field: 'companyName',
        message: 'All carrier information fields are required',
        rule: 'required',
      })
      assert.isNull(await User.findBy('email', 'dispatch@lakeshore.example'))
      assert.isNull(await Carrier.query().first())
    })
  }

  test('carrier with an unknown state or malformed ZIP is refused', async ({ client, assert }) => {
    const res = await client
      .post('/api/register')
      .json({ ...carrier(), state: 'XX', zipCode: '6060' })
      .withCsrfToken()
    res.assertStatus(422)
    const fields = res.body().errors.map((e: { field: string }) => e.field)
    assert.includeMembers(fields, ['state', 'zipCode'])
  })

  test('phone is optional (auth-page sign-up)', async ({ client }) => {
    const { phone, ...rest } = shipper()
    void phone
    const res = await client.post('/api/register').json(rest).withCsrfToken()
    res.assertStatus(201)
  })

  test('duplicate email is a 422 on email, whatever its case', async ({ client, assert }) => {
    await makeUser('shipper', { email: 'pat.shipper@example.com' })
    const res = await client.post('/api/register').json(shipper()).withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors, [
      { field: 'email', message: 'An account with this email already exists', rule: 'unique' },
    ])
  })

  test('is refused without a CSRF token', async ({ client, assert }) => {
    const res = await client.post('/api/register').json(shipper())
    res.assertStatus(403)
    assert.equal(res.body().message, 'Invalid or missing CSRF token')
    assert.isNull(await User.findBy('email', 'pat.shipper@example.com'))
  })

  test('malformed JSON is a 400, not a 500', async ({ assert }) => {
    const browser = new Browserless(baseUrl())
    await browser.request('GET', '/api/health')
    const res = await fetch(baseUrl() + '/api/register', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'cookie': browser.cookieHeader(),
        'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!),
      },
      body: '{"email": ',
    })
    assert.equal(res.status, 400)
    assert.property(await res.json(), 'message')
  })

  test('a JSON body that is not an object (a bare string, number or null) is a 400 too', async ({
    assert,
  }) => {
    const browser = new Browserless(baseUrl())
    await browser.request('GET', '/api/health')
    for (const body of ['"x"', '42', 'true', 'null']) {
      const res = await fetch(baseUrl() + '/api/register', {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'accept': 'application/json',
          'cookie': browser.cookieHeader(),
          'x-xsrf-token': decodeURIComponent(browser.cookies.get('XSRF-TOKEN')!),
        },
        body,
      })
      assert.equal(res.status, 400, body)
      assert.deepEqual(await res.json(), { message: 'Malformed JSON body' }, body)
    }
  })
})
