/*
 * An expedited job's signed proof of delivery in the Document Hub (docs/decisions/0265): listed
 * for the job's shipper, the carrier on it and the driver member it is assigned to (a POD states
 * no money, decision 0246), downloaded through the job's own POD route and its checks; another
 * shipper, another carrier, an unassigned driver and an admin neither list nor download it.
 * Merged with the bookings' documents in one newest-first, paged list; its filters.
 */
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import type { ApiClient } from '@japa/api-client'
import { Clock, FixedClock } from '#core/clock'
import { expeditedReference } from '#core/reference'
import { makeMember } from '#accounts/tests/companies'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { EXPEDITED_CONSIGNEE, recordExpeditedSteps, uploadProofOfDelivery } from '#tests/deliveries'
import { pdfText } from '#tests/pdf_text'
import { asCaller, expCarrier, expeditedForm, payJob } from '../expedited_helpers.js'

/** 10:00 in New York on Monday 2026-03-02. */
const NOW = DateTime.fromISO('2026-03-02T15:00:00Z')
const clock = new FixedClock(NOW)

/**
 * A paid Chicago to Detroit job accepted by an EXP carrier, its driver member assigned, picked
 * up and, six hours later, delivered by the driver's signed step.
 */
async function deliveredJob(client: ApiClient) {
  const shipper = await makeUser('shipper')
  const owner = await expCarrier()
  const created = await client
    .post('/api/expedited-jobs')
    .json(expeditedForm({ slaHours: 24 }))
    .loginAs(shipper)
    .withCsrfToken()
  created.assertStatus(201)
  const id = created.body().job.id as number
  const paid = await payJob(asCaller(client, shipper), id)
  if (paid.status !== 200) throw new Error(`payment ${paid.status}`)
  ;(
    await client.post(`/api/expedited-jobs/${id}/accept`).loginAs(owner).withCsrfToken()
  ).assertStatus(200)
  const driver = await makeMember(owner, 'driver')
  await db.from('expedited_jobs').where('id', id).update({ driver_user_id: driver.id })
  await recordExpeditedSteps(client, driver, id, 'departed_pickup')
  clock.advance({ hours: 6 })
  ;(await recordExpeditedSteps(client, driver, id)).assertStatus(201)
  return { shipper, owner, driver, id, reference: expeditedReference(id) }
}

const hub = (client: ApiClient, user: any, query = '') =>
  client.get(`/api/tms/documents${query}`).loginAs(user)

const expeditedRows = (body: any) => body.data.filter((d: any) => d.subject === 'expedited_job')

test.group('Document Hub: an expedited job’s signed POD (decision 0265)', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    clock.set(NOW)
    app.container.swap(Clock, () => clock)
    drive.fake('fs')
    return () => {
      app.container.restore(Clock)
      drive.restore('fs')
    }
  })
  group.each.timeout(60_000)

  test('its shipper, its carrier and its assigned driver list it and download the signed PDF', async ({
    client,
    assert,
  }) => {
    const { shipper, owner, driver, id, reference } = await deliveredJob(client)
    const stepId = (
      await db
        .from('expedited_stop_events')
        .where({ expedited_job_id: id, type: 'delivered' })
        .first()
    ).id as number

    for (const user of [shipper, owner, driver]) {
      const listed = await hub(client, user)
      listed.assertStatus(200)
      assert.deepEqual(listed.body().data, [
        {
          id: stepId,
          type: 'POD',
          subject: 'expedited_job',
          shipmentId: id,
          shipmentReference: reference,
          fileName: `pod-${reference}.pdf`,
          mimeType: 'application/pdf',
          stopNumber: 2,
          createdAt: clock.now().toUTC().toISO(),
          downloadUrl: `/api/expedited-jobs/${id}/pod`,
        },
      ])
      assert.deepEqual(listed.body().meta, { total: 1, perPage: 20, currentPage: 1, lastPage: 1 })

      const file = await client.get(listed.body().data[0].downloadUrl).loginAs(user)
      file.assertStatus(200)
      assert.equal(file.header('content-type'), 'application/pdf')
      const text = pdfText(Buffer.from(file.body() as any))
      assert.include(text, reference)
      assert.include(text, EXPEDITED_CONSIGNEE)
    }

    // Its filters: the POD type and the job's EXP- reference find it; another type or a
    // booking's reference do not.
    for (const query of [
      '?type=POD',
      `?shipment=${reference}`,
      `?shipment=${reference.toLowerCase()}`,
    ]) {
      assert.lengthOf(expeditedRows((await hub(client, shipper, query)).body()), 1, query)
    }
    for (const query of [
      '?type=BOL',
      `?shipment=TRT-${String(id).padStart(3, '0')}`,
      `?shipment=${id}`,
    ]) {
      const res = await hub(client, shipper, query)
      res.assertStatus(200)
      assert.deepEqual(res.body().data, [], query)
    }
    const bad = await hub(client, shipper, '?shipment=EXP-')
    bad.assertStatus(422)
    assert.equal(bad.body().errors[0].field, 'shipment')
  })

  test('another shipper, another carrier, an unassigned driver and an admin neither list nor download it', async ({
    client,
    assert,
  }) => {
    const { owner, id } = await deliveredJob(client)
    const otherShipper = await makeUser('shipper')
    const otherCarrier = await expCarrier()
    const unassigned = await makeMember(owner, 'driver')
    const admin = await makeUser('admin')

    for (const user of [otherShipper, otherCarrier, unassigned, admin]) {
      const listed = await hub(client, user)
      listed.assertStatus(200)
      assert.deepEqual(expeditedRows(listed.body()), [], `${user.role} ${user.email}`)
    }
    for (const user of [otherShipper, otherCarrier, unassigned]) {
      const res = await client.get(`/api/expedited-jobs/${id}/pod`).loginAs(user)
      res.assertStatus(404)
      assert.equal(res.header('content-type')?.startsWith('application/json'), true)
    }
    ;(await client.get(`/api/expedited-jobs/${id}/pod`).loginAs(admin)).assertStatus(403)
    ;(await client.get(`/api/expedited-jobs/${id}/pod`)).assertStatus(401)
  })

  test('before the signed step nobody lists a POD for the job', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const owner = await expCarrier()
    const created = await client
      .post('/api/expedited-jobs')
      .json(expeditedForm())
      .loginAs(shipper)
      .withCsrfToken()
    const id = created.body().job.id as number
    await payJob(asCaller(client, shipper), id)
    ;(
      await client.post(`/api/expedited-jobs/${id}/accept`).loginAs(owner).withCsrfToken()
    ).assertStatus(200)
    await recordExpeditedSteps(client, owner, id, 'arrived_delivery')
    for (const user of [shipper, owner]) {
      assert.deepEqual((await hub(client, user)).body().data, [])
    }
    ;(await client.get(`/api/expedited-jobs/${id}/pod`).loginAs(shipper)).assertStatus(404)
  })

  test('merged with the bookings’ documents, newest first, paged across both', async ({
    client,
    assert,
  }) => {
    const { shipper, owner, driver, id } = await deliveredJob(client)
    // A booking of the same shipper with the same carrier, its POD uploaded after the job's
    // (the hub's documents are stamped by the wall clock, later than the fixed clock's March).
    const listing = await makeListing(owner)
    const booking = await makeBooking(shipper, listing, { status: 'confirmed' })
    await uploadProofOfDelivery(booking.id, owner.id)
    await uploadProofOfDelivery(booking.id, owner.id)

    const all = await hub(client, shipper)
    assert.deepEqual(
      all.body().data.map((d: any) => [d.subject, d.shipmentId]),
      [
        ['booking', booking.id],
        ['booking', booking.id],
        ['expedited_job', id],
      ]
    )
    const pages = []
    for (const page of [1, 2, 3]) {
      const res = await hub(client, shipper, `?perPage=1&page=${page}`)
      assert.deepEqual(res.body().meta, { total: 3, perPage: 1, currentPage: page, lastPage: 3 })
      pages.push(...res.body().data)
    }
    assert.deepEqual(pages, all.body().data)
    const second = await hub(client, shipper, '?perPage=2&page=2')
    assert.deepEqual(
      second.body().data.map((d: any) => d.subject),
      ['expedited_job']
    )
    // The booking is not the driver's: the driver sees the job's POD only.
    assert.deepEqual(
      (await hub(client, driver)).body().data.map((d: any) => d.subject),
      ['expedited_job']
    )
    // The carrier's owner sees both.
    assert.equal((await hub(client, owner)).body().meta.total, 3)
  })
})
