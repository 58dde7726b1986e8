import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Booking from '#marketplace/models/booking'
import { businessDayFromToday, eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeListing } from '#tests/factories'
import { USE_DETENTION } from '#finance/services/booking_evidence_service'
import { seedFinanceReferences } from '#finance/tests/world'

const bookingBody = (listingId: number, accessorials?: unknown) => ({
  listingId,
  pickupAddress: 'Chicago, IL',
  deliveryAddress: 'Detroit, MI',
  numberOfPallets: 2,
  pickupDate: businessDayFromToday(2),
  deliveryDate: businessDayFromToday(3),
  ...(accessorials === undefined ? {} : { accessorials }),
})

test.group('Accessorials asked for at booking', (group) => {
  eachTestInTransaction(group)

  test('the shipper asks for accessorials when booking; they are priced and billed as booked', async ({
    client,
    assert,
  }) => {
    await seedFinanceReferences()
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser)
    const res = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id, ['liftgate', 'APPT']))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    const bookingId = res.body().id
    const rows = await db.from('booking_accessorials').where('booking_id', bookingId).orderBy('id')
    assert.deepEqual(
      rows.map((r) => [r.code, r.source, Number(r.amount), r.created_by_user_id]),
      [
        ['LIFTGATE', 'BOOKING', 75, shipper.id],
        ['APPT', 'BOOKING', 25, shipper.id],
      ]
    )

    // Delivered, the carrier's invoice bills them and the audit counts them as booked.
    await Booking.query().where('id', bookingId).update({ status: 'delivered' })
    const draft = await client
      .post(`/api/bookings/${bookingId}/advanced-invoices`)
      .loginAs(carrierUser)
      .withCsrfToken()
    assert.includeMembers(
      draft.body().lines.map((l: any) => l.code),
      ['LIFTGATE', 'APPT']
    )
    const issued = await client
      .post(`/api/advanced-invoices/${draft.body().id}/issue`)
      .loginAs(carrierUser)
      .withCsrfToken()
    assert.containsSubset(issued.body(), { flagged: false, audit: { result: 'PASS', variance: 0 } })
  })

  test('unknown codes, detention and repeats are refused and book nothing', async ({
    client,
    assert,
  }) => {
    await seedFinanceReferences()
    const shipper = await makeUser('shipper')
    const listing = await makeListing(await makeUser('carrier', { isApproved: true }))
    const post = (accessorials: unknown) =>
      client
        .post('/api/bookings')
        .json(bookingBody(listing.id, accessorials))
        .loginAs(shipper)
        .withCsrfToken()
    const unknown = await post(['LIFTGATE', 'GOLD_PLATING'])
    unknown.assertStatus(422)
    assert.deepEqual(unknown.body().errors, [
      { field: 'accessorials', message: 'Unknown accessorial: GOLD_PLATING', rule: 'accessorial' },
    ])
    const detention = await post(['DETENTION_HR'])
    assert.deepEqual(detention.body().errors[0].message, USE_DETENTION)
    const twice = await post(['LIFTGATE', 'liftgate'])
    twice.assertStatus(422)
    assert.equal(twice.body().errors[0].message, 'Each accessorial once')
    const notList = await post('LIFTGATE')
    assert.equal(notList.body().errors[0].message, 'Accessorials must be a list of codes')
    assert.lengthOf(await db.from('bookings'), 0)
    assert.lengthOf(await db.from('booking_accessorials'), 0)
  })
})
