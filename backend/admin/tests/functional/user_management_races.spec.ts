/*
 * The two-person rule under races (docs/decisions/0212), at a real server and a second server
 * process: two admins asking to suspend each other, and two admins confirming one request at
 * once. Exactly one wins each time.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { verifyChain } from '#core/hash_chain'
import { ADMIN_AUDIT_CHAIN } from '#admin/chains'
import { Browserless, baseUrl, makeUser, resetDatabase, startServer } from '#tests/helpers'

const REASON = 'Shared credentials seen in the incident review'

async function adminSessions(admins: User[], urls: string[]) {
  const sessions: Browserless[] = []
  for (const [i, admin] of admins.entries()) {
    const session = new Browserless(urls[i % urls.length])
    const res = await session.signIn(admin.email)
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${res.text}`)
    await session.request('GET', '/api/health')
    sessions.push(session)
  }
  return sessions
}

test.group('The two-person rule under races, two processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    second = await startServer(Number(process.env.PORT) + 135)
    return () => second.stop()
  })

  test('two admins suspend each other, a third confirms both at once: one wins', async ({
    assert,
  }) => {
    const [alice, bob, carol] = [
      await makeUser('admin'),
      await makeUser('admin'),
      await makeUser('admin'),
    ]
    const [a, b] = await adminSessions([alice, bob], [baseUrl(), second.url])
    // Carol signed in once on each server.
    const [c, c2] = await adminSessions([carol, carol], [baseUrl(), second.url])
    const asked = await Promise.all([
      a.request('POST', `/api/admin/users/${bob.id}/suspend`, { reason: REASON }),
      b.request('POST', `/api/admin/users/${alice.id}/suspend`, { reason: REASON }),
    ])
    assert.deepEqual(
      asked.map((r) => r.status),
      [202, 202]
    )
    const confirmed = await Promise.all([
      c.request('POST', `/api/admin/user-actions/${asked[0].body.id}/confirm`),
      c2.request('POST', `/api/admin/user-actions/${asked[1].body.id}/confirm`),
    ])
    const statuses = confirmed.map((r) => r.status).sort()
    assert.deepEqual(statuses, [200, 409], JSON.stringify(confirmed.map((r) => r.body)))
    const standings = [
      (await User.findOrFail(alice.id)).approvalStatus,
      (await User.findOrFail(bob.id)).approvalStatus,
    ].sort()
    assert.deepEqual(standings, ['approved', 'suspended'])
    const statusesInDb = (await db.from('admin_user_action_requests').select('status'))
      .map((r) => r.status)
      .sort()
    assert.deepEqual(statusesInDb, ['done', 'refused'])
    assert.isTrue((await verifyChain(db.connection(), ADMIN_AUDIT_CHAIN)).ok)
  })

  test('two admins confirm one request at once: one wins, the other is 409', async ({ assert }) => {
    const [alice, bob, carol, dave] = [
      await makeUser('admin'),
      await makeUser('admin'),
      await makeUser('admin'),
      await makeUser('admin'),
    ]
    const [a, c, d] = await adminSessions([alice, carol, dave], [baseUrl(), second.url])
    const asked = await a.request('POST', `/api/admin/users/${bob.id}/revoke-sessions`, {
      reason: REASON,
    })
    assert.equal(asked.status, 202)
    const results = await Promise.all([
      c.request('POST', `/api/admin/user-actions/${asked.body.id}/confirm`),
      d.request('POST', `/api/admin/user-actions/${asked.body.id}/confirm`),
    ])
    assert.deepEqual(
      results.map((r) => r.status).sort(),
      [200, 409],
      JSON.stringify(results.map((r) => r.body))
    )
    const audit = await db.from('admin_audit_log').where('target_user_id', bob.id)
    assert.lengthOf(audit, 1)
    assert.isTrue((await verifyChain(db.connection(), ADMIN_AUDIT_CHAIN)).ok)
  })
})
