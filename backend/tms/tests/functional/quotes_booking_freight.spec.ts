import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import partnerCarriers from '#plugins/partner_carriers/services/main'
import type { FakePartnerCarrier } from '#plugins/partner_carriers/main'
import type User from '#accounts/models/user'
import Booking from '#marketplace/models/booking'
import RateConfirmation from '#marketplace/models/rate_confirmation'
import DocumentService from '#tms/services/document_service'
import { businessDayFromToday, eachTestInTransaction, makeUser } from '#tests/helpers'
import { seedReferenceRows } from '#tms/tests/reference_rows'
import { drawnStrings } from '#tests/pdf_text'

const QUOTES = '/api/tms/quotes'
const LANE = { origin: { postal: '60601' }, destination: { postal: '48201' } }

let partner: FakePartnerCarrier

const after = (lines: string[], label: string) => lines[lines.indexOf(label) + 1]

/** The quote's 1,000 lb on one 48 x 40 x 40 in pallet: exactly 22.5 lb/cu ft, class 65. */
const FREIGHT = {
  commodity: 'Aerosol cans',
  pieces: 24,
  packaging: 'BOX',
  consignee: 'Detroit Paint Supply',
  dims: { l: 48, w: 40, h: 40 },
  hazmat: { unNumber: 'UN1950', hazardClass: '2.1' },
}

async function lakeshoreQuote(client: any, shipper: User) {
  const res = await client.post(QUOTES).json(LANE).loginAs(shipper).withCsrfToken()
  res.assertStatus(200)
  return (res.body().quotes as any[]).find(
    (q) => q.provider === 'ltl_partner' && q.service_level === 'STANDARD'
  )
}

const bookQuote = (client: any, user: User, quoteId: number, body: Record<string, unknown>) =>
  client.post(`${QUOTES}/${quoteId}/book`).json(body).loginAs(user).withCsrfToken()

test.group('Freight details on a partner booking (docs/decisions/0257)', (group) => {
  eachTestInTransaction(group)
  group.each.setup(async () => {
    await seedReferenceRows()
    partner = partnerCarriers.fake()
    drive.fake('fs')
    return () => {
      partnerCarriers.restore()
      drive.restore('fs')
    }
  })

  test('the booking stores the computed class, the partner is told the freight, the price is the quote’s', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quote = await lakeshoreQuote(client, shipper)
    const res = await bookQuote(client, shipper, quote.id, {
      pickup_date: businessDayFromToday(2),
      special_instructions: 'Call before delivery',
      freight: { ...FREIGHT, densityPcf: 1, freightClass: 400 },
    })
    res.assertStatus(201)
    const booking = await Booking.findOrFail(res.body().booking_id)
    const expected = {
      commodity: 'Aerosol cans',
      pieces: 24,
      packaging: 'BOX',
      consignee: 'Detroit Paint Supply',
      hazmat: { unNumber: 'UN1950', hazardClass: '2.1' },
      densityPcf: 22.5,
      freightClass: 65,
    }
    assert.deepEqual(booking.freightDetails, expected)
    assert.equal(booking.weightLbs, 1000)
    assert.equal(booking.totalAmount, quote.total)

    const [call] = partner.calls
    assert.deepEqual((call.args[0] as any).freight, {
      commodity: 'Aerosol cans',
      pieces: 24,
      packaging: 'BOX',
      consignee: 'Detroit Paint Supply',
      freightClass: 65,
      hazmat: { unNumber: 'UN1950', hazardClass: '2.1' },
    })

    // The integrator reads it back on the booking.
    const read = await client.get(`/api/bookings/${booking.id}`).loginAs(shipper)
    read.assertStatus(200)
    assert.deepEqual(read.body().freight, expected)

    // The partner's bill of lading prints it (the fake partner answers "pending" first).
    const driver = await partnerCarriers.use('demo_partner')
    await driver.fetchBol(booking.partnerShipmentId!)
    const bol = await driver.fetchBol(booking.partnerShipmentId!)
    assert.isTrue(bol.ok && bol.status === 'ready')
    const bolLines = drawnStrings((bol as { pdf: Uint8Array }).pdf)
    for (const line of [
      'Consignee: Detroit Paint Supply',
      'Commodity: Aerosol cans',
      'Pieces: 24 (box)',
      'Freight class (NMFC): 65',
      'Hazardous materials: UN1950, hazard class 2.1',
    ]) {
      assert.include(bolLines, line)
    }

    // So does its rate confirmation, once paid.
    await Booking.query().where('id', booking.id).update({ paymentStatus: 'paid' })
    const documents = await app.container.make(DocumentService)
    await documents.issueRateConfirmation(booking.id)
    const [rc] = await RateConfirmation.query().where('bookingId', booking.id)
    const doc = await db.from('documents').where('id', rc.documentId).first()
    const lines = drawnStrings(await drive.use().getBytes(doc.url))
    assert.equal(after(lines, 'Handling units'), '1 box')
    assert.equal(after(lines, 'Consignee'), 'Detroit Paint Supply')
    assert.equal(after(lines, 'Commodity'), 'Aerosol cans')
    assert.equal(after(lines, 'Pieces'), '24')
    assert.equal(after(lines, 'Freight class (NMFC)'), '65 (density 22.5 lb/cu ft)')
    assert.equal(after(lines, 'Hazardous materials'), 'UN1950, hazard class 2.1')
  })

  test('without freight nothing is declared: no details stored, none sent', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quote = await lakeshoreQuote(client, shipper)
    const res = await bookQuote(client, shipper, quote.id, { pickup_date: businessDayFromToday(2) })
    res.assertStatus(201)
    const booking = await Booking.findOrFail(res.body().booking_id)
    assert.isNull(booking.freightDetails)
    assert.notProperty(partner.calls[0].args[0] as object, 'freight')
  })

  test('each bad freight field is a 422 naming it; the partner is not asked', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const quote = await lakeshoreQuote(client, shipper)
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { ...FREIGHT, hazmat: { unNumber: 'UN12', hazardClass: '3' } },
        'freight.hazmat.unNumber',
        'UN number must be UN followed by four digits, UN0000 to UN3999',
      ],
      [
        { ...FREIGHT, hazmat: { unNumber: 'UN1950', hazardClass: '4' } },
        'freight.hazmat.hazardClass',
        'Hazard class must be 1 to 9, with its division (e.g. 2.1, 3, 6.1)',
      ],
      [
        { ...FREIGHT, hazmat: { hazardClass: '3' } },
        'freight.hazmat.unNumber',
        'UN number is required for hazmat freight',
      ],
      [{ ...FREIGHT, pieces: -1 }, 'freight.pieces', 'Pieces must be at least 1'],
      [
        { ...FREIGHT, packaging: 'SACK' },
        'freight.packaging',
        'Packaging must be one of PALLET, SKID, CRATE, BOX, DRUM, BUNDLE, ROLL, BAG',
      ],
      [
        { ...FREIGHT, commodity: 'c'.repeat(101) },
        'freight.commodity',
        'Commodity cannot exceed 100 characters',
      ],
      [
        { ...FREIGHT, consignee: 'c'.repeat(101) },
        'freight.consignee',
        'Consignee cannot exceed 100 characters',
      ],
      [
        { ...FREIGHT, dims: { l: 48, w: 'wide', h: 40 } },
        'freight.dims.w',
        'Dimensions must be whole inches from 1 to 1000',
      ],
    ]
    for (const [freight, field, message] of cases) {
      const res = await bookQuote(client, shipper, quote.id, {
        pickup_date: businessDayFromToday(2),
        freight,
      })
      res.assertStatus(422)
      const errors: { field: string; message: string }[] = res.body().errors
      assert.deepInclude(
        errors.map((e) => ({ field: e.field, message: e.message })),
        { field, message },
        JSON.stringify(freight)
      )
    }
    assert.lengthOf(partner.calls, 0)
    assert.lengthOf(await Booking.all(), 0)
  })

  test('carriers and admins cannot book a quote with freight', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const quote = await lakeshoreQuote(client, shipper)
    for (const role of ['carrier', 'admin'] as const) {
      const user = await makeUser(role, { isApproved: true })
      const res = await bookQuote(client, user, quote.id, {
        pickup_date: businessDayFromToday(2),
        freight: FREIGHT,
      })
      res.assertStatus(403)
    }
    assert.lengthOf(await Booking.all(), 0)
  })
})
