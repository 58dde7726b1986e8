import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import AccountStandingChange from '#accounts/models/account_standing_change'
import ApprovalService from '#accounts/services/approval_service'
import CarrierVetting from '#trust/models/carrier_vetting'
import { carrierOf } from '#tests/factories'
import { eachTestInTransaction, makeUser } from '#tests/helpers'

const FAILING_CHECKS = [
  {
    key: 'insurance_certificate',
    label: 'Insurance certificate uploaded and not expired',
    result: 'fail',
    reason: 'No insurance certificate uploaded',
  },
]

async function pendingCarrier(result: 'pass' | 'warn' | 'fail') {
  const user = await makeUser('carrier', { isApproved: false })
  const carrier = await carrierOf(user)
  await CarrierVetting.create({
    carrierId: carrier.id,
    driver: 'factory',
    trigger: 'registration',
    result,
    checks: result === 'fail' ? (FAILING_CHECKS as any) : [],
    verified: result === 'pass',
    checkedAt: DateTime.now(),
  })
  return user
}

test.group('Admin approval of a carrier whose vetting failed (decision 0189)', (group) => {
  eachTestInTransaction(group)

  test('is refused without a reason, naming reason, and changes nothing', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const carrier = await pendingCarrier('fail')
    for (const body of [{ isApproved: true }, { isApproved: true, reason: '   ' }]) {
      const res = await client
        .put(`/api/admin/users/${carrier.id}/approve`)
        .json(body)
        .loginAs(admin)
        .withCsrfToken()
      res.assertStatus(422)
      assert.equal(res.body().errors[0].field, 'reason')
      assert.match(res.body().errors[0].message, /vetting failed/)
    }
    const short = await client
      .put(`/api/admin/users/${carrier.id}/approve`)
      .json({ isApproved: true, reason: 'ok' })
      .loginAs(admin)
      .withCsrfToken()
    short.assertStatus(422)
    assert.equal(short.body().errors[0].field, 'reason')
    await carrier.refresh()
    assert.equal(carrier.approvalStatus, 'pending')
    assert.lengthOf(await AccountStandingChange.query().where('userId', carrier.id), 0)
  })

  test('with a reason, approves and keeps the reason with the admin in the standing history', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    const carrier = await pendingCarrier('fail')
    const reason = 'Certificate seen by phone; upload promised today'
    const res = await client
      .put(`/api/admin/users/${carrier.id}/approve`)
      .json({ isApproved: true, reason })
      .loginAs(admin)
      .withCsrfToken()
    res.assertStatus(200)
    await carrier.refresh()
    assert.equal(carrier.approvalStatus, 'approved')
    const rows = await AccountStandingChange.query().where('userId', carrier.id)
    assert.lengthOf(rows, 1)
    assert.containsSubset(rows[0].serialize(), {
      action: 'approved',
      reason,
      adminUserId: admin.id,
    })
    // Not a suspension or reinstatement: the standing reads are unchanged (decisions 0116, 0186).
    const approvals = await app.container.make(ApprovalService)
    assert.isUndefined((await approvals.latestStandingChanges([carrier.id])).get(carrier.id))
    assert.deepEqual((await approvals.standingHistories([carrier.id])).get(carrier.id), [])
  })

  test('a passing or warning vetting, a rejection and a shipper need no reason', async ({
    client,
    assert,
  }) => {
    const admin = await makeUser('admin')
    for (const result of ['pass', 'warn'] as const) {
      const carrier = await pendingCarrier(result)
      const res = await client
        .put(`/api/admin/users/${carrier.id}/approve`)
        .json({ isApproved: true })
        .loginAs(admin)
        .withCsrfToken()
      res.assertStatus(200)
      assert.lengthOf(await AccountStandingChange.query().where('userId', carrier.id), 0)
    }
    const failing = await pendingCarrier('fail')
    const rejected = await client
      .put(`/api/admin/users/${failing.id}/approve`)
      .json({ isApproved: false })
      .loginAs(admin)
      .withCsrfToken()
    rejected.assertStatus(200)
    assert.equal(rejected.body().approvalStatus, 'rejected')
    const shipper = await makeUser('shipper', { isApproved: false, approvalStatus: 'pending' })
    const approved = await client
      .put(`/api/admin/users/${shipper.id}/approve`)
      .json({ isApproved: true })
      .loginAs(admin)
      .withCsrfToken()
    approved.assertStatus(200)
  })
})
