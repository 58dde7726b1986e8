/*
 * Admin user management (docs/decisions/0210-0212): the list, one user's page, the actions with
 * their reasons in the hash-chained admin audit log, and the two-person rule on admin accounts.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { errors as authErrors } from '@adonisjs/auth'
import User from '#accounts/models/user'
import LoginThrottle, { ACCOUNT_LOCKED, LOGIN_LIMITS } from '#accounts/services/login_throttle'
import {
  AccountActionMail,
  AccountReinstatedMail,
  AccountSuspendedMail,
} from '#accounts/services/standing_mail_service'
import TokenService from '#accounts/services/token_service'
import { endAllSessions } from '#accounts/services/user_sessions'
import { verifyChain } from '#core/hash_chain'
import { ADMIN_AUDIT_CHAIN } from '#admin/chains'
import {
  ALREADY_SUSPENDED,
  LAST_ADMIN,
  NOT_LOCKED,
  NOT_PENDING,
  NOT_SUSPENDED,
  OWN_ACCOUNT_REQUEST,
  OWN_REQUEST,
  OWN_TWO_FACTOR,
  TWO_FACTOR_NOT_ON,
  USER_ACTIONS,
} from '#admin/services/user_management_service'
import { Browserless, baseUrl, eachTestInTransaction, makeUser } from '#tests/helpers'
import { carrierOf } from '#tests/factories'
import { companyFor, makeMember } from '#accounts/tests/companies'

const REASON = 'Fraud report from the bank, ticket 4411'

async function named(role: 'shipper' | 'carrier' | 'admin', firstName: string, lastName: string) {
  return makeUser(role, { firstName, lastName, isApproved: true })
}

test.group('GET /api/admin/users', (group) => {
  eachTestInTransaction(group)

  test('every user, filtered, searched, sorted and paged', async ({ client, assert }) => {
    const admin = await named('admin', 'Ada', 'Admin')
    const shipper = await named('shipper', 'Sally', 'Shipper')
    const carrier = await named('carrier', 'Carl', 'Carrier')
    const company = await carrierOf(carrier)
    company.companyName = 'Zephyr Haulers LLC'
    await company.save()
    const pending = await makeUser('carrier', { isApproved: false, firstName: 'Pat' })
    shipper.lastSignInAt = DateTime.now().minus({ days: 1 })
    shipper.lockedUntil = DateTime.now().plus({ minutes: 10 })
    await shipper.save()

    const all = await client.get('/api/admin/users').loginAs(admin)
    all.assertStatus(200)
    assert.equal(all.body().meta.total, 4)
    const rowOf = (id: number) => all.body().data.find((r: any) => r.id === id)
    assert.deepInclude(rowOf(carrier.id), {
      email: carrier.email,
      name: 'Carl Carrier',
      role: 'carrier',
      approval: 'approved',
      standing: 'active',
      twoFactor: false,
      lastSignInAt: null,
    })
    assert.deepEqual(rowOf(carrier.id).company, {
      carrierId: company.id,
      name: 'Zephyr Haulers LLC',
      dotNumber: company.dotNumber,
      mcNumber: company.mcNumber,
    })
    assert.include(rowOf(shipper.id), { standing: 'locked', company: null })
    assert.isString(rowOf(shipper.id).lastSignInAt)
    assert.include(rowOf(admin.id), { twoFactor: true, role: 'admin' })
    assert.equal(rowOf(pending.id).approval, 'pending')

    const ids = async (qs: string) => {
      const res = await client.get(`/api/admin/users?${qs}`).loginAs(admin)
      res.assertStatus(200)
      return res.body().data.map((r: any) => r.id)
    }
    assert.deepEqual(await ids('role=admin'), [admin.id])
    assert.deepEqual(await ids('approval=pending'), [pending.id])
    assert.deepEqual(await ids('standing=locked'), [shipper.id])
    assert.sameMembers(await ids('standing=active'), [admin.id, carrier.id, pending.id])
    assert.deepEqual(await ids('twoFactor=on'), [admin.id])
    assert.deepEqual(await ids('q=zephyr'), [carrier.id])
    assert.deepEqual(await ids(`q=${company.dotNumber}`), [carrier.id])
    assert.deepEqual(await ids(`q=${company.mcNumber!.toLowerCase()}`), [carrier.id])
    assert.deepEqual(await ids('q=sally%20shipper'), [shipper.id])
    assert.deepEqual(await ids(`q=${encodeURIComponent(admin.email)}`), [admin.id])
    assert.deepEqual(await ids('q=100%25'), [])
    // Without a company or a sign-in: last, whichever the direction.
    // The pending carrier's company is "Test Freight N LLC".
    assert.deepEqual((await ids('sort=company&direction=asc')).slice(0, 2), [
      pending.id,
      carrier.id,
    ])
    assert.deepEqual((await ids('sort=company&direction=desc')).slice(0, 2), [
      carrier.id,
      pending.id,
    ])
    assert.equal((await ids('sort=lastSignIn'))[0], shipper.id)
    const byEmail = await ids('sort=email&direction=asc')
    assert.deepEqual(
      byEmail,
      [...byEmail].sort((a, b) => {
        const email = (id: number) => all.body().data.find((r: any) => r.id === id).email
        return email(a).localeCompare(email(b))
      })
    )
    const paged = await client.get('/api/admin/users?perPage=3&page=2').loginAs(admin)
    assert.lengthOf(paged.body().data, 1)
    assert.deepEqual(paged.body().meta, { total: 4, perPage: 3, currentPage: 2, lastPage: 2 })
  })

  test("a member login shows its company and its role there; the company's name and DOT find it", async ({
    client,
    assert,
  }) => {
    const admin = await named('admin', 'Ada', 'Admin')
    const owner = await named('carrier', 'Olga', 'Owner')
    const carrier = await carrierOf(owner)
    carrier.companyName = 'Quarry Road Freight LLC'
    await carrier.save()
    const company = await companyFor(owner)
    const driver = await makeMember(owner, 'driver', { firstName: 'Dora' })
    const shipper = await named('shipper', 'Sam', 'Shipper')
    const planner = await makeMember(shipper, 'planner')
    const shipperCompany = await companyFor(shipper)

    const all = await client.get('/api/admin/users').loginAs(admin)
    all.assertStatus(200)
    const rowOf = (id: number) => all.body().data.find((r: any) => r.id === id)
    // The driver's row carries the carrier's record (DOT, MC) and its role in the company.
    assert.deepEqual(rowOf(driver.id).company, {
      carrierId: carrier.id,
      name: 'Quarry Road Freight LLC',
      dotNumber: carrier.dotNumber,
      mcNumber: carrier.mcNumber,
    })
    assert.deepEqual(rowOf(driver.id).membership, {
      companyId: company.id,
      companyName: company.name,
      kind: 'carrier',
      role: 'driver',
    })
    assert.equal(rowOf(owner.id).membership.role, 'owner')
    assert.deepInclude(rowOf(planner.id), { company: null })
    assert.deepEqual(rowOf(planner.id).membership, {
      companyId: shipperCompany.id,
      companyName: shipperCompany.name,
      kind: 'shipper',
      role: 'planner',
    })
    assert.isNull(rowOf(admin.id).membership)

    const ids = async (qs: string) =>
      (await client.get(`/api/admin/users?${qs}`).loginAs(admin)).body().data.map((r: any) => r.id)
    assert.sameMembers(await ids('q=quarry%20road'), [owner.id, driver.id])
    assert.sameMembers(await ids(`q=${carrier.dotNumber}`), [owner.id, driver.id])
    assert.sameMembers(await ids(`q=${encodeURIComponent(shipperCompany.name.toLowerCase())}`), [
      shipper.id,
      planner.id,
    ])
    // The user's page shows the member's company too.
    const page = await client.get(`/api/admin/users/${driver.id}`).loginAs(admin)
    page.assertStatus(200)
    assert.equal(page.body().user.membership.role, 'driver')
  })

  test('bad parameters are 422 naming the field', async ({ client }) => {
    const admin = await makeUser('admin')
    const cases: [string, string][] = [
      ['page=0', 'page'],
      ['page=x', 'page'],
      ['perPage=101', 'perPage'],
      ['perPage=0', 'perPage'],
      ['sort=name', 'sort'],
      ['direction=up', 'direction'],
      ['role=driver', 'role'],
      ['approval=suspended', 'approval'],
      ['standing=banned', 'standing'],
      ['twoFactor=yes', 'twoFactor'],
      [`q=${'x'.repeat(101)}`, 'q'],
    ]
    for (const [qs, field] of cases) {
      const res = await client.get(`/api/admin/users?${qs}`).loginAs(admin)
      res.assertStatus(422)
      res.assertBodyContains({ errors: [{ field }] })
    }
  })

  test('only admins', async ({ client }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    ;(await client.get('/api/admin/users').loginAs(shipper)).assertStatus(403)
    ;(await client.get('/api/admin/users').loginAs(carrier)).assertStatus(403)
    ;(await client.get('/api/admin/users')).assertStatus(401)
  })
})

test.group('GET /api/admin/users/:userId', (group) => {
  eachTestInTransaction(group)

  test('company, counts, sessions, tokens without secrets, vetting and history', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: true })
    // Sessions are tagged by user id, and a suite that empties the tables hands ids out again.
    await endAllSessions(carrier.id)
    const issued = await (await app.container.make(TokenService)).create(carrier.id, 'tms', 30)
    const browser = new Browserless(baseUrl())
    assert.equal((await browser.signIn(carrier.email)).status, 200)
    const res = await client.get(`/api/admin/users/${carrier.id}`).loginAs(admin)
    res.assertStatus(200)
    const body = res.body()
    assert.equal(body.user.id, carrier.id)
    assert.isString(body.user.lastSignInAt)
    assert.deepEqual(body.counts, { bookings: 0, loads: 0 })
    assert.lengthOf(body.sessions, 1)
    assert.match(body.sessions[0].ref, /^[0-9a-f]{12}$/)
    assert.lengthOf(body.tokens, 1)
    assert.equal(body.tokens[0].name, 'tms')
    assert.notInclude(JSON.stringify(body), issued.token)
    assert.equal(body.vetting.carrierId, (await carrierOf(carrier)).id)
    assert.deepEqual(body.standingHistory, [])
    assert.deepEqual(body.pendingRequests, [])
    assert.deepEqual(body.actions, [])
  })

  test('404 for an unknown user; only admins', async ({ client }) => {
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    ;(await client.get('/api/admin/users/999999').loginAs(admin)).assertStatus(404)
    ;(await client.get(`/api/admin/users/${shipper.id}`).loginAs(shipper)).assertStatus(403)
    ;(await client.get(`/api/admin/users/${shipper.id}`).loginAs(carrier)).assertStatus(403)
    ;(await client.get(`/api/admin/users/${shipper.id}`)).assertStatus(401)
  })
})

test.group('POST /api/admin/users/:userId/<action>', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    const fake = mail.fake()
    return () => {
      fake.mails.clear()
      mail.restore()
    }
  })

  const act = (client: any, admin: User, userId: number, action: string, body: object) =>
    client.post(`/api/admin/users/${userId}/${action}`).json(body).loginAs(admin).withCsrfToken()

  test('suspending a shipper stops its sessions and tokens at once; reinstating brings it back', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper', { firstName: 'Sue' })
    const browser = new Browserless(baseUrl())
    assert.equal((await browser.signIn(shipper.email)).status, 200)
    const issued = await (await app.container.make(TokenService)).create(shipper.id, 'script', 30)
    const bearer = { authorization: `Bearer ${issued.token}` }
    assert.equal((await browser.request('GET', '/api/shipper/dashboard-metrics')).status, 200)

    const res = await act(client, admin, shipper.id, 'suspend', { reason: REASON })
    res.assertStatus(200)
    assert.include(res.body(), { action: 'suspend', status: 'done', count: null })
    assert.equal(res.body().user.standing, 'suspended')
    assert.equal(res.body().user.approval, 'approved')
    mails.assertSent(AccountSuspendedMail, ({ message }) => {
      message.assertTo(shipper.email)
      message.assertTextIncludes(`Reason: ${REASON}`)
      return true
    })
    // The browser session is gone; the token is refused.
    assert.equal((await browser.request('GET', '/api/shipper/dashboard-metrics')).status, 401)
    const byToken = await client.get('/api/shipper/dashboard-metrics').headers(bearer)
    byToken.assertStatus(403)
    assert.equal(byToken.body().message, 'Account suspended')

    const again = await act(client, admin, shipper.id, 'suspend', { reason: REASON })
    again.assertStatus(409)
    assert.equal(again.body().message, ALREADY_SUSPENDED)

    const back = await act(client, admin, shipper.id, 'reinstate', { reason: 'Bank cleared it' })
    back.assertStatus(200)
    assert.equal(back.body().user.standing, 'active')
    mails.assertSent(AccountReinstatedMail)
    ;(await client.get('/api/shipper/dashboard-metrics').headers(bearer)).assertStatus(200)
    const twice = await act(client, admin, shipper.id, 'reinstate', { reason: 'Bank cleared it' })
    twice.assertStatus(409)
    assert.equal(twice.body().message, NOT_SUSPENDED)

    const detail = await client.get(`/api/admin/users/${shipper.id}`).loginAs(admin)
    assert.deepEqual(
      detail.body().actions.map((a: any) => [a.action, a.adminUserId, a.confirmedBy]),
      [
        ['reinstate', admin.id, null],
        ['suspend', admin.id, null],
      ]
    )
    assert.deepEqual(
      detail.body().standingHistory.map((h: any) => h.action),
      ['reinstated', 'suspended']
    )
    assert.isTrue((await verifyChain(db.connection(), ADMIN_AUDIT_CHAIN)).ok)
  })

  test('reset two-factor: never one own, 409 when off, else off and signed out', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper', { twoFactor: true })
    const own = await act(client, admin, admin.id, 'reset-two-factor', { reason: REASON })
    own.assertStatus(403)
    assert.equal(own.body().message, OWN_TWO_FACTOR)

    const res = await act(client, admin, shipper.id, 'reset-two-factor', { reason: REASON })
    res.assertStatus(200)
    assert.isFalse(res.body().user.twoFactor)
    const row = await User.findOrFail(shipper.id)
    assert.isNull(row.twoFactorSecret)
    mails.assertSent(AccountActionMail, ({ message }) => {
      message.assertTo(shipper.email)
      message.assertSubject('Two-factor sign-in was turned off on your PalletLine account')
      return true
    })
    const off = await act(client, admin, shipper.id, 'reset-two-factor', { reason: REASON })
    off.assertStatus(409)
    assert.equal(off.body().message, TWO_FACTOR_NOT_ON)
  })

  test('revoke sessions and tokens: counted, and they stop', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const carrier = await makeUser('carrier', { isApproved: true })
    await endAllSessions(carrier.id)
    const first = new Browserless(baseUrl())
    const second = new Browserless(baseUrl())
    assert.equal((await first.signIn(carrier.email)).status, 200)
    assert.equal((await second.signIn(carrier.email)).status, 200)
    const tokens = await app.container.make(TokenService)
    const issued = await tokens.create(carrier.id, 'a', 30)
    await tokens.create(carrier.id, 'b', 30)

    const sessions = await act(client, admin, carrier.id, 'revoke-sessions', { reason: REASON })
    sessions.assertStatus(200)
    assert.equal(sessions.body().count, 2)
    assert.equal((await first.request('GET', '/api/carrier/bookings')).status, 401)
    assert.equal((await second.request('GET', '/api/carrier/bookings')).status, 401)

    const revoked = await act(client, admin, carrier.id, 'revoke-tokens', { reason: REASON })
    revoked.assertStatus(200)
    assert.equal(revoked.body().count, 2)
    ;(await client.get('/api/user').header('authorization', `Bearer ${issued.token}`)).assertStatus(
      401
    )
  })

  test('failed sign-ins lock the account with a clear message until an admin unlocks it', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper')
    const notLocked = await act(client, admin, shipper.id, 'unlock', { reason: REASON })
    notLocked.assertStatus(409)
    assert.equal(notLocked.body().message, NOT_LOCKED)

    const throttle = await app.container.make(LoginThrottle)
    for (let i = 0; i < LOGIN_LIMITS.account.requests; i++) {
      await assert.rejects(() =>
        throttle.attempt(
          { username: shipper.email, ip: `203.0.113.${i}`, knownDevice: false },
          () => Promise.reject(new authErrors.E_INVALID_CREDENTIALS('bad'))
        )
      )
    }
    const browser = new Browserless(baseUrl())
    const refused = await browser.request('POST', '/api/login', {
      username: shipper.email,
      password: 'secret123',
    })
    assert.equal(refused.status, 429)
    assert.equal(refused.body.message, ACCOUNT_LOCKED)
    const listed = await client.get('/api/admin/users?standing=locked').loginAs(admin)
    assert.deepEqual(
      listed.body().data.map((r: any) => r.id),
      [shipper.id]
    )

    const res = await act(client, admin, shipper.id, 'unlock', { reason: REASON })
    res.assertStatus(200)
    assert.equal(res.body().user.standing, 'active')
    mails.assertSent(AccountActionMail)
    const signedIn = await browser.request('POST', '/api/login', {
      username: shipper.email,
      password: 'secret123',
    })
    assert.equal(signedIn.status, 200)
  })

  test('each action: the reason is required, 404 unknown user, only admins', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    // The change of email takes an address too: user_management_reset_email.spec.ts.
    for (const action of USER_ACTIONS.filter((a) => a !== 'change-email')) {
      for (const body of [{}, { reason: 'short' }, { reason: 'x'.repeat(501) }, { reason: 42 }]) {
        const res = await act(client, admin, shipper.id, action, body)
        res.assertStatus(422)
        assert.equal(res.body().errors[0].field, 'reason', `${action} ${JSON.stringify(body)}`)
      }
      ;(await act(client, admin, 999999, action, { reason: REASON })).assertStatus(404)
      for (const who of [shipper, carrier]) {
        ;(await act(client, who, shipper.id, action, { reason: REASON })).assertStatus(403)
      }
      ;(
        await client
          .post(`/api/admin/users/${shipper.id}/${action}`)
          .json({ reason: REASON })
          .withCsrfToken()
      ).assertStatus(401)
    }
    ;(await client.get('/api/admin/user-actions').loginAs(shipper)).assertStatus(403)
    ;(
      await client.post('/api/admin/user-actions/1/confirm').loginAs(carrier).withCsrfToken()
    ).assertStatus(403)
    ;(await client.post('/api/admin/user-actions/1/confirm').withCsrfToken()).assertStatus(401)
  })
})

test.group('The two-person rule on admin accounts', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    const fake = mail.fake()
    return () => {
      fake.mails.clear()
      mail.restore()
    }
  })

  const act = (client: any, admin: User, userId: number, action: string) =>
    client
      .post(`/api/admin/users/${userId}/${action}`)
      .json({ reason: REASON })
      .loginAs(admin)
      .withCsrfToken()
  const confirm = (client: any, admin: User, requestId: number) =>
    client.post(`/api/admin/user-actions/${requestId}/confirm`).loginAs(admin).withCsrfToken()

  test('an action on an admin waits for a second, different admin', async ({ client, assert }) => {
    const alice = await makeUser('admin')
    const bob = await makeUser('admin')
    const carol = await makeUser('admin')

    const asked = await act(client, alice, bob.id, 'suspend')
    asked.assertStatus(202)
    assert.include(asked.body(), {
      action: 'suspend',
      targetUserId: bob.id,
      requestedBy: alice.id,
      status: 'pending',
    })
    const id = asked.body().id
    assert.equal((await User.findOrFail(bob.id)).approvalStatus, 'approved')
    const dup = await act(client, carol, bob.id, 'suspend')
    dup.assertStatus(409)

    const listed = await client.get('/api/admin/user-actions').loginAs(carol)
    assert.deepEqual(
      listed.body().map((r: any) => r.id),
      [id]
    )
    const mine = await confirm(client, alice, id)
    mine.assertStatus(403)
    assert.equal(mine.body().message, OWN_REQUEST)
    const theirs = await confirm(client, bob, id)
    theirs.assertStatus(403)
    assert.equal(theirs.body().message, OWN_ACCOUNT_REQUEST)

    const done = await confirm(client, carol, id)
    done.assertStatus(200)
    assert.equal(done.body().user.standing, 'suspended')
    const audit = await db.from('admin_audit_log').where('id', done.body().auditId).first()
    assert.include(audit, { admin_user_id: alice.id, confirmed_by: carol.id, action: 'suspend' })
    const again = await confirm(client, carol, id)
    again.assertStatus(409)
    assert.equal(again.body().message, NOT_PENDING)
    ;(await confirm(client, carol, 999999)).assertStatus(404)
    // The suspended admin is out of the console at once.
    ;(await client.get('/api/admin/users').loginAs(bob)).assertStatus(403)
  })

  test('the last active admin cannot be suspended', async ({ client, assert }) => {
    const only = await makeUser('admin')
    const res = await act(client, only, only.id, 'suspend')
    res.assertStatus(409)
    assert.equal(res.body().message, LAST_ADMIN)
  })

  test('a request whose asker lost their admin standing is refused on confirmation', async ({
    client,
    assert,
  }) => {
    const alice = await makeUser('admin')
    const bob = await makeUser('admin')
    const carol = await makeUser('admin')
    const aliceAsks = (await act(client, alice, bob.id, 'suspend')).body().id
    const bobAsks = (await act(client, bob, alice.id, 'suspend')).body().id
    ;(await confirm(client, carol, aliceAsks)).assertStatus(200)
    const lapsed = await confirm(client, carol, bobAsks)
    lapsed.assertStatus(409)
    const row = await db.from('admin_user_action_requests').where('id', bobAsks).first()
    assert.equal(row.status, 'refused')
    assert.equal((await User.findOrFail(alice.id)).approvalStatus, 'approved')
  })
})
