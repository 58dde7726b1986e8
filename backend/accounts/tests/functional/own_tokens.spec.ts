import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#accounts/models/user'
import { MAX_LIVE_TOKENS } from '#accounts/services/token_service'
import { Browserless, baseUrl, makeUser, resetDatabase } from '#tests/helpers'

const TOKENS = '/api/account/tokens'

async function signedIn(email: string) {
  const browser = new Browserless(baseUrl())
  const res = await browser.request('POST', '/api/login', {
    username: email,
    password: 'secret123',
  })
  if (res.status !== 200) throw new Error(`login failed: ${res.status}`)
  return browser
}

const bearer = (token: string) =>
  fetch(`${baseUrl()}/api/user`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  })

test.group('Settings: own API tokens (/api/account/tokens)', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(60_000)

  test('a user issues a token (90 days by default) that calls the API, lists it, revokes it', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const created = await client
      .post(TOKENS)
      .json({ name: ' TMS integration ' })
      .loginAs(shipper)
      .withCsrfToken()
    created.assertStatus(201)
    const { token, id, name, expiresAt } = created.body()
    assert.match(token, /^plt_/)
    assert.equal(name, 'TMS integration')
    const days = DateTime.fromISO(expiresAt).diffNow('days').days
    assert.closeTo(days, 90, 0.01)

    const me = await bearer(token)
    assert.equal(me.status, 200)
    assert.equal(((await me.json()) as { id: number }).id, shipper.id)

    const list = await client.get(TOKENS).loginAs(shipper)
    list.assertStatus(200)
    assert.lengthOf(list.body(), 1)
    assert.include(list.body()[0], { id, name: 'TMS integration', userId: shipper.id })
    assert.notProperty(list.body()[0], 'token')

    const short = await client
      .post(TOKENS)
      .json({ name: 'nightly export', expiresInDays: 7 })
      .loginAs(shipper)
      .withCsrfToken()
    assert.closeTo(DateTime.fromISO(short.body().expiresAt).diffNow('days').days, 7, 0.01)
    const both = await client.get(TOKENS).loginAs(shipper)
    assert.deepEqual(
      both.body().map((t: { name: string }) => t.name),
      ['nightly export', 'TMS integration']
    )

    const revoked = await client.delete(`${TOKENS}/${id}`).loginAs(shipper).withCsrfToken()
    revoked.assertStatus(204)
    assert.equal((await bearer(token)).status, 401)
    assert.lengthOf((await client.get(TOKENS).loginAs(shipper)).body(), 1)
  })

  test("another user's token is a 404 to revoke, is not listed, and keeps working", async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('shipper')
    const created = await client
      .post(TOKENS)
      .json({ name: 'dispatch' })
      .loginAs(owner)
      .withCsrfToken()
    const id = created.body().id
    const res = await client.delete(`${TOKENS}/${id}`).loginAs(other).withCsrfToken()
    res.assertStatus(404)
    res.assertBody({ message: 'Token not found' })
    assert.lengthOf((await client.get(TOKENS).loginAs(other)).body(), 0)
    assert.equal((await bearer(created.body().token)).status, 200)
    const unknown = await client.delete(`${TOKENS}/999999`).loginAs(owner).withCsrfToken()
    unknown.assertStatus(404)
  })

  test('bad input is a 422 with its message and issues nothing', async ({ client, assert }) => {
    const user = await makeUser('shipper')
    for (const [body, message] of [
      [{}, 'Token name is required'],
      [{ name: '   ' }, 'Token name is required'],
      [{ name: 7 }, 'Token name is required'],
      [{ name: 'x'.repeat(101) }, 'Token name must be at most 100 characters'],
      [{ name: 'cli', expiresInDays: 0 }, 'expiresInDays must be between 1 and 365'],
      [{ name: 'cli', expiresInDays: 366 }, 'expiresInDays must be between 1 and 365'],
      [{ name: 'cli', expiresInDays: 1.5 }, 'expiresInDays must be between 1 and 365'],
      [{ name: 'cli', expiresInDays: 'forever' }, 'expiresInDays must be between 1 and 365'],
    ] as const) {
      const res = await client.post(TOKENS).json(body).loginAs(user).withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(
        res.body().errors.map((e: { message: string }) => e.message),
        [message],
        JSON.stringify(body)
      )
    }
    const [{ count }] = await db.from('auth_access_tokens').count('* as count')
    assert.equal(Number(count), 0)
  })

  test(`at most ${MAX_LIVE_TOKENS} live tokens; an expired one does not count`, async ({
    client,
    assert,
  }) => {
    const user = await makeUser('admin')
    const expired = await User.accessTokens.create(user, ['*'], { name: 'old', expiresIn: '1 day' })
    await db
      .from('auth_access_tokens')
      .where('id', expired.identifier as number)
      .update({ expires_at: DateTime.now().minus({ days: 1 }).toJSDate() })
    for (let i = 0; i < MAX_LIVE_TOKENS; i++) {
      const res = await client
        .post(TOKENS)
        .json({ name: `t${i}` })
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(201)
    }
    const over = await client.post(TOKENS).json({ name: 'one more' }).loginAs(user).withCsrfToken()
    over.assertStatus(422)
    assert.deepEqual(over.body().errors, [
      {
        field: 'name',
        message: `You can have at most ${MAX_LIVE_TOKENS} API tokens: revoke one first`,
        rule: 'maxTokens',
      },
    ])
    const list = (await client.get(TOKENS).loginAs(user)).body()
    assert.lengthOf(list, MAX_LIVE_TOKENS + 1)
  })

  test('the cap holds when many creations race at the server', async ({ assert }) => {
    await makeUser('shipper', { email: 'racer@example.test' })
    const browser = await signedIn('racer@example.test')
    const results = await Promise.all(
      Array.from({ length: MAX_LIVE_TOKENS + 8 }, (_, i) =>
        browser.request('POST', TOKENS, { name: `race ${i}` })
      )
    )
    const statuses = results.map((r) => r.status)
    assert.isTrue(
      statuses.every((s) => s === 201 || s === 422),
      statuses.join(',')
    )
    const [{ count }] = await db.from('auth_access_tokens').count('* as count')
    assert.isAtMost(Number(count), MAX_LIVE_TOKENS)
    assert.equal(statuses.filter((s) => s === 201).length, Number(count))
  })

  test('a bearer token cannot list, issue or revoke tokens; anonymous 401; pending carrier 403', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('shipper')
    const token = await User.accessTokens.create(user, ['*'], { name: 'x', expiresIn: '1 day' })
    const secret = token.value!.release()
    for (const [method, path] of [
      ['GET', TOKENS],
      ['POST', TOKENS],
      ['DELETE', `${TOKENS}/${token.identifier}`],
    ] as const) {
      const res = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: {
          'authorization': `Bearer ${secret}`,
          'accept': 'application/json',
          'content-type': 'application/json',
        },
        body: method === 'POST' ? JSON.stringify({ name: 'minted' }) : undefined,
      })
      assert.equal(res.status, 401, `${method} ${path}`)
    }
    const anonymous = await client.get(TOKENS)
    anonymous.assertStatus(401)
    const pending = await makeUser('carrier', { isApproved: false })
    const refused = await client
      .post(TOKENS)
      .json({ name: 'early' })
      .loginAs(pending)
      .withCsrfToken()
    refused.assertStatus(403)
    refused.assertBody({ message: 'Account pending approval' })
    const noCsrf = await client.post(TOKENS).json({ name: 'x' }).loginAs(user)
    noCsrf.assertStatus(403)
    const [{ count }] = await db.from('auth_access_tokens').count('* as count')
    assert.equal(Number(count), 1)
  })
})
