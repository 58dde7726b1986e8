import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import type { CensusRecord } from '#plugins/carrier_vetting/main'
import Carrier from '#fleet/models/carrier'
import CarrierVetting from '#trust/models/carrier_vetting'
import { businessDayFromToday, eachTestInTransaction, makeUser } from '#tests/helpers'
import { testCensus } from '#tests/vetting'
import { carrierWithCensus } from './world.js'

const vet = async (client: any, carrierId: number) => {
  const admin = await makeUser('admin')
  return client.post(`/api/admin/carriers/${carrierId}/vetting`).loginAs(admin).withCsrfToken()
}

const checkOf = (body: any, key: string) => body.checks.find((c: any) => c.key === key)

test.group('Vetting: each check and its reason', (group) => {
  eachTestInTransaction(group)
  group.each.teardown(() => testCensus.reset())

  test('a clean carrier with a current certificate passes every check and is verified', async ({
    client,
    assert,
  }) => {
    const { carrier } = await carrierWithCensus()
    const res = await vet(client, carrier.id)
    res.assertStatus(200)
    assert.equal(res.body().result, 'pass')
    assert.isTrue(res.body().verified)
    assert.deepEqual(
      res.body().checks.map((c: any) => c.result),
      ['pass', 'pass', 'pass', 'pass', 'pass', 'pass', 'pass']
    )
    assert.equal(res.body().driver, 'fake')
    assert.equal(res.body().trigger, 'admin')
    const row = await CarrierVetting.findByOrFail('carrierId', carrier.id)
    assert.equal(row.result, 'pass')
    assert.isTrue((await Carrier.findOrFail(carrier.id)).verified)
  })

  // The census facts are made when each test runs, not when the file loads: a day counted
  // from today must be counted from the same today the server reads (a run across midnight).
  const failing: [string, () => Partial<CensusRecord>, string, string | RegExp][] = [
    [
      'not allowed to operate',
      () => ({ allowedToOperate: false }),
      'dot_allowed',
      /FMCSA does not allow USDOT \d+ to operate/,
    ],
    [
      'a new authority',
      () => ({ authorityGrantedOn: businessDayFromToday(-30) }),
      'authority_age',
      /30 days ago: under 90 days/,
    ],
    [
      'low insurance',
      () => ({ liabilityInsuranceOnFileCents: 300_000_00 }),
      'liability_insurance',
      '$300,000 on file, below the $750,000 minimum',
    ],
    [
      'no insurance',
      () => ({ liabilityInsuranceOnFileCents: 0 }),
      'liability_insurance',
      'No liability insurance on file with FMCSA',
    ],
    [
      'an out-of-service order',
      () => ({ outOfServiceOn: '2026-01-05' }),
      'out_of_service',
      'Out-of-service order dated 2026-01-05',
    ],
    [
      'an outdated MCS-150',
      () => ({ mcs150Date: '2020-01-15' }),
      'mcs150',
      'Last MCS-150 2020-01-15: the biennial update was due 2022-01-15',
    ],
    [
      'a phone that differs',
      () => ({ phone: '(999) 555-0000' }),
      'contact_match',
      'The registered phone differs from the census',
    ],
    [
      'an e-mail that differs',
      () => ({ email: 'someone@else.example' }),
      'contact_match',
      'The registered e-mail differs from the census',
    ],
  ]
  for (const [name, overrides, key, reason] of failing) {
    test(`${name} fails its check with the reason, and the carrier is not verified`, async ({
      client,
      assert,
    }) => {
      const { carrier } = await carrierWithCensus(overrides())
      const res = await vet(client, carrier.id)
      res.assertStatus(200)
      assert.equal(res.body().result, 'fail')
      assert.isFalse(res.body().verified)
      const check = checkOf(res.body(), key)
      assert.equal(check.result, 'fail')
      if (typeof reason === 'string') assert.equal(check.reason, reason)
      else assert.match(check.reason, reason)
      assert.isFalse((await Carrier.findOrFail(carrier.id)).verified)
    })
  }

  test('a DOT the census does not hold fails, naming the number', async ({ client, assert }) => {
    const { carrier } = await carrierWithCensus()
    testCensus.remove(carrier.dotNumber!)
    const res = await vet(client, carrier.id)
    res.assertStatus(200)
    assert.equal(res.body().result, 'fail')
    assert.deepEqual(checkOf(res.body(), 'dot_allowed'), {
      key: 'dot_allowed',
      label: 'USDOT number active and allowed to operate',
      result: 'fail',
      reason: `USDOT ${carrier.dotNumber} is not in the FMCSA census`,
    })
    assert.deepEqual(
      res.body().checks.map((c: any) => c.key),
      ['dot_allowed', 'insurance_certificate']
    )
  })

  test('the authority boundary is read on the business clock: 89 days fails, 90 passes', async ({
    client,
    assert,
  }) => {
    const clock = new FixedClock(DateTime.fromISO('2031-06-16T02:30:00Z')) // 22:30 on the 15th in New York
    app.container.swap(Clock, () => clock)
    try {
      const young = await carrierWithCensus({ authorityGrantedOn: '2031-03-18' })
      const old = await carrierWithCensus({ authorityGrantedOn: '2031-03-17' })
      const youngRes = await vet(client, young.carrier.id)
      const oldRes = await vet(client, old.carrier.id)
      assert.equal(checkOf(youngRes.body(), 'authority_age').result, 'fail')
      assert.equal(checkOf(oldRes.body(), 'authority_age').result, 'pass')
    } finally {
      app.container.restore(Clock)
    }
  })

  test('an expired certificate fails; a missing one warns and leaves the carrier unverified', async ({
    client,
    assert,
  }) => {
    const { carrier } = await carrierWithCensus()
    await Carrier.query()
      .where('id', carrier.id)
      .update({ insurance_expires_on: businessDayFromToday(-1) })
    const expired = await vet(client, carrier.id)
    assert.deepInclude(checkOf(expired.body(), 'insurance_certificate'), { result: 'fail' })
    await Carrier.query()
      .where('id', carrier.id)
      .update({ insurance_document: null, insurance_expires_on: null })
    const missing = await vet(client, carrier.id)
    assert.equal(missing.body().result, 'warn')
    assert.isFalse(missing.body().verified)
  })

  test('a census that does not answer is a 503 and records nothing', async ({ client, assert }) => {
    const { carrier } = await carrierWithCensus()
    testCensus.failNext('unavailable')
    const res = await vet(client, carrier.id)
    res.assertStatus(503)
    assert.match(res.body().message, /Carrier vetting is unavailable/)
    assert.lengthOf(await CarrierVetting.query().where('carrierId', carrier.id), 0)
  })

  test('only admins run a vetting; an unknown carrier is a 404', async ({ client }) => {
    const { carrier, user } = await carrierWithCensus()
    const shipper = await makeUser('shipper')
    const path = `/api/admin/carriers/${carrier.id}/vetting`
    ;(await client.post(path).withCsrfToken()).assertStatus(401)
    ;(await client.post(path).loginAs(shipper).withCsrfToken()).assertStatus(403)
    ;(await client.post(path).loginAs(user).withCsrfToken()).assertStatus(403)
    ;(await vet(client, 999999)).assertStatus(404)
  })
})
