import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import emitter from '@adonisjs/core/services/emitter'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import type User from '#accounts/models/user'
import ApprovalService from '#accounts/services/approval_service'
import { Clock, FixedClock } from '#core/clock'
import type { FreightBoardChange } from '#freight_board/events'
import FreightListingAudit from '#freight_board/models/freight_listing_audit'
import FreightListingInvite from '#freight_board/models/freight_listing_invite'
import {
  FreightInviteMail,
  candidateHandle,
  hashInviteToken,
} from '#freight_board/services/freight_invite_service'
import CarrierVetting from '#trust/models/carrier_vetting'
import CarrierStandingService from '#trust/services/carrier_standing_service'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeBooking, makeFreightListing, makeListing } from '#tests/factories'
import { testCensus } from '#tests/vetting'
import { censusFor } from '#trust/tests/functional/world'

/** A shipper, a carrier it has a paid booking with, and an open load of the shipper's. */
async function partners() {
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  await makeBooking(shipper, await makeListing(carrier), { paymentStatus: 'paid' })
  const load = await makeFreightListing(shipper)
  const carrierId = (await carrierOf(carrier)).id
  return { shipper, carrier, carrierId, candidateId: candidateHandle(shipper.id, carrierId), load }
}

test.group('Freight-board invites', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => {
    mail.restore()
    app.container.restore(Clock)
  })

  test('candidates are the carriers the shipper has paid bookings with', async ({
    client,
    assert,
  }) => {
    const { shipper, candidateId, load } = await partners()
    const unpaid = await makeUser('carrier', { isApproved: true })
    await makeBooking(shipper, await makeListing(unpaid), {
      paymentStatus: 'pending',
      status: 'pending',
    })
    const res = await client
      .get(`/api/shipper/freight-listings/${load.id}/invite-candidates`)
      .loginAs(shipper)
    res.assertStatus(200)
    // By a handle of this shipper's alone, never a carrier id (docs/decisions/0157).
    assert.deepEqual(
      res.body().map((c: any) => c.candidateId),
      [candidateId]
    )
    assert.match(res.body()[0].companyName, /Test Freight/)
    assert.notProperty(res.body()[0], 'carrierId')
    const other = await makeUser('shipper')
    assert.notEqual(candidateHandle(other.id, (await carrierOf(unpaid)).id), candidateId)
  })

  test('invite: a mail with a one-time link, 2 hours exclusive, then used once', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { shipper, carrier, candidateId, load } = await partners()
    const t0 = DateTime.now().startOf('second')
    const clock = new FixedClock(t0)
    app.container.swap(Clock, () => clock)

    const res = await client
      .post(`/api/freight-listings/${load.id}/invites`)
      .json({ candidateId })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    assert.equal(
      DateTime.fromISO(res.body().expires_at).toMillis(),
      t0.plus({ hours: 2 }).toMillis()
    )
    const sent = mails.sent((m) => m instanceof FreightInviteMail)
    assert.lengthOf(sent, 1)
    const text = String(sent[0].message.toJSON().message.text)
    const token = /invite=([\w-]+)/.exec(text)![1]
    assert.include(text, '/freight-board?invite=')
    const row = await FreightListingInvite.findByOrFail('listingId', load.id)
    assert.equal(row.token, hashInviteToken(token))
    assert.notEqual(row.token, token)

    // Other carriers do not see it during the window; the invited carrier does.
    const other = await makeUser('carrier', { isApproved: true })
    const hidden = await client.get('/api/freight-listings').loginAs(other)
    assert.deepEqual(hidden.body(), [])
    const seen = await client.get('/api/freight-listings').loginAs(carrier)
    assert.isTrue(seen.body()[0].invited)

    const stranger = await client
      .post(`/api/freight-listings/invites/${token}/accept`)
      .loginAs(other)
      .withCsrfToken()
    stranger.assertStatus(404)
    const accepted = await client
      .post(`/api/freight-listings/invites/${token}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    accepted.assertStatus(200)
    assert.deepEqual(accepted.body(), { id: load.id })
    const twice = await client
      .post(`/api/freight-listings/invites/${token}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    twice.assertStatus(409)

    clock.set(t0.plus({ hours: 2 }))
    const publicNow = await client.get('/api/freight-listings').loginAs(other)
    assert.deepEqual(
      publicNow.body().map((l: any) => l.id),
      [load.id]
    )
    const audits = await FreightListingAudit.query().where('listingId', load.id).orderBy('id')
    assert.deepEqual(
      audits.map((a) => [a.action, a.actorRole]),
      [
        ['invited', 'shipper'],
        ['invite_used', 'carrier'],
      ]
    )
  })

  test('only a carrier the shipper has shipped with; only the load’s shipper', async ({
    client,
    assert,
  }) => {
    const { shipper, candidateId, load } = await partners()
    const stranger = await makeUser('carrier', { isApproved: true })
    const res = await client
      .post(`/api/freight-listings/${load.id}/invites`)
      .json({ candidateId: candidateHandle(shipper.id, (await carrierOf(stranger)).id) })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors[0], {
      field: 'candidateId',
      message: 'You can only invite a carrier you have shipped with',
      rule: 'shippedWith',
    })
    // A carrier id is not a handle: the form's own 422, naming the field.
    for (const body of [{ carrierId: 1 }, { candidateId: 7 }, { candidateId: 'pc_short' }]) {
      const wrong = await client
        .post(`/api/freight-listings/${load.id}/invites`)
        .json(body)
        .loginAs(shipper)
        .withCsrfToken()
      wrong.assertStatus(422)
      assert.equal(wrong.body().errors[0].field, 'candidateId')
    }
    const otherShipper = await client
      .post(`/api/freight-listings/${load.id}/invites`)
      .json({ candidateId })
      .loginAs(await makeUser('shipper'))
      .withCsrfToken()
    otherShipper.assertStatus(404)
    const missing = await client
      .post('/api/freight-listings/999999/invites')
      .json({ candidateId })
      .loginAs(shipper)
      .withCsrfToken()
    missing.assertStatus(404)
    const asCarrier = await client
      .post(`/api/freight-listings/${load.id}/invites`)
      .json({ candidateId })
      .loginAs(stranger)
      .withCsrfToken()
    asCarrier.assertStatus(403)
  })

  test('an expired invite cannot be used', async ({ client }) => {
    const { carrier, carrierId, load } = await partners()
    await FreightListingInvite.create({
      listingId: load.id,
      invitedCarrierId: carrierId,
      token: hashInviteToken('old-token'),
      expiresAt: DateTime.now().minus({ seconds: 1 }),
    })
    const res = await client
      .post('/api/freight-listings/invites/old-token/accept')
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(409)
  })
})

const REASON = 'Out-of-service order seen on the roadside inspection'
// The request's field: the shipper names the carrier by its handle (docs/decisions/0157).
const CANNOT_TAKE_LOADS = {
  field: 'candidateId',
  message: 'This carrier cannot take loads right now',
  rule: 'canTakeLoads',
}

/** Another carrier the shipper has a paid booking with. */
async function partnerOf(shipper: User, approved = true) {
  const user = await makeUser('carrier', { isApproved: approved })
  await makeBooking(shipper, await makeListing(user), { paymentStatus: 'paid' })
  return { user, carrierId: (await carrierOf(user)).id }
}

type Candidate = { candidateId: string; companyName: string }

async function candidatesOf(client: any, shipper: User, loadId: number): Promise<Candidate[]> {
  const res = await client
    .get(`/api/shipper/freight-listings/${loadId}/invite-candidates`)
    .loginAs(shipper)
  res.assertStatus(200)
  return res.body()
}

/** The shipper's handle for a carrier it may invite now, from invite-candidates. */
async function handleOf(client: any, shipper: User, loadId: number, carrier: User) {
  const { companyName } = await carrierOf(carrier)
  const found = (await candidatesOf(client, shipper, loadId)).find(
    (c) => c.companyName === companyName
  )
  if (!found) throw new Error(`${companyName} is not a candidate`)
  return found.candidateId
}

function postInvite(client: any, shipper: User, loadId: number, candidateId: string) {
  return client
    .post(`/api/freight-listings/${loadId}/invites`)
    .json({ candidateId })
    .loginAs(shipper)
    .withCsrfToken()
}

/** Sends the invite as the shipper and returns the link's token from the mail. */
async function sendInvite(client: any, shipper: User, loadId: number, carrier: User) {
  const { mails } = mail.fake()
  const res = await postInvite(
    client,
    shipper,
    loadId,
    await handleOf(client, shipper, loadId, carrier)
  )
  res.assertStatus(201)
  const [sent] = mails.sent((m) => m instanceof FreightInviteMail)
  return /invite=([\w-]+)/.exec(String(sent.message.toJSON().message.text))![1]
}

/** What the live board and the board cache are told while `work` runs. */
async function boardChanges(work: () => Promise<void>) {
  const seen: FreightBoardChange[] = []
  const listener = (change: FreightBoardChange) => {
    seen.push(change)
  }
  emitter.on('freight:changed', listener)
  try {
    await work()
  } finally {
    emitter.off('freight:changed', listener)
  }
  return seen
}

async function boardIds(client: any, carrier: User) {
  const res = await client.get('/api/freight-listings').loginAs(carrier)
  res.assertStatus(200)
  return res.body().map((l: { id: number }) => l.id)
}

async function auditTrail(loadId: number) {
  const rows = await FreightListingAudit.query().where('listingId', loadId).orderBy('id')
  return rows.map((a) => [a.action, a.actorRole, a.meta])
}

test.group('Freight-board invites: only carriers that can take loads (decision 0158)', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => {
    mail.restore()
    testCensus.reset()
    app.container.restore(CarrierStandingService)
  })

  test('suspended, rejected, pending or failing-vetting carriers are no candidates; inviting one is a 422 that changes nothing', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { shipper, carrier, load } = await partners()
    const admin = await makeUser('admin')
    const approvals = await app.container.make(ApprovalService)
    const suspended = await partnerOf(shipper)
    const rejected = await partnerOf(shipper)
    const pending = await partnerOf(shipper, false)
    const failing = await partnerOf(shipper)
    // Their handles while they could still be invited (a pending one never could).
    const handles = [
      await handleOf(client, shipper, load.id, suspended.user),
      await handleOf(client, shipper, load.id, rejected.user),
      await handleOf(client, shipper, load.id, failing.user),
    ]
    assert.isTrue(await approvals.suspend(suspended.user.id, REASON, admin.id))
    await approvals.decide(rejected.user.id, false, admin)
    await CarrierVetting.create({
      carrierId: failing.carrierId,
      driver: 'factory',
      trigger: 'revet',
      result: 'fail',
      checks: [],
      verified: false,
      checkedAt: DateTime.now(),
    })

    assert.deepEqual(
      (await candidatesOf(client, shipper, load.id)).map((c) => c.companyName),
      [(await carrierOf(carrier)).companyName]
    )
    assert.notInclude(
      (await candidatesOf(client, shipper, load.id)).map((c) => c.companyName),
      (await carrierOf(pending.user)).companyName
    )

    const mailsBefore = mails.sent().length
    for (const candidateId of handles) {
      const res = await postInvite(client, shipper, load.id, candidateId)
      res.assertStatus(422)
      assert.deepEqual(res.body().errors, [CANNOT_TAKE_LOADS])
      assert.equal(res.body().message, CANNOT_TAKE_LOADS.message)
    }
    assert.lengthOf(await FreightListingInvite.all(), 0)
    assert.deepEqual(await auditTrail(load.id), [])
    assert.lengthOf(mails.sent(), mailsBefore)
    assert.deepEqual(await boardIds(client, await makeUser('carrier', { isApproved: true })), [
      load.id,
    ])
  })

  test('suspending an invited carrier ends the invite: the load is back on every board', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, carrierId, load } = await partners()
    const token = await sendInvite(client, shipper, load.id, carrier)
    const other = await makeUser('carrier', { isApproved: true })
    assert.deepEqual(await boardIds(client, other), [])

    const admin = await makeUser('admin')
    const changes = await boardChanges(async () => {
      const res = await client
        .post(`/api/admin/carriers/${carrierId}/suspend`)
        .json({ reason: REASON })
        .loginAs(admin)
        .withCsrfToken()
      res.assertStatus(200)
    })
    assert.deepEqual(changes, [{ type: 'released', id: load.id }])

    const invite = await FreightListingInvite.findByOrFail('listingId', load.id)
    assert.isAtMost(invite.expiresAt.toMillis(), DateTime.now().toMillis())
    assert.deepEqual(await boardIds(client, other), [load.id])
    const claimed = await client
      .post(`/api/freight-listings/${load.id}/claim`)
      .loginAs(other)
      .withCsrfToken()
    claimed.assertStatus(200)
    assert.deepEqual(
      (await auditTrail(load.id)).map(([action, role]) => [action, role]),
      [
        ['invited', 'shipper'],
        ['invite_cancelled', 'system'],
        ['claimed', 'carrier'],
      ]
    )
    assert.deepEqual((await auditTrail(load.id))[1][2], {
      carrier_id: carrierId,
      reason: 'carrier_suspended',
      detail: REASON,
    })

    // The link is dead: refused while suspended, and still refused once reinstated.
    const whileSuspended = await client
      .post(`/api/freight-listings/invites/${token}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    whileSuspended.assertStatus(403)
    const back = await client
      .post(`/api/admin/carriers/${carrierId}/reinstate`)
      .json({})
      .loginAs(admin)
      .withCsrfToken()
    back.assertStatus(200)
    const afterwards = await client
      .post(`/api/freight-listings/invites/${token}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    afterwards.assertStatus(409)
    assert.isNull((await FreightListingInvite.findByOrFail('listingId', load.id)).usedAt)
  })

  test('a rejected carrier’s and a failing re-vetting’s live invites end too', async ({
    client,
    assert,
  }) => {
    const { shipper, carrierId: rejectedId, carrier: rejected, load } = await partners()
    const failing = await partnerOf(shipper)
    const second = await makeFreightListing(shipper)
    await sendInvite(client, shipper, load.id, rejected)
    await sendInvite(client, shipper, second.id, failing.user)
    const other = await makeUser('carrier', { isApproved: true })
    assert.deepEqual(await boardIds(client, other), [])

    const admin = await makeUser('admin')
    testCensus.set(await censusFor(failing.user, { mcs150Date: '2019-01-01' }))
    const changes = await boardChanges(async () => {
      const rejection = await client
        .put(`/api/admin/users/${rejected.id}/approve`)
        .json({ isApproved: false })
        .loginAs(admin)
        .withCsrfToken()
      rejection.assertStatus(200)
      const vetting = await client
        .post(`/api/admin/carriers/${failing.carrierId}/vetting`)
        .loginAs(admin)
        .withCsrfToken()
      vetting.assertStatus(200)
      assert.equal(vetting.body().result, 'fail')
    })
    assert.deepEqual(changes, [
      { type: 'released', id: load.id },
      { type: 'released', id: second.id },
    ])
    assert.sameMembers(await boardIds(client, other), [load.id, second.id])
    const ended = async (id: number) =>
      (await auditTrail(id)).filter(([action]) => action === 'invite_cancelled')
    assert.deepEqual(await ended(load.id), [
      ['invite_cancelled', 'system', { carrier_id: rejectedId, reason: 'carrier_rejected' }],
    ])
    const [[, , meta]] = await ended(second.id)
    assert.include(meta as object, { carrier_id: failing.carrierId, reason: 'vetting_failed' })
    assert.isString((meta as { detail: unknown }).detail)
  })

  test('a carrier suspended while its invite is written: the invite ends and the shipper gets the 422', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, load } = await partners()
    const candidateId = await handleOf(client, shipper, load.id, carrier)
    const { mails } = mail.fake()
    // The standing read before the write says yes; the one after the commit, no (as when a
    // suspension commits in between and its listener found no invite to end).
    const real = await app.container.make(CarrierStandingService)
    let reads = 0
    app.container.swap(CarrierStandingService, () => {
      const fake = Object.create(real) as CarrierStandingService
      fake.barred = async (ids: number[]) => {
        reads += 1
        return reads === 1 ? new Map() : new Map(ids.map((id) => [id, 'carrier_suspended']))
      }
      return fake
    })
    const changes = await boardChanges(async () => {
      const res = await postInvite(client, shipper, load.id, candidateId)
      res.assertStatus(422)
      assert.deepEqual(res.body().errors, [CANNOT_TAKE_LOADS])
    })
    assert.equal(reads, 2)
    assert.deepEqual(changes, [{ type: 'released', id: load.id }])
    assert.lengthOf(mails.sent(), 0)
    assert.deepEqual(
      (await auditTrail(load.id)).map(([action]) => action),
      ['invited', 'invite_cancelled']
    )
    assert.deepEqual(await boardIds(client, await makeUser('carrier', { isApproved: true })), [
      load.id,
    ])
  })
})
