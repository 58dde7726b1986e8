import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import User from '#accounts/models/user'
import Carrier from '#fleet/models/carrier'
import { businessDayFromToday, eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeFreightListing } from '#tests/factories'
import { testCensus } from '#tests/vetting'
import { carrierWithCensus } from './world.js'

async function revet() {
  const ace = await app.container.make('ace')
  const command = await ace.exec('carriers:revet', [])
  if (command.exitCode) throw command.error ?? new Error('carriers:revet failed')
}

test.group('carriers:revet', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => testCensus.reset())

  test('re-vets approved carriers: passing stay verified, failing are flagged, out-of-service is suspended', async ({
    client,
    assert,
  }) => {
    const clean = await carrierWithCensus()
    const lapsed = await carrierWithCensus({ mcs150Date: '2019-01-01' })
    const grounded = await carrierWithCensus({
      outOfServiceOn: '2026-09-01',
      allowedToOperate: false,
    })
    const pending = await makeUser('carrier', { isApproved: false })
    await revet()

    assert.isTrue((await Carrier.findOrFail(clean.carrier.id)).verified)
    assert.isFalse((await Carrier.findOrFail(lapsed.carrier.id)).verified)
    assert.equal((await User.findOrFail(lapsed.user.id)).approvalStatus, 'approved')
    const suspended = await User.findOrFail(grounded.user.id)
    assert.equal(suspended.approvalStatus, 'suspended')
    assert.isFalse(suspended.isApproved)
    const pendingDot = (await Carrier.findByOrFail('userId', pending.id)).dotNumber!
    assert.notInclude(testCensus.lookups, pendingDot)

    const admin = await makeUser('admin')
    const flagged = await client.get('/api/admin/carriers/flagged').loginAs(admin)
    flagged.assertStatus(200)
    const rows = flagged.body().carriers
    assert.sameMembers(
      rows.map((r: any) => r.carrierId),
      [lapsed.carrier.id, grounded.carrier.id]
    )
    const groundedRow = rows.find((r: any) => r.carrierId === grounded.carrier.id)
    assert.equal(groundedRow.approvalStatus, 'suspended')
    assert.equal(groundedRow.vetting.trigger, 'revet')
    assert.deepInclude(
      groundedRow.vetting.checks.find((c: any) => c.key === 'out_of_service'),
      { result: 'fail', reason: 'Out-of-service order dated 2026-09-01' }
    )

    // A suspended carrier can no longer claim, list or book work.
    const shipper = await makeUser('shipper')
    const load = await makeFreightListing(shipper)
    const claim = await client
      .post(`/api/freight-listings/${load.id}/claim`)
      .loginAs(suspended)
      .withCsrfToken()
    claim.assertStatus(403)
    assert.equal(claim.body().message, 'Account suspended')
    ;(await client.get('/api/carrier/me/listings').loginAs(suspended)).assertStatus(403)
  })

  test('a certificate that expired since the last run unverifies the carrier', async ({
    assert,
  }) => {
    const { carrier } = await carrierWithCensus()
    await revet()
    assert.isTrue((await Carrier.findOrFail(carrier.id)).verified)
    await Carrier.query()
      .where('id', carrier.id)
      .update({ insurance_expires_on: businessDayFromToday(-1) })
    await revet()
    assert.isFalse((await Carrier.findOrFail(carrier.id)).verified)
  })

  test('a census that does not answer leaves carriers as they were', async ({ assert }) => {
    const { carrier, user } = await carrierWithCensus({ outOfServiceOn: '2026-09-01' })
    testCensus.failNext('unavailable')
    await revet()
    assert.isTrue((await Carrier.findOrFail(carrier.id)).verified)
    assert.equal((await User.findOrFail(user.id)).approvalStatus, 'approved')
  })

  test('only admins see the flagged carriers', async ({ client }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeUser('carrier', { isApproved: true })
    ;(await client.get('/api/admin/carriers/flagged')).assertStatus(401)
    ;(await client.get('/api/admin/carriers/flagged').loginAs(shipper)).assertStatus(403)
    ;(await client.get('/api/admin/carriers/flagged').loginAs(carrier)).assertStatus(403)
  })
})
