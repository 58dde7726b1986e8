import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import partnerCarriers from '#plugins/partner_carriers/services/main'
import User from '#accounts/models/user'
import { baseUrl, businessDayFromToday, eachTestInTransaction, makeUser } from '#tests/helpers'
import { seedReferenceRows } from '#tms/tests/reference_rows'

const LANE = { origin: { postal: '60601' }, destination: { postal: '48201' } }

/** A bearer call with no session cookie, as an integration makes it. */
async function bearer(token: string, path: string, body?: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'authorization': `Bearer ${token}`,
      'accept': 'application/json',
      'content-type': 'application/json',
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: res.status, body: (await res.json()) as any }
}

async function issue(client: any, user: User, abilities?: string[]) {
  const res = await client
    .post('/api/account/tokens')
    .json({ name: 'TMS integration', ...(abilities ? { abilities } : {}) })
    .loginAs(user)
    .withCsrfToken()
  res.assertStatus(201)
  return res.body()
}

test.group('TMS endpoints with API tokens', (group) => {
  eachTestInTransaction(group)
  group.each.setup(async () => {
    await seedReferenceRows()
    partnerCarriers.fake()
  })
  group.each.teardown(() => partnerCarriers.restore())

  test('a default token has tms:read and tms:write: it compares and books', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const issued = await issue(client, shipper)
    assert.deepEqual(issued.abilities, ['tms:read', 'tms:write'])
    const quotes = await bearer(issued.token, '/api/tms/quotes', LANE)
    assert.equal(quotes.status, 200)
    const quote = quotes.body.quotes.find((q: any) => q.provider === 'ltl_partner')
    const booked = await bearer(issued.token, `/api/tms/quotes/${quote.id}/book`, {
      pickup_date: businessDayFromToday(1),
    })
    assert.equal(booked.status, 201)
    assert.match(booked.body.reference, /^TRT-\d{3,}$/)
    // Who am I works with any token; routes outside its abilities do not.
    assert.equal((await bearer(issued.token, '/api/user')).status, 200)
    const other = await bearer(issued.token, '/api/bookings')
    assert.equal(other.status, 403)
    assert.equal(
      other.body.message,
      'This token may only be used for its abilities (tms:read, tms:write)'
    )
  })

  test('a token without tms:write reads quotes but cannot book (403); abilities validated', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const reader = await issue(client, shipper, ['tms:read'])
    const quotes = await bearer(reader.token, '/api/tms/quotes', LANE)
    assert.equal(quotes.status, 200)
    const quote = quotes.body.quotes.find((q: any) => q.provider === 'ltl_partner')
    const refused = await bearer(reader.token, `/api/tms/quotes/${quote.id}/book`, {
      pickup_date: businessDayFromToday(1),
    })
    assert.equal(refused.status, 403)
    assert.equal(refused.body.message, 'Token lacks the tms:write ability')

    const writer = await issue(client, shipper, ['tms:write'])
    const noRead = await bearer(writer.token, '/api/tms/quotes', LANE)
    assert.equal(noRead.status, 403)
    assert.equal(noRead.body.message, 'Token lacks the tms:read ability')

    const bad = await client
      .post('/api/account/tokens')
      .json({ name: 'x', abilities: ['admin'] })
      .loginAs(shipper)
      .withCsrfToken()
    bad.assertStatus(422)
    assert.equal(
      bad.body().message,
      'abilities must be a list of tms:read, tms:write, payments:write'
    )
  })

  test('a revoked or expired token is a 401', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const revoked = await issue(client, shipper)
    const gone = await client
      .delete(`/api/account/tokens/${revoked.id}`)
      .loginAs(shipper)
      .withCsrfToken()
    gone.assertStatus(204)
    assert.equal((await bearer(revoked.token, '/api/tms/quotes', LANE)).status, 401)

    const expired = await issue(client, shipper)
    await db
      .from('auth_access_tokens')
      .where('id', expired.id)
      .update({ expires_at: new Date(Date.now() - 60_000) })
    const res = await bearer(expired.token, '/api/tms/quotes', LANE)
    assert.equal(res.status, 401)
    assert.equal(res.body.message, 'Not signed in')
  })

  test('an admin-issued token (every ability) still reaches the TMS', async ({ assert }) => {
    const shipper = await makeUser('shipper')
    const token = await User.accessTokens.create(shipper, ['*'], { name: 'cli' })
    const res = await bearer(token.value!.release(), '/api/tms/quotes', LANE)
    assert.equal(res.status, 200)
  })
})
