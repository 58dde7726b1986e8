import { test } from '@japa/runner'
import User from '#accounts/models/user'
import { tokenRows } from '#accounts/services/thrifty_access_tokens'
import { baseUrl, makeUser, resetDatabase } from '#tests/helpers'

const me = (token: string) =>
  fetch(`${baseUrl()}/api/user`, {
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
  })

/**
 * Bearer calls answered from the token rows kept in memory (docs/decisions/0071), with a
 * token value verified once kept beside its row: still refused at once when the token is
 * revoked, and a wrong secret for a known token id never passes.
 */
test.group('Bearer tokens read from memory', (group) => {
  group.setup(() => {
    tokenRows.configure(60_000)
    return () => tokenRows.configure(0)
  })
  group.each.setup(async () => {
    await resetDatabase()
    tokenRows.clear() // ids start again after a reset
  })

  test('repeated calls pass; a forged secret for the same token id does not', async ({
    assert,
  }) => {
    const user = await makeUser('shipper')
    const token = (await User.accessTokens.create(user)).value!.release()
    for (let call = 0; call < 3; call++) assert.equal((await me(token)).status, 200)

    const forged = token.slice(0, -4) + (token.endsWith('AAAA') ? 'BBBB' : 'AAAA')
    assert.equal((await me(forged)).status, 401)
    assert.equal((await me(token)).status, 200)
  })

  test('a revoked token is refused at once', async ({ client, assert }) => {
    const user = await makeUser('shipper')
    const created = await User.accessTokens.create(user)
    const token = created.value!.release()
    assert.equal((await me(token)).status, 200)

    const revoked = await client
      .delete(`/api/account/tokens/${created.identifier}`)
      .loginAs(user)
      .withCsrfToken()
    revoked.assertStatus(204)
    assert.equal((await me(token)).status, 401)
  })
})
