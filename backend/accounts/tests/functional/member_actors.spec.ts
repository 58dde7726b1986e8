/*
 * The member who acted (issue 35, docs/decisions/0223 and 0246): a message names its writer
 * "Name (Role)" to the thread's readers and only its writer may edit it; a load's audit trail,
 * an offer, a cargo claim's steps, a payout account's replacement and a booking's status
 * changes record the member's own login beside the company.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import AuditService from '#payments/services/audit_service'
import { companyFor, makeMember } from '#accounts/tests/companies'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeFreightListing, makeListing } from '#tests/factories'
import {
  deliveredBooking,
  fixClock,
  makeCarrier,
  restoreClock,
} from '#payments/tests/payout_fixtures'

test.group('The member who acted', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => restoreClock())

  test('a message names its writer and role to both sides; another member may not edit it', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    await companyFor(owner)
    const driver = await makeMember(owner, 'driver', { firstName: 'Dana' })
    const dispatcher = await makeMember(owner, 'dispatcher', { firstName: 'Dora' })
    const shipper = await makeUser('shipper')
    await companyFor(shipper)
    const planner = await makeMember(shipper, 'planner', { firstName: 'Pia' })
    const listing = await makeListing(owner)
    const booking = await makeBooking(shipper, listing, { status: 'booked', paymentStatus: 'paid' })
    await db.from('bookings').where('id', booking.id).update({ driver_user_id: driver.id })

    const sent = await client
      .post(`/api/bookings/${booking.id}/messages`)
      .json({ body: 'Which dock door?' })
      .loginAs(driver)
      .withCsrfToken()
    sent.assertStatus(201)
    assert.equal(sent.body().authorName, 'Dana Member')
    assert.equal(sent.body().authorRole, 'driver')
    assert.isTrue(sent.body().mine)
    const row = await db.from('booking_messages').where('id', sent.body().id).firstOrFail()
    assert.equal(row.author_user_id, owner.id, 'the company’s side, as before')
    assert.equal(row.author_person_id, driver.id)
    assert.equal(row.author_role, 'driver')

    const answer = await client
      .post(`/api/bookings/${booking.id}/messages`)
      .json({ body: 'Door 7' })
      .loginAs(planner)
      .withCsrfToken()
    answer.assertStatus(201)

    const shippers = await client.get(`/api/bookings/${booking.id}/messages`).loginAs(shipper)
    assert.deepEqual(
      shippers
        .body()
        .messages.map((m: any) => [m.side, m.authorName, m.authorRole, m.mine, m.body]),
      [
        ['carrier', 'Dana Member', 'driver', false, 'Which dock door?'],
        ['shipper', 'Pia Member', 'planner', false, 'Door 7'],
      ]
    )
    const dispatchers = await client.get(`/api/bookings/${booking.id}/messages`).loginAs(dispatcher)
    assert.isFalse(dispatchers.body().messages[0].mine, 'the driver’s, not the dispatcher’s')
    assert.isNull(dispatchers.body().messages[0].editableUntil)
    const edit = await client
      .patch(`/api/bookings/${booking.id}/messages/${sent.body().id}`)
      .json({ body: 'Rewritten' })
      .loginAs(dispatcher)
      .withCsrfToken()
    edit.assertStatus(403)
    const unchanged = await db.from('booking_messages').where('id', sent.body().id).firstOrFail()
    assert.equal(unchanged.body, 'Which dock door?')
    const own = await client
      .patch(`/api/bookings/${booking.id}/messages/${sent.body().id}`)
      .json({ body: 'Which dock door, please?' })
      .loginAs(driver)
      .withCsrfToken()
    own.assertStatus(200)
  })

  test('a load’s audit trail and an offer record the dispatcher’s own login', async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    await companyFor(owner)
    const dispatcher = await makeMember(owner, 'dispatcher')
    const shipper = await makeUser('shipper')
    const offered = await makeFreightListing(shipper, { price: 1000 })
    await db.from('freight_listings').where('id', offered.id).update({ allow_offers: true })
    const made = await client
      .post(`/api/freight-listings/${offered.id}/offers`)
      .json({ amount_cents: 90_000, expires_in_hours: 12 })
      .loginAs(dispatcher)
      .withCsrfToken()
    made.assertStatus(201)
    const offer = await db.from('freight_offers').where('id', made.body().id).firstOrFail()
    assert.equal(offer.carrier_user_id, owner.id)
    assert.equal(offer.last_by_user_id, dispatcher.id)

    const load = await makeFreightListing(shipper)
    const claimed = await client
      .post(`/api/freight-listings/${load.id}/claim`)
      .loginAs(dispatcher)
      .withCsrfToken()
    claimed.assertStatus(200)
    const audit = await db
      .from('freight_listing_audits')
      .where('listing_id', load.id)
      .where('action', 'claimed')
      .firstOrFail()
    assert.equal(audit.actor_user_id, owner.id, 'the company, as before')
    assert.equal(audit.member_user_id, dispatcher.id)
  })

  test('a cargo claim’s steps record the member; the claim chain still verifies', async ({
    client,
    assert,
  }) => {
    fixClock(DateTime.fromISO('2026-06-01T15:30:00Z'))
    const { booking, shipper, carrier } = await deliveredBooking()
    await companyFor(shipper)
    const accounts = await makeMember(shipper, 'accounts')
    await companyFor(carrier.user)
    const carrierAccounts = await makeMember(carrier.user, 'accounts')
    const filed = await client
      .post(`/api/bookings/${booking.id}/claims`)
      .json({ type: 'damage', amountCents: 20_000, description: 'Two pallets crushed at the top' })
      .loginAs(accounts)
      .withCsrfToken()
    filed.assertStatus(201)
    const answered = await client
      .post(`/api/claims/${filed.body().id}/response`)
      .json({ action: 'decline', reason: 'Loaded intact, see the signed BOL' })
      .loginAs(carrierAccounts)
      .withCsrfToken()
    const steps = await db
      .from('cargo_claim_audits')
      .where('claim_id', filed.body().id)
      .orderBy('id')
    assert.equal(steps[0].actor_id, shipper.id)
    assert.equal(steps[0].actor_user_id, accounts.id)
    answered.assertStatus(200)
    assert.equal(steps[1].actor_id, carrier.user.id)
    assert.equal(steps[1].actor_user_id, carrierAccounts.id)
    for (const verdict of await new AuditService().verifyAll()) {
      assert.isTrue(verdict.ok, verdict.chain)
    }
  })

  test('a payout account replaced by a second owner: their own password, the hold names them', async ({
    client,
    assert,
  }) => {
    const { user } = await makeCarrier()
    await companyFor(user)
    const second = await makeMember(user, 'owner')
    await db.from('users').where('id', user.id).update({ password: 'not-the-members' })
    const res = await client
      .post('/api/carrier/payout-account/replace')
      .json({ currentPassword: 'secret123' })
      .loginAs(second)
      .withCsrfToken()
    res.assertStatus(200)
    const hold = await db.from('payout_holds').orderBy('id', 'desc').firstOrFail()
    assert.equal(hold.kind, 'payout_account')
    assert.equal(hold.changed_by, second.id)
  })
})
