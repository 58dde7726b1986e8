import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import ApprovalService from '#accounts/services/approval_service'
import User from '#accounts/models/user'
import AccountStandingChange from '#accounts/models/account_standing_change'
import Carrier from '#fleet/models/carrier'
import FreightListing from '#freight_board/models/freight_listing'
import FreightListingAudit from '#freight_board/models/freight_listing_audit'
import CarrierVetting from '#trust/models/carrier_vetting'
import { businessDayFromToday, eachTestInTransaction, makeUser } from '#tests/helpers'
import { carrierOf, makeFreightListing, makeListing } from '#tests/factories'
import {
  ALREADY_SUSPENDED,
  CARRIER_NOT_FOUND,
  NOT_APPROVED,
  NOT_SUSPENDED,
} from '#admin/controllers/fleet_oversight_controller'

const REASON = 'Out-of-service order seen on the roadside inspection'

const searchBody = {
  pickupAddress: 'Chicago, IL',
  deliveryAddress: 'Detroit, MI',
  numberOfPallets: 4,
  pickupDate: businessDayFromToday(2),
}

async function namedCarrier(companyName: string, approved = true) {
  const user = await makeUser('carrier', { isApproved: approved })
  const carrier = await carrierOf(user)
  carrier.companyName = companyName
  await carrier.save()
  return { user, carrier }
}

test.group('GET /api/admin/carriers', (group) => {
  eachTestInTransaction(group)

  test('every carrier with its standing, vetting, cover and record; filters and pages', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const alpha = await namedCarrier('Alpha Haulers LLC')
    const bravo = await namedCarrier('Bravo Freight LLC', false)
    await CarrierVetting.query().where('carrierId', bravo.carrier.id).delete()
    await makeUser('shipper')

    const all = await client.get('/api/admin/carriers').loginAs(admin)
    all.assertStatus(200)
    const rows = all.body().data
    assert.deepEqual(
      rows.map((r: any) => r.companyName),
      ['Alpha Haulers LLC', 'Bravo Freight LLC']
    )
    assert.deepEqual(all.body().meta, { total: 2, perPage: 20, currentPage: 1, lastPage: 1 })
    const [a, b] = rows
    assert.include(a, {
      carrierId: alpha.carrier.id,
      userId: alpha.user.id,
      dotNumber: alpha.carrier.dotNumber,
      mcNumber: alpha.carrier.mcNumber,
      approvalStatus: 'approved',
      deliveredLoads: 0,
      onTimeRate: null,
      lastStandingChange: null,
    })
    assert.deepEqual(a.rating, { average: null, count: 0 })
    assert.equal(b.approvalStatus, 'pending')
    assert.isNull(b.vetting)

    const pending = await client.get('/api/admin/carriers?status=pending').loginAs(admin)
    assert.deepEqual(
      pending.body().data.map((r: any) => r.carrierId),
      [bravo.carrier.id]
    )
    const never = await client.get('/api/admin/carriers?vetting=none').loginAs(admin)
    assert.deepEqual(
      never.body().data.map((r: any) => r.carrierId),
      [bravo.carrier.id]
    )
    const byName = await client.get('/api/admin/carriers?search=alpha').loginAs(admin)
    assert.deepEqual(
      byName.body().data.map((r: any) => r.carrierId),
      [alpha.carrier.id]
    )
    const byDot = await client
      .get(`/api/admin/carriers?search=${bravo.carrier.dotNumber}`)
      .loginAs(admin)
    assert.deepEqual(
      byDot.body().data.map((r: any) => r.carrierId),
      [bravo.carrier.id]
    )
    const nothing = await client.get('/api/admin/carriers?search=100%25').loginAs(admin)
    assert.deepEqual(nothing.body().data, [])
    const second = await client.get('/api/admin/carriers?page=2').loginAs(admin)
    assert.deepEqual(second.body().data, [])
    assert.equal(second.body().meta.currentPage, 2)
  })

  test('bad filters are 422 with their messages', async ({ client }) => {
    const admin = await makeUser('admin')
    const cases: [string, string, string][] = [
      ['status=banned', 'status', 'Status must be approved, pending, rejected or suspended'],
      ['vetting=ok', 'vetting', 'Vetting must be pass, warn, fail or none'],
      [`search=${'x'.repeat(101)}`, 'search', 'Search must be at most 100 characters'],
      ['page=0', 'page', 'Page must be a whole number from 1'],
      ['page=1.5', 'page', 'Page must be a whole number from 1'],
    ]
    for (const [qs, field, message] of cases) {
      const res = await client.get(`/api/admin/carriers?${qs}`).loginAs(admin)
      res.assertStatus(422)
      res.assertBodyContains({ errors: [{ field, message }] })
    }
  })

  test('only admins', async ({ client }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    ;(await client.get('/api/admin/carriers').loginAs(shipper)).assertStatus(403)
    ;(await client.get('/api/admin/carriers').loginAs(carrier)).assertStatus(403)
    ;(await client.get('/api/admin/carriers')).assertStatus(401)
  })
})

test.group('POST /api/admin/carriers/:carrierId/suspend and /reinstate', (group) => {
  eachTestInTransaction(group)

  test('suspension drops holds and leaves search; reinstatement brings the listing back', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const shipper = await makeUser('shipper')
    const { user, carrier } = await namedCarrier('Grounded Lines LLC')
    const listing = await makeListing(user)
    const load = await makeFreightListing(shipper)
    const held = await client
      .post(`/api/freight-listings/${load.id}/hold`)
      .loginAs(user)
      .withCsrfToken()
    held.assertStatus(200)
    const search = async () => {
      const res = await client
        .post('/api/listings/search')
        .json(searchBody)
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(200)
      return res.body().map((r: { id: number }) => r.id)
    }
    assert.deepEqual(await search(), [listing.id])

    const res = await client
      .post(`/api/admin/carriers/${carrier.id}/suspend`)
      .json({ reason: `  ${REASON}  ` })
      .loginAs(admin)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().approvalStatus, 'suspended')
    assert.include(res.body().lastStandingChange, {
      action: 'suspended',
      reason: REASON,
      adminUserId: admin.id,
    })
    const account = await User.findOrFail(user.id)
    assert.equal(account.approvalStatus, 'suspended')
    assert.isFalse(account.isApproved)

    const freed = await FreightListing.findOrFail(load.id)
    assert.isNull(freed.holdCarrierId)
    assert.isNull(freed.holdExpiresAt)
    const audit = await FreightListingAudit.query()
      .where('listingId', load.id)
      .orderBy('id', 'desc')
      .firstOrFail()
    assert.equal(audit.action, 'released')
    assert.equal(audit.actorRole, 'system')
    assert.deepEqual(audit.meta, {
      carrier_id: carrier.id,
      reason: 'carrier_suspended',
      detail: REASON,
    })
    assert.deepEqual(await search(), [])

    const again = await client
      .post(`/api/admin/carriers/${carrier.id}/suspend`)
      .json({ reason: REASON })
      .loginAs(admin)
      .withCsrfToken()
    again.assertStatus(409)
    again.assertBody({ message: ALREADY_SUSPENDED })

    const back = await client
      .post(`/api/admin/carriers/${carrier.id}/reinstate`)
      .json({})
      .loginAs(admin)
      .withCsrfToken()
    back.assertStatus(200)
    assert.equal(back.body().approvalStatus, 'approved')
    assert.include(back.body().lastStandingChange, { action: 'reinstated', reason: null })
    assert.isTrue((await User.findOrFail(user.id)).isApproved)
    assert.deepEqual(await search(), [listing.id])

    const twice = await client
      .post(`/api/admin/carriers/${carrier.id}/reinstate`)
      .json({ reason: 'Second thoughts' })
      .loginAs(admin)
      .withCsrfToken()
    twice.assertStatus(409)
    twice.assertBody({ message: NOT_SUSPENDED })

    const trail = await AccountStandingChange.query().where('userId', user.id).orderBy('id')
    assert.deepEqual(
      trail.map((row) => [row.action, row.adminUserId, row.reason]),
      [
        ['suspended', admin.id, REASON],
        ['reinstated', admin.id, null],
      ]
    )
  })

  test('bad reasons are 422 and change nothing', async ({ client, assert }) => {
    const admin = await makeUser('admin')
    const { user, carrier } = await namedCarrier('Careful Carriers LLC')
    const cases: [unknown, string][] = [
      [{}, 'Give the reason for the suspension'],
      [{ reason: 42 }, 'Give the reason for the suspension'],
      [{ reason: '  too short ' }, 'The reason must be at least 10 characters'],
      [{ reason: 'x'.repeat(501) }, 'The reason must be at most 500 characters'],
    ]
    for (const [body, message] of cases) {
      const res = await client
        .post(`/api/admin/carriers/${carrier.id}/suspend`)
        .json(body)
        .loginAs(admin)
        .withCsrfToken()
      res.assertStatus(422)
      res.assertBodyContains({ errors: [{ field: 'reason', message }] })
    }
    const long = await client
      .post(`/api/admin/carriers/${carrier.id}/reinstate`)
      .json({ reason: 'x'.repeat(501) })
      .loginAs(admin)
      .withCsrfToken()
    long.assertStatus(422)
    long.assertBodyContains({
      errors: [{ field: 'reason', message: 'The reason must be at most 500 characters' }],
    })
    assert.equal((await User.findOrFail(user.id)).approvalStatus, 'approved')
    assert.lengthOf(await AccountStandingChange.all(), 0)
  })

  test('unknown carriers are 404, pending ones 409, approved ones cannot be reinstated', async ({
    client,
  }) => {
    const admin = await makeUser('admin')
    const pending = await namedCarrier('Waiting Wheels LLC', false)
    const approved = await namedCarrier('Rolling Right LLC')
    const post = (path: string, body: object) =>
      client.post(path).json(body).loginAs(admin).withCsrfToken()

    const unknown = await post('/api/admin/carriers/999999/suspend', { reason: REASON })
    unknown.assertStatus(404)
    unknown.assertBody({ message: CARRIER_NOT_FOUND })
    ;(await post('/api/admin/carriers/999999/reinstate', {})).assertStatus(404)

    const notYet = await post(`/api/admin/carriers/${pending.carrier.id}/suspend`, {
      reason: REASON,
    })
    notYet.assertStatus(409)
    notYet.assertBody({ message: NOT_APPROVED })
    const notSuspended = await post(`/api/admin/carriers/${approved.carrier.id}/reinstate`, {})
    notSuspended.assertStatus(409)
    notSuspended.assertBody({ message: NOT_SUSPENDED })
  })

  test('only admins suspend or reinstate', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const other = await makeUser('carrier', { isApproved: true })
    const { user, carrier } = await namedCarrier('Target Trucking LLC')
    for (const who of [shipper, other]) {
      for (const action of ['suspend', 'reinstate']) {
        const res = await client
          .post(`/api/admin/carriers/${carrier.id}/${action}`)
          .json({ reason: REASON })
          .loginAs(who)
          .withCsrfToken()
        res.assertStatus(403)
      }
    }
    assert.equal((await User.findOrFail(user.id)).approvalStatus, 'approved')
    assert.isNotNull(await Carrier.find(carrier.id))
  })

  test('the daily re-vetting’s suspension is kept without an admin and shows on the list', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const { user, carrier } = await namedCarrier('Revetted Rigs LLC')
    const approvals = await app.container.make(ApprovalService)
    assert.isTrue(await approvals.suspend(user.id, 'Out-of-service order dated 2026-09-01'))
    assert.isFalse(await approvals.suspend(user.id, 'Out-of-service order dated 2026-09-01'))
    const res = await client.get('/api/admin/carriers?status=suspended').loginAs(admin)
    res.assertStatus(200)
    const [row] = res.body().data
    assert.equal(row.carrierId, carrier.id)
    assert.include(row.lastStandingChange, {
      action: 'suspended',
      reason: 'Out-of-service order dated 2026-09-01',
      adminUserId: null,
    })
  })
})
