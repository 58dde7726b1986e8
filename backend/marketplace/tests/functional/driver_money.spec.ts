/*
 * A driver member sees no money (issue 35, docs/decisions/0246): the bookings and jobs a driver
 * reads carry no price, rate, payout or fee (null in the JSON, not just hidden on the screen),
 * the rate confirmation and a booking's charges are the owner's, dispatcher's and accounts',
 * and the driver reads and writes the thread of a booking assigned to them.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { memberRefusal } from '#accounts/member_roles'
import { companyFor, makeMember } from '#accounts/tests/companies'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import { makeExpeditedJob } from '#logistics/tests/expedited_helpers'
import Document from '#tms/models/document'

async function world() {
  const owner = await makeUser('carrier', { isApproved: true })
  await companyFor(owner)
  const dispatcher = await makeMember(owner, 'dispatcher')
  const driver = await makeMember(owner, 'driver', { firstName: 'Dana' })
  const accounts = await makeMember(owner, 'accounts')
  const shipper = await makeUser('shipper')
  const listing = await makeListing(owner)
  const booking = await makeBooking(shipper, listing, { status: 'booked', paymentStatus: 'paid' })
  const other = await makeBooking(shipper, listing, { status: 'booked', paymentStatus: 'paid' })
  await db
    .from('bookings')
    .where('id', booking.id)
    .update({ driver_user_id: driver.id, driver_assigned_by: owner.id })
  return { owner, dispatcher, driver, accounts, shipper, listing, booking, other }
}

const CARRIER_BOOKING_MONEY = [
  'ratePerMilePerPallet',
  'totalAmount',
  'payoutStatus',
  'cancellationFeeCents',
  'cancellationFeeShareCents',
] as const
const BOOKING_MONEY = [
  'ratePerMilePerPallet',
  'totalAmount',
  'priceBreakdown',
  'payoutStatus',
  'cancellationFeeCents',
] as const

test.group('A driver member sees no money', (group) => {
  eachTestInTransaction(group)

  test('GET /api/carrier/bookings: no price, rate, payout or fee to a driver; the owner sees them', async ({
    client,
    assert,
  }) => {
    const { owner, driver, booking } = await world()
    const mine = await client.get('/api/carrier/bookings').loginAs(driver)
    mine.assertStatus(200)
    assert.lengthOf(mine.body(), 1)
    for (const key of CARRIER_BOOKING_MONEY) {
      assert.property(mine.body()[0], key)
      assert.isNull(mine.body()[0][key], key)
    }
    const owners = await client.get('/api/carrier/bookings').loginAs(owner)
    const seen = owners.body().find((b: { id: number }) => b.id === booking.id)
    assert.isNotNull(seen.totalAmount)
    assert.isNotNull(seen.payoutStatus)
  })

  test('GET /api/bookings and /api/bookings/:id: no money to a driver', async ({
    client,
    assert,
  }) => {
    const { owner, driver, booking } = await world()
    const list = await client.get('/api/bookings').loginAs(driver)
    list.assertStatus(200)
    const one = await client.get(`/api/bookings/${booking.id}`).loginAs(driver)
    one.assertStatus(200)
    for (const shape of [list.body()[0], one.body()]) {
      for (const key of BOOKING_MONEY) assert.isNull(shape[key], key)
    }
    const owners = await client.get(`/api/bookings/${booking.id}`).loginAs(owner)
    assert.isNotNull(owners.body().totalAmount)
    assert.isNotNull(owners.body().priceBreakdown)
  })

  test('GET /api/carrier/expedited-jobs: the carrier pay is null to a driver', async ({
    client,
    assert,
  }) => {
    const { owner, driver, shipper } = await world()
    const carrierId = (await carrierOf(owner)).id
    const job = await makeExpeditedJob(shipper, { status: 'ACCEPTED', carrierId })
    await db.from('expedited_jobs').where('id', job.id).update({ driver_user_id: driver.id })
    const res = await client.get('/api/carrier/expedited-jobs').loginAs(driver)
    res.assertStatus(200)
    assert.lengthOf(res.body(), 1)
    assert.isNull(res.body()[0].carrierPay)
    assert.isNull(res.body()[0].price)
    const owners = await client.get('/api/carrier/expedited-jobs').loginAs(owner)
    assert.isNotNull(owners.body().find((j: { id: number }) => j.id === job.id).carrierPay)
  })

  test('the rate confirmation and the charges are refused to a driver, open to the dispatcher and accounts', async ({
    client,
    assert,
  }) => {
    const { dispatcher, driver, accounts, booking } = await world()
    const refused = [
      client.get(`/api/bookings/${booking.id}/rate-confirmation`),
      client.get(`/api/bookings/${booking.id}/charges`),
      client.post(`/api/bookings/${booking.id}/accessorials`).json({ code: 'LUMPER' }),
      client.post(`/api/bookings/${booking.id}/detention`).json({}),
    ]
    for (const request of refused) {
      const res = await request.loginAs(driver).withCsrfToken()
      res.assertStatus(403)
      assert.equal(res.body().message, memberRefusal('driver'))
    }
    const charges = await client.get(`/api/bookings/${booking.id}/charges`).loginAs(dispatcher)
    charges.assertStatus(200)
    const forAccounts = await client.get(`/api/bookings/${booking.id}/charges`).loginAs(accounts)
    forAccounts.assertStatus(200)
    const rateCon = await client
      .get(`/api/bookings/${booking.id}/rate-confirmation`)
      .loginAs(dispatcher)
    assert.notEqual(rateCon.status(), 403)
  })

  test('the driver reads and writes the thread of a booking assigned to them, not of another', async ({
    client,
    assert,
  }) => {
    const { driver, booking, other } = await world()
    const sent = await client
      .post(`/api/bookings/${booking.id}/messages`)
      .json({ body: 'At door 4, twenty minutes out' })
      .loginAs(driver)
      .withCsrfToken()
    sent.assertStatus(201)
    const thread = await client.get(`/api/bookings/${booking.id}/messages`).loginAs(driver)
    thread.assertStatus(200)
    assert.equal(thread.body().messages[0].body, 'At door 4, twenty minutes out')
    const read = await client
      .post(`/api/bookings/${booking.id}/messages/read`)
      .json({ upToMessageId: sent.body().id })
      .loginAs(driver)
      .withCsrfToken()
    read.assertStatus(200)
    const foreign = await client.get(`/api/bookings/${other.id}/messages`).loginAs(driver)
    foreign.assertStatus(404)
  })

  test('documents: a driver lists and downloads no invoice or rate confirmation, only their bookings’', async ({
    client,
    assert,
  }) => {
    const { owner, driver, booking, other, shipper } = await world()
    const carrierId = (await carrierOf(owner)).id
    const docOf = (bookingId: number, type: string) =>
      Document.create({
        bookingId,
        shipperId: shipper.id,
        carrierId,
        type,
        url: `bookings/${bookingId}/${type.toLowerCase()}.pdf`,
      })
    const bol = await docOf(booking.id, 'BOL')
    const invoice = await docOf(booking.id, 'INVOICE')
    const rateCon = await docOf(booking.id, 'RATE_CONFIRMATION')
    await docOf(other.id, 'BOL')
    const list = await client.get('/api/tms/documents').loginAs(driver)
    list.assertStatus(200)
    assert.deepEqual(
      list.body().data.map((d: { id: number }) => d.id),
      [bol.id]
    )
    for (const doc of [invoice, rateCon]) {
      const res = await client.get(`/api/tms/documents/${doc.id}/download`).loginAs(driver)
      res.assertStatus(404)
    }
    const owners = await client.get('/api/tms/documents').loginAs(owner)
    assert.lengthOf(owners.body().data, 4)
  })
})
