import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import AlertRule from '#tms/models/alert_rule'
import AlertNotification from '#tms/models/alert_notification'
import ExpeditedJob from '#logistics/models/expedited_job'
import ExpeditedSlaService from '#logistics/services/expedited_sla_service'
import ExpeditedSla from '../../../commands/expedited_sla.js'
import { makeUser, resetDatabase } from '#tests/helpers'
import { recordExpeditedSteps } from '#tests/deliveries'
import { asCaller, expCarrier, expeditedForm, payJob } from '../expedited_helpers.js'

const NOW = DateTime.fromISO('2026-03-02T15:00:00Z')
const clock = new FixedClock(NOW)

test.group('Expedited SLA: at risk, missed, alerts', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    clock.set(NOW)
    app.container.swap(Clock, () => clock)
    return () => app.container.restore(Clock)
  })

  test('with no position, the check flags at risk once, then records the missed SLA once', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await expCarrier()
    await AlertRule.create({
      userId: shipper.id,
      name: 'Late things',
      shipmentFilter: { scope: 'all' },
      triggers: ['late'],
      channels: ['in_app'],
    })
    await AlertRule.create({
      userId: shipper.id,
      name: 'Exceptions only',
      shipmentFilter: { scope: 'all' },
      triggers: ['exception'],
      channels: ['in_app'],
    })
    const created = await client
      .post('/api/expedited-jobs')
      .json(expeditedForm({ slaHours: 8 }))
      .loginAs(shipper)
      .withCsrfToken()
    const id = created.body().job.id
    assert.equal((await payJob(asCaller(client, shipper), id)).status, 200)
    await client.post(`/api/expedited-jobs/${id}/accept`).loginAs(carrier).withCsrfToken()
    const sla = await app.container.make(ExpeditedSlaService)

    // 283.4 mi is 5.2 h of driving: 8 h leaves room at first
    assert.deepEqual(await sla.check(), { flagged: [], cleared: [], missed: [] })
    clock.advance({ hours: 2, minutes: 30 })
    assert.deepEqual((await sla.check()).flagged, [id])
    assert.deepEqual((await sla.check()).flagged, [], 'flagged once')
    const job = await ExpeditedJob.findOrFail(id)
    assert.isTrue(job.atRisk)

    clock.advance({ hours: 6 })
    const ace = await app.container.make('ace')
    ace.ui.switchMode('raw')
    const command = await ace.create(ExpeditedSla, [])
    await command.exec()
    command.assertSucceeded()
    command.assertLogMatches(/0 job\(s\) flagged at risk, 0 cleared, 1 SLA\(s\) missed/)
    await job.refresh()
    assert.isTrue(job.slaMissed)
    assert.equal(job.slaMissedAt!.toMillis(), clock.now().toMillis())
    assert.equal(job.status, 'ACCEPTED', 'a late job is still driven')
    assert.deepEqual((await sla.check()).missed, [], 'recorded once')

    const notes = await AlertNotification.query().orderBy('id', 'asc')
    assert.deepEqual(
      notes.map((n) => [n.expeditedJobId, n.dedupeKey, n.trigger, n.bookingId]),
      [
        [id, `expedited-at_risk:${id}`, 'late', null],
        [id, `expedited-missed:${id}`, 'late', null],
      ]
    )
    const listed = await client.get('/api/tms/notifications').loginAs(shipper)
    listed.assertStatus(200)
    assert.equal(listed.body()[0].reference, `EXP-${String(id).padStart(3, '0')}`)
    assert.match(listed.body()[0].message, /SLA missed/)
    const seen = await client.get('/api/shipper/expedited-jobs').loginAs(shipper)
    assert.containsSubset(seen.body()[0], { atRisk: true, slaMissed: true })
  })

  test('a position that brings the ETA back clears the flag; a late delivery is a missed SLA', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await expCarrier()
    const created = await client
      .post('/api/expedited-jobs')
      .json(expeditedForm({ slaHours: 7 }))
      .loginAs(shipper)
      .withCsrfToken()
    const id = created.body().job.id
    assert.equal((await payJob(asCaller(client, shipper), id)).status, 200)
    const act = (path: string, body: Record<string, unknown> = {}) =>
      client.post(`/api/expedited-jobs/${id}/${path}`).json(body).loginAs(carrier).withCsrfToken()
    await act('accept')
    // the driver reports from Dallas: far too far
    const far = await act('position', { lat: 32.7767, lng: -96.797 })
    assert.isTrue(far.body().atRisk)
    const near = await act('position', { lat: 41.8858, lng: -87.6181 })
    assert.isFalse(near.body().atRisk)
    await act('pickup')
    clock.advance({ hours: 7, minutes: 5 })
    ;(await recordExpeditedSteps(client, carrier, id)).assertStatus(201)
    const delivered = await client.get('/api/carrier/expedited-jobs').loginAs(carrier)
    assert.containsSubset(delivered.body()[0], {
      status: 'DELIVERED',
      slaMissed: true,
      atRisk: false,
    })
  })
})
