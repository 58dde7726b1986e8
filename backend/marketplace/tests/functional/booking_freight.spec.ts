import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import BillOfLading from '#marketplace/models/bill_of_lading'
import Booking from '#marketplace/models/booking'
import RateConfirmation from '#marketplace/models/rate_confirmation'
import DocumentService from '#tms/services/document_service'
import { businessDayFromToday, eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeListing } from '#tests/factories'
import { drawnStrings } from '#tests/pdf_text'

const after = (lines: string[], label: string) => lines[lines.indexOf(label) + 1]

/** Four 48 x 40 x 48 in pallets of 3,000 lb: 14.06 lb/cu ft, class 85; hazmat paint. */
const FREIGHT = {
  commodity: 'Latex paint',
  pieces: 96,
  packaging: 'PALLET',
  consignee: 'Motor City Hardware',
  dims: { l: 48, w: 40, h: 48 },
  hazmat: { unNumber: 'un1263', hazardClass: '3' },
}

const bookingBody = (listingId: number, overrides: Record<string, unknown> = {}) => ({
  listingId,
  pickupAddress: '100 W Randolph St, Chicago, IL 60601',
  deliveryAddress: 'Detroit, MI 48201',
  numberOfPallets: 4,
  pickupDate: businessDayFromToday(2),
  deliveryDate: businessDayFromToday(3),
  specialInstructions: 'Liftgate at delivery',
  weightLbs: 3000,
  freight: FREIGHT,
  ...overrides,
})

async function world() {
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrier, { rate: 2.5, maxPallets: 10 })
  return { shipper, carrier, listing }
}

test.group('Freight details on an instant booking (docs/decisions/0257)', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    drive.fake('fs')
    return () => drive.restore('fs')
  })

  test('the server computes density and class from weight, pallets and dims, whatever the client sends', async ({
    client,
    assert,
  }) => {
    const { shipper, listing } = await world()
    const res = await client
      .post('/api/bookings')
      .json(
        bookingBody(listing.id, {
          freight: { ...FREIGHT, densityPcf: 99, freightClass: 50 },
          freightClass: 50,
        })
      )
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    const expected = {
      commodity: 'Latex paint',
      pieces: 96,
      packaging: 'PALLET',
      consignee: 'Motor City Hardware',
      hazmat: { unNumber: 'UN1263', hazardClass: '3' },
      densityPcf: 14.06,
      freightClass: 85,
    }
    assert.deepEqual(res.body().freight, expected)
    const booking = await Booking.findOrFail(res.body().id)
    assert.deepEqual(booking.freightDetails, expected)
    assert.equal(booking.weightLbs, 3000)
    // The price is the listing's per pallet-mile: the class changes none of it.
    const plain = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id, { weightLbs: undefined, freight: undefined }))
      .loginAs(shipper)
      .withCsrfToken()
    plain.assertStatus(201)
    assert.equal(plain.body().totalAmount, res.body().totalAmount)
    assert.isNull(plain.body().freight)
    assert.isNull((await Booking.findOrFail(plain.body().id)).weightLbs)

    // The shipper's list and its one booking say the same.
    const listed = await client.get('/api/bookings').loginAs(shipper)
    listed.assertStatus(200)
    const mine = listed.body().find((b: { id: number }) => b.id === res.body().id)
    assert.deepEqual(mine.freight, expected)
  })

  test('freight without weight or dims takes the default load: 1,000 lb a 48 x 40 x 60 in pallet', async ({
    client,
    assert,
  }) => {
    const { shipper, listing } = await world()
    const res = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id, { weightLbs: null, freight: { commodity: 'Bottled water' } }))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    assert.deepEqual(res.body().freight, {
      commodity: 'Bottled water',
      pieces: null,
      packaging: 'PALLET',
      consignee: null,
      hazmat: null,
      densityPcf: 15,
      freightClass: 70,
    })
    assert.equal((await Booking.findOrFail(res.body().id)).weightLbs, 4000)
  })

  test('each bad freight field is a 422 naming it, and nothing is booked', async ({
    client,
    assert,
  }) => {
    const { shipper, listing } = await world()
    const HAZARD = 'Hazard class must be 1 to 9, with its division (e.g. 2.1, 3, 6.1)'
    const UN = 'UN number must be UN followed by four digits, UN0000 to UN3999'
    const DIMS = 'Dimensions must be whole inches from 1 to 1000'
    const cases: [Record<string, unknown>, string, string][] = [
      [{ weightLbs: 0 }, 'weightLbs', 'Weight must be a whole number of pounds from 1 to 100000'],
      [
        { weightLbs: 100.5 },
        'weightLbs',
        'Weight must be a whole number of pounds from 1 to 100000',
      ],
      [
        { freight: 'paint' },
        'freight',
        'Freight must be an object of commodity, pieces, packaging, consignee...',
      ],
      [
        { freight: { ...FREIGHT, commodity: 'x'.repeat(101) } },
        'freight.commodity',
        'Commodity cannot exceed 100 characters',
      ],
      [{ freight: { ...FREIGHT, pieces: 0 } }, 'freight.pieces', 'Pieces must be at least 1'],
      [{ freight: { ...FREIGHT, pieces: 2.5 } }, 'freight.pieces', 'Pieces must be a whole number'],
      [
        { freight: { ...FREIGHT, packaging: 'BASKET' } },
        'freight.packaging',
        'Packaging must be one of PALLET, SKID, CRATE, BOX, DRUM, BUNDLE, ROLL, BAG',
      ],
      [
        { freight: { ...FREIGHT, consignee: 'y'.repeat(101) } },
        'freight.consignee',
        'Consignee cannot exceed 100 characters',
      ],
      [{ freight: { ...FREIGHT, dims: { l: 0, w: 40, h: 48 } } }, 'freight.dims.l', DIMS],
      [{ freight: { ...FREIGHT, dims: { l: 48, w: 40, h: 1001 } } }, 'freight.dims.h', DIMS],
      [
        { freight: { ...FREIGHT, hazmat: { unNumber: 'UN4000', hazardClass: '3' } } },
        'freight.hazmat.unNumber',
        UN,
      ],
      [
        { freight: { ...FREIGHT, hazmat: { unNumber: '1263', hazardClass: '3' } } },
        'freight.hazmat.unNumber',
        UN,
      ],
      [
        { freight: { ...FREIGHT, hazmat: { hazardClass: '3' } } },
        'freight.hazmat.unNumber',
        'UN number is required for hazmat freight',
      ],
      [
        { freight: { ...FREIGHT, hazmat: { unNumber: 'UN1263', hazardClass: '2' } } },
        'freight.hazmat.hazardClass',
        HAZARD,
      ],
      [
        { freight: { ...FREIGHT, hazmat: { unNumber: 'UN1263' } } },
        'freight.hazmat.hazardClass',
        'Hazard class is required for hazmat freight',
      ],
      [
        { freight: { ...FREIGHT, hazmat: true } },
        'freight.hazmat',
        'Hazmat must name its unNumber and hazardClass',
      ],
    ]
    for (const [over, field, message] of cases) {
      const res = await client
        .post('/api/bookings')
        .json(bookingBody(listing.id, over))
        .loginAs(shipper)
        .withCsrfToken()
      res.assertStatus(422)
      const errors: { field: string; message: string }[] = res.body().errors
      assert.deepInclude(
        errors.map((e) => ({ field: e.field, message: e.message })),
        { field, message },
        JSON.stringify(over)
      )
    }
    assert.lengthOf(await Booking.all(), 0)
  })

  test('carriers, admins and visitors cannot book with freight', async ({ client, assert }) => {
    const { carrier, listing } = await world()
    const admin = await makeUser('admin')
    for (const user of [carrier, admin]) {
      const res = await client
        .post('/api/bookings')
        .json(bookingBody(listing.id))
        .loginAs(user)
        .withCsrfToken()
      res.assertStatus(403)
    }
    const anonymous = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id))
      .withCsrfToken()
    anonymous.assertStatus(401)
    assert.lengthOf(await Booking.all(), 0)
  })

  test('the bill of lading and the rate confirmation print the freight, the hazmat UN line and the consignee', async ({
    client,
    assert,
  }) => {
    const { shipper, listing } = await world()
    const res = await client
      .post('/api/bookings')
      .json(bookingBody(listing.id))
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    const documents = await app.container.make(DocumentService)
    await documents.issueBillOfLading(res.body().id)
    const bol = await BillOfLading.findByOrFail('bookingId', res.body().id)
    const lines = drawnStrings(await drive.use().getBytes(bol.pdfUrl!))
    const consignee = lines.slice(lines.indexOf('Consignee'))
    assert.equal(consignee[1], 'Name')
    assert.equal(consignee[2], 'Motor City Hardware')
    assert.equal(after(lines, 'Handling units'), '4 pallets')
    assert.equal(after(lines, 'Pieces'), '96')
    assert.equal(after(lines, 'Commodity'), 'Latex paint')
    assert.equal(after(lines, 'Weight'), '3,000 lb')
    assert.equal(after(lines, 'Freight class (NMFC)'), '85 (density 14.06 lb/cu ft)')
    assert.equal(after(lines, 'Hazardous materials'), 'UN1263, hazard class 3')
    assert.equal(after(lines, 'Special instructions'), 'Liftgate at delivery')
    // Before payment the carrier stays anonymous on the paper too.
    assert.equal(after(lines, 'Company'), 'Revealed once the booking is paid')

    await Booking.query().where('id', res.body().id).update({ paymentStatus: 'paid' })
    await documents.issueRateConfirmation(res.body().id)
    const [rc] = await RateConfirmation.query().where('bookingId', res.body().id)
    const doc = await db.from('documents').where('id', rc.documentId).first()
    const rcLines = drawnStrings(await drive.use().getBytes(doc.url))
    assert.equal(after(rcLines, 'Consignee'), 'Motor City Hardware')
    assert.equal(after(rcLines, 'Commodity'), 'Latex paint')
    assert.equal(after(rcLines, 'Pieces'), '96')
    assert.equal(after(rcLines, 'Freight class (NMFC)'), '85 (density 14.06 lb/cu ft)')
    assert.equal(after(rcLines, 'Hazardous materials'), 'UN1263, hazard class 3')
    assert.equal(after(rcLines, 'Weight'), '3,000 lb')
  })
})
