/*
 * Admin user management's live notices (docs/decisions/0171, 0210): every action carried out,
 * every request for a second admin and every request refused on confirmation reaches the
 * `admin` channel as `{ kind: 'account', id: <the user's id>, change }`, after the commit, so
 * another admin's user list and user page refetch within the notice. A refused action (409, 422)
 * announces nothing.
 */
import { test } from '@japa/runner'
import mail from '@adonisjs/mail/services/main'
import transmit from '@adonisjs/transmit/services/main'
import { DateTime } from 'luxon'
import User from '#accounts/models/user'
import { ADMIN_CHANNEL } from '#core/live_notices'
import { REFUSED_NOTICE, REQUESTED_NOTICE } from '#admin/services/user_management_service'
import app from '@adonisjs/core/services/app'
import { errors as authErrors } from '@adonisjs/auth'
import LoginThrottle, { LOGIN_LIMITS } from '#accounts/services/login_throttle'
import { eachTestInTransaction, makeUser } from '#tests/helpers'

const REASON = 'Fraud report from the bank, ticket 4411'

type Heard = { channel: string; payload: { kind: string; id: number; change: string } }

/** Records every `account` broadcast until the returned `stop`. */
function recordAccountNotices() {
  const heard: Heard[] = []
  const stop = transmit.on('broadcast', ({ channel, payload }) => {
    if ((payload as { kind?: string } | undefined)?.kind === 'account') {
      heard.push({ channel, payload: payload as unknown as Heard['payload'] })
    }
  })
  return { heard, stop }
}

test.group('Live notices: admin user management', (group) => {
  eachTestInTransaction(group)
  let recorder: ReturnType<typeof recordAccountNotices>
  group.each.setup(() => {
    const fake = mail.fake()
    recorder = recordAccountNotices()
    return () => {
      recorder.stop()
      fake.mails.clear()
      mail.restore()
    }
  })

  const act = (client: any, admin: User, userId: number, action: string, reason = REASON) =>
    client
      .post(`/api/admin/users/${userId}/${action}`)
      .json({ reason })
      .loginAs(admin)
      .withCsrfToken()
  const confirm = (client: any, admin: User, requestId: number) =>
    client.post(`/api/admin/user-actions/${requestId}/confirm`).loginAs(admin).withCsrfToken()
  /** What the admins heard since the last call. */
  const adminsHeard = () => {
    const heard = recorder.heard
      .filter(({ channel }) => channel === ADMIN_CHANNEL)
      .map(({ payload }) => [payload.id, payload.change])
    recorder.heard.length = 0
    return heard
  }

  test('each action on an account reaches the admins once it is done; a refused one does not', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper', { twoFactor: true })
    shipper.lockedUntil = DateTime.now().plus({ minutes: 10 })
    await shipper.save()

    ;(await act(client, admin, shipper.id, 'suspend')).assertStatus(200)
    assert.deepEqual(adminsHeard(), [[shipper.id, 'suspended']])
    ;(await act(client, admin, shipper.id, 'suspend')).assertStatus(409)
    ;(await act(client, admin, shipper.id, 'reinstate', 'short')).assertStatus(422)
    assert.deepEqual(adminsHeard(), [], 'a refused action announces nothing')
    ;(await act(client, admin, shipper.id, 'reinstate')).assertStatus(200)
    assert.deepEqual(adminsHeard(), [[shipper.id, 'reinstated']])

    ;(await act(client, admin, shipper.id, 'reset-two-factor')).assertStatus(200)
    assert.deepEqual(adminsHeard(), [[shipper.id, 'two_factor_reset']])
    ;(await act(client, admin, shipper.id, 'reset-two-factor')).assertStatus(409)
    assert.deepEqual(adminsHeard(), [])
    ;(await act(client, admin, shipper.id, 'revoke-sessions')).assertStatus(200)
    assert.deepEqual(adminsHeard(), [[shipper.id, 'sessions_revoked']])
    ;(await act(client, admin, shipper.id, 'revoke-tokens')).assertStatus(200)
    assert.deepEqual(adminsHeard(), [[shipper.id, 'tokens_revoked']])
    ;(await act(client, admin, shipper.id, 'unlock')).assertStatus(200)
    assert.deepEqual(adminsHeard(), [[shipper.id, 'unlocked']])
    ;(await act(client, admin, shipper.id, 'unlock')).assertStatus(409)
    assert.deepEqual(adminsHeard(), [])
  })

  test('a request on an admin, its confirmation and its refusal reach the admins', async ({
    client,
    assert,
  }) => {
    const alice = await makeUser('admin')
    const bob = await makeUser('admin')
    const carol = await makeUser('admin')

    const asked = await act(client, alice, bob.id, 'revoke-sessions')
    asked.assertStatus(202)
    assert.deepEqual(adminsHeard(), [[bob.id, REQUESTED_NOTICE]])
    ;(await act(client, carol, bob.id, 'revoke-sessions')).assertStatus(409)
    ;(await confirm(client, alice, asked.body().id)).assertStatus(403)
    assert.deepEqual(adminsHeard(), [], 'a duplicate and a forbidden confirmation announce nothing')
    ;(await confirm(client, carol, asked.body().id)).assertStatus(200)
    assert.deepEqual(adminsHeard(), [[bob.id, 'sessions_revoked']])

    // Bob's request on Alice: Bob is suspended before Carol confirms it, so it is refused.
    const bobAsks = (await act(client, bob, alice.id, 'suspend')).body().id
    const aliceAsks = (await act(client, alice, bob.id, 'suspend')).body().id
    assert.deepEqual(adminsHeard(), [
      [alice.id, REQUESTED_NOTICE],
      [bob.id, REQUESTED_NOTICE],
    ])
    ;(await confirm(client, carol, aliceAsks)).assertStatus(200)
    assert.deepEqual(adminsHeard(), [[bob.id, 'suspended']])
    ;(await confirm(client, carol, bobAsks)).assertStatus(409)
    assert.deepEqual(adminsHeard(), [[alice.id, REFUSED_NOTICE]])
  })

  test('an account locked by failed sign-ins reaches the admins once, as it locks', async ({
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const throttle = await app.container.make(LoginThrottle)
    const fail = (i: number) =>
      assert.rejects(() =>
        throttle.attempt(
          { username: shipper.email, ip: `203.0.113.${i}`, knownDevice: false },
          () => Promise.reject(new authErrors.E_INVALID_CREDENTIALS('bad'))
        )
      )
    for (let i = 0; i < LOGIN_LIMITS.account.requests - 1; i++) await fail(i)
    assert.deepEqual(adminsHeard(), [], 'no notice before the lock')
    await fail(LOGIN_LIMITS.account.requests)
    assert.deepEqual(adminsHeard(), [[shipper.id, 'locked']])
  })
})
