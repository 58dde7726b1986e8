import { test } from '@japa/runner'
import { Browserless, makeUser, resetDatabase, startServer } from '#tests/helpers'
import {
  logoutRefusesReplay,
  passwordChangeEndsOtherSessions,
  revokedTokenRefused,
} from '#accounts/tests/cached_read_scenarios'

/**
 * A signed-in request is answered from the session and user rows this process read lately
 * (docs/decisions/0071). These tests run a real server with the database store and a cache
 * lifetime of a minute, so only eviction, never expiry, can make each change take effect.
 */
test.group('Signed-in reads from memory stay exact', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(90_000)

  const withServer = async (run: (url: string) => Promise<void>) => {
    const server = await startServer(Number(process.env.PORT) + 101, {
      SESSION_DRIVER: 'database',
      AUTH_READ_CACHE_MS: '60000',
    })
    try {
      await run(server.url)
    } finally {
      await server.stop()
    }
  }

  const signIn = async (url: string, email: string, password = 'secret123') => {
    const browser = new Browserless(url)
    const login = await browser.signIn(email, password)
    if (login.status !== 200) throw new Error(`login ${email}: ${login.status}`)
    return browser
  }

  test('a cookie read a moment ago is refused once its session logs out', async ({ assert }) => {
    await makeUser('shipper', { email: 'cached-out@example.test', password: 'secret123' })
    await withServer((url) => logoutRefusesReplay(assert, url, url, 'cached-out@example.test'))
  })

  test('a password change ends the other sessions at once, even when just read', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'cached-pw@example.test', password: 'secret123' })
    await withServer((url) =>
      passwordChangeEndsOtherSessions(assert, url, url, 'cached-pw@example.test')
    )
  })

  test('an approval lets a pending carrier in on the next request', async ({ assert }) => {
    await makeUser('carrier', {
      email: 'cached-pending@example.test',
      password: 'secret123',
      isApproved: false,
      approvalStatus: 'pending',
    })
    await makeUser('admin', { email: 'cached-admin@example.test', password: 'secret123' })
    await withServer(async (url) => {
      const carrier = await signIn(url, 'cached-pending@example.test')
      const before = await carrier.request('GET', '/api/freight-listings')
      assert.equal(before.status, 403)
      assert.equal(before.body.message, 'Account pending approval')
      const me = await carrier.request('GET', '/api/user')
      assert.isFalse(me.body.isApproved)

      const admin = await signIn(url, 'cached-admin@example.test')
      const approve = await admin.request('PUT', `/api/admin/users/${me.body.id}/approve`, {
        isApproved: true,
      })
      assert.equal(approve.status, 200, JSON.stringify(approve.body))

      assert.equal((await carrier.request('GET', '/api/freight-listings')).status, 200)
      assert.isTrue((await carrier.request('GET', '/api/user')).body.isApproved)
    })
  })

  test('a tampered session cookie is refused after the real one was checked', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'cached-tamper@example.test', password: 'secret123' })
    await withServer(async (url) => {
      const browser = await signIn(url, 'cached-tamper@example.test')
      assert.equal((await browser.request('GET', '/api/user')).status, 200)
      const session = browser.cookies.get('palletline-session')!
      const forged = new Browserless(url)
      forged.cookies = new Map(browser.cookies)
      // Flip the last character of the signature.
      const last = session.at(-1) === 'A' ? 'B' : 'A'
      forged.cookies.set('palletline-session', `${session.slice(0, -1)}${last}`)
      assert.equal((await forged.request('GET', '/api/user')).status, 401)
      assert.equal((await browser.request('GET', '/api/user')).status, 200)
    })
  })

  test('a revoked API token is refused on the next call, even just after a use', async ({
    assert,
  }) => {
    await makeUser('shipper', { email: 'cached-token@example.test', password: 'secret123' })
    await withServer((url) => revokedTokenRefused(assert, url, url, 'cached-token@example.test'))
  })

  test('a bearer call sees its user’s change at once, even just after a use', async ({
    assert,
  }) => {
    await makeUser('carrier', {
      email: 'cached-bearer@example.test',
      password: 'secret123',
      isApproved: false,
      approvalStatus: 'pending',
    })
    await makeUser('admin', { email: 'cached-admin2@example.test', password: 'secret123' })
    await withServer(async (url) => {
      const carrier = await signIn(url, 'cached-bearer@example.test')
      const me = await carrier.request('GET', '/api/user')
      const admin = await signIn(url, 'cached-admin2@example.test')
      const approve = (isApproved: boolean) =>
        admin.request('PUT', `/api/admin/users/${me.body.id}/approve`, { isApproved })
      assert.equal((await approve(true)).status, 200)
      const created = await carrier.request('POST', '/api/account/tokens', { name: 'tms' })
      assert.equal(created.status, 201, JSON.stringify(created.body))
      // A TMS call with the carrier's token: past the role gate, the empty form is a 422.
      const compare = () =>
        fetch(`${url}/api/tms/quotes`, {
          method: 'POST',
          headers: {
            'authorization': `Bearer ${created.body.token}`,
            'accept': 'application/json',
            'content-type': 'application/json',
          },
          body: '{}',
        })
      for (let i = 0; i < 3; i++) {
        const res = await compare()
        assert.equal(res.status, 422, await res.text())
      }

      const revoke = await approve(false)
      assert.equal(revoke.status, 200, JSON.stringify(revoke.body))
      const refused = await compare()
      assert.equal(refused.status, 403)
      assert.equal(((await refused.json()) as any).message, 'Account pending approval')
    })
  })
})
