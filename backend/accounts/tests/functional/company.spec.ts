/*
 * Companies and teams (issue 35, docs/decisions/0223): every endpoint with its bad input,
 * forbidden roles and another company's members; a member acting as the company while their
 * settings, sessions and tokens stay their own.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import User from '#accounts/models/user'
import CompanyInvite from '#accounts/models/company_invite'
import { CompanyInviteMail } from '#accounts/services/company_invite_mail'
import {
  EMAIL_TAKEN,
  INVITE_NOT_FOUND,
  INVITE_NOT_VALID,
  INVITE_SPENT,
  LAST_OWNER,
  MEMBER_NOT_FOUND,
  hashInviteToken,
} from '#accounts/services/company_service'
import { memberRefusal } from '#accounts/member_roles'
import { NO_LONGER_A_MEMBER } from '#accounts/controllers/session_controller'
import { companyFor, makeMember } from '#accounts/tests/companies'
import { Browserless, baseUrl, eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeListing, makeTruck } from '#tests/factories'
import transmit from '@adonisjs/transmit/services/main'
import { userChannel } from '#core/live_notices'
import { verifyChain } from '#core/hash_chain'
import { REVEAL_CHAIN } from '#payments/chains'

const PASSWORD = 'a long enough member password'

/** The token of the last invite mailed to `to`. */
function mailedToken(mails: ReturnType<typeof mail.fake>['mails'], to: string): string {
  const sent = mails.sent((m) => m instanceof CompanyInviteMail)
  const message = sent
    .map((m) => m.message.toJSON().message)
    .find((m) => JSON.stringify(m.to).includes(to))
  if (!message) throw new Error(`no invite mailed to ${to}`)
  return /\/invite\/([\w-]+)/.exec(String(message.text))![1]
}

test.group('Companies: registration and who a member is', (group) => {
  eachTestInTransaction(group)

  test('registering makes the owner of a one-person company; GET /api/user names the member', async ({
    client,
    assert,
  }) => {
    const res = await client
      .post('/api/register')
      .json({
        email: 'founder@shippers.test',
        password: PASSWORD,
        role: 'shipper',
        firstName: 'Fran',
        lastName: 'Founder',
        termsAccepted: true,
      })
      .withCsrfToken()
    res.assertStatus(201)
    const user = await User.findByOrFail('email', 'founder@shippers.test')
    const company = await client.get('/api/company').loginAs(user)
    company.assertStatus(200)
    assert.equal(company.body().kind, 'shipper')
    assert.equal(company.body().name, 'Fran Founder')
    assert.deepEqual(
      company.body().members.map((m: { userId: number; role: string }) => [m.userId, m.role]),
      [[user.id, 'owner']]
    )
    const me = await client.get('/api/user').loginAs(user)
    assert.equal(me.body().id, user.id)
    assert.equal(me.body().member.role, 'owner')
    assert.equal(me.body().member.companyName, 'Fran Founder')
  })

  test('a member acts as the company: its trucks, its bookings; the status change records the member', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    const truck = await makeTruck(owner)
    const dispatcher = await makeMember(owner, 'dispatcher')
    const driver = await makeMember(owner, 'driver')

    const me = await client.get('/api/user').loginAs(driver)
    me.assertStatus(200)
    assert.equal(me.body().id, owner.id, 'the driver acts as the company’s account user')
    assert.equal(me.body().member.userId, driver.id)
    assert.equal(me.body().member.role, 'driver')

    const trucks = await client.get('/api/trucks').loginAs(dispatcher)
    trucks.assertStatus(200)
    assert.deepEqual(
      trucks.body().map((t: { id: number }) => t.id),
      [truck.id]
    )
    const refused = await client.get('/api/trucks').loginAs(driver)
    refused.assertStatus(403)
    assert.equal(refused.body().message, memberRefusal('driver'))

    const shipper = await makeUser('shipper')
    const listing = await makeListing(owner, { truck })
    // A driver reaches the bookings assigned to them (decision 0237).
    const booking = await makeBooking(shipper, listing, {
      status: 'booked',
      paymentStatus: 'paid',
      driverUserId: driver.id,
    })
    const status = await client
      .put(`/api/bookings/${booking.id}/status`)
      .json({ status: 'confirmed' })
      .loginAs(driver)
      .withCsrfToken()
    status.assertStatus(200)
    const change = await db
      .from('booking_status_changes')
      .where('booking_id', booking.id)
      .where('to_status', 'confirmed')
      .firstOrFail()
    assert.equal(change.changed_by, owner.id, 'the company changed it')
    assert.equal(change.actor_user_id, driver.id, 'the driver did')

    const money = await client.get('/api/carrier/payouts').loginAs(driver)
    money.assertStatus(403)
    assert.equal(money.body().message, memberRefusal('driver'))
  })

  test('a planner sees the carrier as the shipper does; a reveal records the planner beside the company', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('shipper')
    const planner = await makeMember(owner, 'planner')
    const carrier = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrier)
    const unpaid = await makeBooking(owner, listing, {
      status: 'pending',
      paymentStatus: 'pending',
    })
    const asOwner = await client.get(`/api/bookings/${unpaid.id}`).loginAs(owner)
    const asPlanner = await client.get(`/api/bookings/${unpaid.id}`).loginAs(planner)
    asPlanner.assertStatus(200)
    assert.deepEqual(asPlanner.body(), asOwner.body(), 'one company, one answer')
    assert.notInclude(asPlanner.text(), carrier.email)

    const paid = await makeBooking(owner, listing, { status: 'booked', paymentStatus: 'paid' })
    ;(await client.get(`/api/bookings/${paid.id}`).loginAs(planner)).assertStatus(200)
    const reveals = await db.from('identity_reveal_log').where('booking_id', paid.id)
    assert.lengthOf(reveals, 1)
    assert.equal(reveals[0].viewer_id, owner.id)
    assert.equal(reveals[0].actor_user_id, planner.id)
    const verified = await verifyChain(db.connection(), REVEAL_CHAIN)
    assert.isTrue(verified.ok, JSON.stringify(verified))
  })

  test('a member’s settings are their own: password, API tokens; a token acts as the company', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('shipper')
    const planner = await makeMember(owner, 'planner')
    const browser = new Browserless(baseUrl())
    const login = await browser.request('POST', '/api/login', {
      username: planner.email,
      password: 'secret123',
    })
    assert.equal(login.status, 200)
    const changed = await browser.request('PUT', '/api/account/password', {
      currentPassword: 'secret123',
      newPassword: PASSWORD,
    })
    assert.equal(changed.status, 204, changed.text)
    assert.isTrue(await (await User.findOrFail(planner.id)).verifyPassword(PASSWORD))
    assert.isTrue(await (await User.findOrFail(owner.id)).verifyPassword('secret123'))

    const profile = await browser.request('PUT', '/api/account/profile', {
      firstName: 'Priya',
      lastName: 'Planner',
      phone: '3125550199',
    })
    assert.equal(profile.status, 200, profile.text)
    assert.equal(profile.body.id, owner.id, 'answered as GET /api/user: the company')
    assert.equal(profile.body.member.firstName, 'Priya')
    assert.equal(profile.body.member.phone, '3125550199')
    assert.equal((await User.findOrFail(planner.id)).firstName, 'Priya')
    assert.equal((await User.findOrFail(owner.id)).firstName, owner.firstName)

    const created = await browser.request('POST', '/api/account/tokens', { name: 'planner' })
    assert.equal(created.status, 201, created.text)
    const row = await db.from('auth_access_tokens').where('id', created.body.id).firstOrFail()
    assert.equal(row.tokenable_id, planner.id)
    const listed = await client.get('/api/account/tokens').loginAs(owner)
    assert.lengthOf(listed.body(), 0, 'the owner’s own tokens are not the planner’s')
    const viaToken = await fetch(`${baseUrl()}/api/user`, {
      headers: { authorization: `Bearer ${created.body.token}`, accept: 'application/json' },
    })
    const body = (await viaToken.json()) as { id: number; member: { userId: number } }
    assert.equal(body.id, owner.id)
    assert.equal(body.member.userId, planner.id)
    const revoked = await browser.request('DELETE', `/api/account/tokens/${created.body.id}`)
    assert.equal(revoked.status, 204)
  })

  test('a suspended member is refused; the company goes on', async ({ client, assert }) => {
    const owner = await makeUser('shipper')
    const planner = await makeMember(owner, 'planner')
    planner.approvalStatus = 'suspended'
    planner.isApproved = false
    await planner.save()
    const res = await client.get('/api/bookings').loginAs(planner)
    res.assertStatus(403)
    assert.equal(res.body().message, 'Account suspended')
    ;(await client.get('/api/bookings').loginAs(owner)).assertStatus(200)
  })
})

test.group('Companies: invites', (group) => {
  eachTestInTransaction(group)

  test('the owner invites; the link shows the company; accepting makes an approved member who signs in', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    await companyFor(owner)
    const { mails } = mail.fake()
    try {
      const res = await client
        .post('/api/company/invites')
        .json({ email: 'New.Driver@Carriers.test', role: 'driver' })
        .loginAs(owner)
        .withCsrfToken()
      res.assertStatus(201)
      assert.equal(res.body().email, 'new.driver@carriers.test')
      assert.equal(res.body().status, 'pending')
      const days = DateTime.fromISO(res.body().expiresAt).diffNow('days').days
      assert.closeTo(days, 7, 0.01)
      const token = mailedToken(mails, 'new.driver@carriers.test')
      const stored = await CompanyInvite.findOrFail(res.body().id)
      assert.equal(stored.tokenHash, hashInviteToken(token))

      const shown = await client.get(`/api/invites/${token}`)
      shown.assertStatus(200)
      assert.equal(shown.body().role, 'driver')
      assert.equal(shown.body().companyKind, 'carrier')

      const accepted = await client
        .post(`/api/invites/${token}/accept`)
        .json({ firstName: 'Dana', lastName: 'Driver', password: PASSWORD, termsAccepted: true })
        .withCsrfToken()
      accepted.assertStatus(201)
      assert.deepEqual(accepted.body(), {
        email: 'new.driver@carriers.test',
        companyName: (await companyFor(owner)).name,
        role: 'driver',
      })
      const member = await User.findByOrFail('email', 'new.driver@carriers.test')
      assert.isTrue(member.isApproved)
      assert.equal(member.role, 'carrier')
      assert.isNotNull(member.termsHash)

      const browser = new Browserless(baseUrl())
      const login = await browser.request('POST', '/api/login', {
        username: 'new.driver@carriers.test',
        password: PASSWORD,
      })
      assert.equal(login.status, 200)
      const me = await browser.request('GET', '/api/user')
      assert.equal(me.body.id, owner.id)
      assert.equal(me.body.member.role, 'driver')

      const again = await client
        .post(`/api/invites/${token}/accept`)
        .json({ firstName: 'Dana', lastName: 'Again', password: PASSWORD, termsAccepted: true })
        .withCsrfToken()
      again.assertStatus(422)
      assert.equal(again.body().errors[0].field, 'token')
      assert.equal(again.body().errors[0].message, INVITE_SPENT)
      const list = await client.get('/api/company/invites').loginAs(owner)
      assert.equal(list.body()[0].status, 'used')
    } finally {
      mail.restore()
    }
  })

  test('bad input names the field; a role of the other kind and a used address are refused', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    await companyFor(owner)
    const taken = await makeUser('shipper')
    mail.fake()
    try {
      const cases: [Record<string, unknown>, string, string][] = [
        [{ email: 'not-an-address', role: 'driver' }, 'email', 'Invalid email address'],
        [{ email: 'x@y.test', role: 'captain' }, 'role', 'Choose one of the company roles'],
        [{ email: 'x@y.test', role: 'planner' }, 'role', 'A carrier company has no planner role'],
        [{ email: taken.email, role: 'driver' }, 'email', EMAIL_TAKEN],
        [{ role: 'driver' }, 'email', 'Invalid email address'],
      ]
      for (const [body, field, message] of cases) {
        const res = await client
          .post('/api/company/invites')
          .json(body)
          .loginAs(owner)
          .withCsrfToken()
        res.assertStatus(422)
        assert.equal(res.body().errors[0].field, field, JSON.stringify(body))
        assert.equal(res.body().errors[0].message, message)
      }
    } finally {
      mail.restore()
    }
    const unknown = await client.get('/api/invites/no-such-token')
    unknown.assertStatus(404)
    assert.equal(unknown.body().message, INVITE_NOT_VALID)
  })

  test('an expired or withdrawn link is refused; accept names the bad field', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('shipper')
    const company = await companyFor(owner)
    const make = (token: string, expiresAt: DateTime) =>
      CompanyInvite.create({
        companyId: company.id,
        email: `${token}@invitees.test`,
        role: 'planner',
        tokenHash: hashInviteToken(token),
        expiresAt,
        usedAt: null,
        usedBy: null,
        invitedBy: owner.id,
      })
    await make('expired-token', DateTime.now().minus({ minutes: 1 }))
    const expired = await client.get('/api/invites/expired-token')
    expired.assertStatus(422)
    assert.equal(expired.body().errors[0].message, INVITE_SPENT)
    const acceptExpired = await client
      .post('/api/invites/expired-token/accept')
      .json({ firstName: 'Ex', lastName: 'Pired', password: PASSWORD, termsAccepted: true })
      .withCsrfToken()
    acceptExpired.assertStatus(422)
    assert.equal(acceptExpired.body().errors[0].field, 'token')

    const live = await make('live-token', DateTime.now().plus({ days: 7 }))
    const bad = await client
      .post('/api/invites/live-token/accept')
      .json({ firstName: 'A', lastName: 'Planner', password: 'short', termsAccepted: false })
      .withCsrfToken()
    bad.assertStatus(422)
    const fields = bad.body().errors.map((e: { field: string }) => e.field)
    assert.includeMembers(fields, ['firstName', 'password', 'termsAccepted'])

    const withdrawn = await client
      .delete(`/api/company/invites/${live.id}`)
      .loginAs(owner)
      .withCsrfToken()
    withdrawn.assertStatus(204)
    ;(await client.get('/api/invites/live-token')).assertStatus(404)
    const twice = await client
      .delete(`/api/company/invites/${live.id}`)
      .loginAs(owner)
      .withCsrfToken()
    twice.assertStatus(404)
    assert.equal(twice.body().message, INVITE_NOT_FOUND)
  })
})

test.group('Companies: members, roles, removal', (group) => {
  eachTestInTransaction(group)

  test('only owners manage the team: each other role is refused naming it', async ({
    client,
    assert,
  }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const shipper = await makeUser('shipper')
    const members = [
      await makeMember(carrier, 'dispatcher'),
      await makeMember(carrier, 'driver'),
      await makeMember(carrier, 'accounts'),
      await makeMember(shipper, 'planner'),
      await makeMember(shipper, 'accounts'),
    ]
    for (const member of members) {
      const me = await User.findOrFail(member.id)
      const role = (await db.from('company_members').where('user_id', me.id).first()).role
      for (const call of [
        client.get('/api/company').loginAs(me),
        client.get('/api/company/invites').loginAs(me),
        client
          .post('/api/company/invites')
          .json({ email: 'a@b.test', role })
          .loginAs(me)
          .withCsrfToken(),
        client
          .patch(`/api/company/members/${member.memberId}`)
          .json({ role: 'owner' })
          .loginAs(me)
          .withCsrfToken(),
        client.delete(`/api/company/members/${member.memberId}`).loginAs(me).withCsrfToken(),
      ]) {
        const res = await call
        res.assertStatus(403)
        assert.equal(res.body().message, memberRefusal(role))
      }
    }
    const admin = await makeUser('admin')
    ;(await client.get('/api/company').loginAs(admin)).assertStatus(403)
    ;(await client.get('/api/company')).assertStatus(401)
  })

  test('the owner changes roles; the last owner stays one; another company’s member is a 404', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    const driver = await makeMember(owner, 'driver')
    const ownerMember = await db.from('company_members').where('user_id', owner.id).first()

    const res = await client
      .patch(`/api/company/members/${driver.memberId}`)
      .json({ role: 'dispatcher' })
      .loginAs(owner)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().role, 'dispatcher')
    ;(await client.get('/api/trucks').loginAs(driver)).assertStatus(200)

    const wrongKind = await client
      .patch(`/api/company/members/${driver.memberId}`)
      .json({ role: 'planner' })
      .loginAs(owner)
      .withCsrfToken()
    wrongKind.assertStatus(422)
    assert.equal(wrongKind.body().errors[0].field, 'role')
    const missing = await client
      .patch(`/api/company/members/${driver.memberId}`)
      .json({})
      .loginAs(owner)
      .withCsrfToken()
    missing.assertStatus(422)

    const last = await client
      .patch(`/api/company/members/${ownerMember.id}`)
      .json({ role: 'dispatcher' })
      .loginAs(owner)
      .withCsrfToken()
    last.assertStatus(409)
    assert.equal(last.body().message, LAST_OWNER)

    const other = await makeUser('carrier', { isApproved: true })
    const stranger = await makeMember(other, 'driver')
    for (const call of [
      client.patch(`/api/company/members/${stranger.memberId}`).json({ role: 'dispatcher' }),
      client.delete(`/api/company/members/${stranger.memberId}`),
    ]) {
      const refused = await call.loginAs(owner).withCsrfToken()
      refused.assertStatus(404)
      assert.equal(refused.body().message, MEMBER_NOT_FOUND)
    }
  })

  test('each team change is told on the company’s channel, which every member follows', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    const driver = await makeMember(owner, 'driver')
    const heard: { channel: string; payload: unknown }[] = []
    const stop = transmit.on('broadcast', ({ channel, payload }) => {
      if ((payload as { kind?: string } | undefined)?.kind === 'company') {
        heard.push({ channel, payload })
      }
    })
    try {
      await client
        .patch(`/api/company/members/${driver.memberId}`)
        .json({ role: 'dispatcher' })
        .loginAs(owner)
        .withCsrfToken()
      await client.delete(`/api/company/members/${driver.memberId}`).loginAs(owner).withCsrfToken()
    } finally {
      stop()
    }
    assert.deepEqual(heard, [
      {
        channel: userChannel(owner.id),
        payload: { kind: 'company', id: driver.companyId, change: 'role_changed' },
      },
      {
        channel: userChannel(owner.id),
        payload: { kind: 'company', id: driver.companyId, change: 'removed' },
      },
    ])
  })

  test('removing a member ends their sessions and tokens; a removed founder no longer signs in', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('shipper')
    const planner = await makeMember(owner, 'planner')
    const browser = new Browserless(baseUrl())
    await browser.request('POST', '/api/login', { username: planner.email, password: 'secret123' })
    assert.equal((await browser.request('GET', '/api/bookings')).status, 200)
    const token = await User.accessTokens.create(planner, ['*'])

    const removed = await client
      .delete(`/api/company/members/${planner.memberId}`)
      .loginAs(owner)
      .withCsrfToken()
    removed.assertStatus(204)
    assert.equal((await browser.request('GET', '/api/bookings')).status, 401)
    const viaToken = await fetch(`${baseUrl()}/api/bookings`, {
      headers: { authorization: `Bearer ${token.value!.release()}`, accept: 'application/json' },
    })
    assert.equal(viaToken.status, 401)
    const company = await client.get('/api/company').loginAs(owner)
    assert.lengthOf(company.body().members, 1)
    const again = await new Browserless(baseUrl()).request('POST', '/api/login', {
      username: planner.email,
      password: 'secret123',
    })
    assert.equal(again.status, 401, 'a removed member’s login does not stand alone either')

    // A second owner removes the founder: the founder's login stops signing in.
    const second = await makeMember(owner, 'owner')
    const founder = await db.from('company_members').where('user_id', owner.id).first()
    const out = await client
      .delete(`/api/company/members/${founder.id}`)
      .loginAs(second)
      .withCsrfToken()
    out.assertStatus(204)
    const login = await new Browserless(baseUrl()).request('POST', '/api/login', {
      username: owner.email,
      password: 'secret123',
    })
    assert.equal(login.status, 401)
    assert.equal(login.body.message, NO_LONGER_A_MEMBER)
    // The second owner still acts as the company (its records stay the account user's).
    const me = await client.get('/api/user').loginAs(second)
    assert.equal(me.body().id, owner.id)
  })
})
