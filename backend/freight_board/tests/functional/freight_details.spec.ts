import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import BillOfLading from '#marketplace/models/bill_of_lading'
import Booking from '#marketplace/models/booking'
import FreightListing from '#freight_board/models/freight_listing'
import DocumentService from '#tms/services/document_service'
import { businessDayFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { drawnStrings } from '#tests/pdf_text'

const PICKUP = `${businessDayFromToday(3)}T14:00:00.000Z`
const DELIVERY = `${businessDayFromToday(4)}T22:00:00.000Z`

/** An LTL load of two 48 x 40 x 48 in pallets, 2,000 lb: 18.75 lb/cu ft, class 70. */
const form = (over: Record<string, unknown> = {}) => ({
  origin: { postal: '60601' },
  destination: { postal: '48201' },
  equipment: 'VAN',
  mode: 'LTL',
  pallets: 2,
  weight_lbs: 2000,
  dims: { l: 48, w: 40, h: 48 },
  pickup_earliest: PICKUP,
  delivery_latest: DELIVERY,
  notes: 'Liftgate at delivery',
  price: 640,
  commodity: 'Latex paint',
  pieces: 48,
  packaging: 'PALLET',
  consignee: 'Motor City Hardware',
  hazmat: true,
  un_number: 'un1263',
  hazard_class: '3',
  ...over,
})

const after = (lines: string[], label: string) => lines[lines.indexOf(label) + 1]

test.group('Freight details on a posted load (docs/decisions/0228)', (group) => {
  group.each.setup(() => resetDatabase())

  test('the server computes density and class, whatever the client sends', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const res = await client
      .post('/api/freight-listings')
      // A client's own figures are not read: the schema drops unknown keys.
      .json({ ...form(), density_pcf: 99, freight_class: 50 })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    const load = await FreightListing.findOrFail(res.body().id)
    assert.deepEqual(load.freightDetails, {
      commodity: 'Latex paint',
      pieces: 48,
      packaging: 'PALLET',
      consignee: 'Motor City Hardware',
      hazmat: { unNumber: 'UN1263', hazardClass: '3' },
      densityPcf: 18.75,
      freightClass: 70,
    })

    const mine = await client.get('/api/shipper/freight-listings').loginAs(shipper)
    mine.assertStatus(200)
    assert.deepEqual(mine.body()[0].freight, {
      commodity: 'Latex paint',
      pieces: 48,
      packaging: 'PALLET',
      consignee: 'Motor City Hardware',
      hazmat: { un_number: 'UN1263', hazard_class: '3' },
      density_pcf: 18.75,
      freight_class: 70,
    })

    // Carriers see the freight, but not the shipper's customer.
    const carrier = await makeUser('carrier', { isApproved: true })
    const board = await client.get('/api/freight-listings').loginAs(carrier)
    board.assertStatus(200)
    const card = board.body().find((l: { id: number }) => l.id === load.id)
    assert.deepEqual(card.freight, {
      commodity: 'Latex paint',
      pieces: 48,
      packaging: 'PALLET',
      hazmat: { un_number: 'UN1263', hazard_class: '3' },
      density_pcf: 18.75,
      freight_class: 70,
    })
    assert.notInclude(JSON.stringify(board.body()), 'Motor City Hardware')
  })

  test('empty freight fields take the default load and no hazmat', async ({ client, assert }) => {
    const res = await client
      .post('/api/freight-listings')
      .json({
        origin: { postal: '60601' },
        destination: { postal: '48201' },
        mode: 'TL',
        pallets: null,
        weight_lbs: null,
        dims: null,
        price: 900,
      })
      .loginAs(await makeUser('shipper'))
      .withCsrfToken()
    res.assertStatus(201)
    const load = await FreightListing.findOrFail(res.body().id)
    // 1,000 lb on one 48 x 40 x 60 in pallet: 15 lb/cu ft, class 70.
    assert.deepEqual(load.freightDetails, {
      commodity: null,
      pieces: null,
      packaging: 'PALLET',
      consignee: null,
      hazmat: null,
      densityPcf: 15,
      freightClass: 70,
    })
  })

  test('each bad freight field is a 422 naming it', async ({ client, assert }) => {
    const shipper = await makeUser('shipper')
    const cases: [Record<string, unknown>, string, string][] = [
      [{ commodity: 'x'.repeat(101) }, 'commodity', 'Commodity cannot exceed 100 characters'],
      [{ commodity: null }, 'commodity', 'Commodity is required for an LTL load'],
      [{ commodity: '   ' }, 'commodity', 'Commodity is required for an LTL load'],
      [{ pieces: 0 }, 'pieces', 'Pieces must be at least 1'],
      [{ pieces: 2.5 }, 'pieces', 'Pieces must be a whole number'],
      [{ pieces: 10_001 }, 'pieces', 'Pieces cannot exceed 10000'],
      [{ pieces: 'many' }, 'pieces', 'Pieces must be at least 1'],
      [
        { packaging: 'BASKET' },
        'packaging',
        'Packaging must be one of PALLET, SKID, CRATE, BOX, DRUM, BUNDLE, ROLL, BAG',
      ],
      [{ consignee: 'y'.repeat(101) }, 'consignee', 'Consignee cannot exceed 100 characters'],
      [{ hazmat: 'yes' }, 'hazmat', 'Hazmat must be true or false'],
      [
        { un_number: 'UN4000' },
        'un_number',
        'UN number must be UN followed by four digits, UN0000 to UN3999',
      ],
      [
        { un_number: '1263' },
        'un_number',
        'UN number must be UN followed by four digits, UN0000 to UN3999',
      ],
      [
        { hazard_class: '10' },
        'hazard_class',
        'Hazard class must be 1 to 9, with its division (e.g. 2.1, 3, 6.1)',
      ],
      [
        { hazard_class: '2' },
        'hazard_class',
        'Hazard class must be 1 to 9, with its division (e.g. 2.1, 3, 6.1)',
      ],
      [{ un_number: null }, 'un_number', 'UN number is required for hazmat freight'],
      [{ hazard_class: '' }, 'hazard_class', 'Hazard class is required for hazmat freight'],
      [{ hazmat: false }, 'un_number', 'A UN number is only for hazmat freight: tick Hazmat'],
      [
        { hazmat: false, un_number: null },
        'hazard_class',
        'A hazard class is only for hazmat freight: tick Hazmat',
      ],
    ]
    for (const [over, field, message] of cases) {
      const res = await client
        .post('/api/freight-listings')
        .json(form(over))
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
    assert.lengthOf(await FreightListing.all(), 0)
  })

  test('carriers and visitors cannot post freight', async ({ client }) => {
    const carrier = await makeUser('carrier', { isApproved: true })
    const refused = await client
      .post('/api/freight-listings')
      .json(form())
      .loginAs(carrier)
      .withCsrfToken()
    refused.assertStatus(403)
    const anonymous = await client.post('/api/freight-listings').json(form()).withCsrfToken()
    anonymous.assertStatus(401)
  })
})

test.group('The claimed load’s bill of lading', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    drive.fake('fs')
    return () => drive.restore('fs')
  })

  test('prints consignee, commodity, pieces, weight, class, hazmat, instructions and signatures', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const posted = await client
      .post('/api/freight-listings')
      .json(form())
      .loginAs(shipper)
      .withCsrfToken()
    posted.assertStatus(201)
    const carrier = await makeUser('carrier', { isApproved: true })
    const claimed = await client
      .post(`/api/freight-listings/${posted.body().id}/claim`)
      .loginAs(carrier)
      .withCsrfToken()
    claimed.assertStatus(200)
    const booking = await Booking.findOrFail(claimed.body().booking_id)
    assert.equal(booking.freightDetails?.freightClass, 70)

    const documents = await app.container.make(DocumentService)
    await documents.issueBillOfLading(booking.id)
    const bol = await BillOfLading.findByOrFail('bookingId', booking.id)
    const lines = drawnStrings(await drive.use().getBytes(bol.pdfUrl!))

    const consignee = lines.slice(lines.indexOf('Consignee'))
    assert.equal(consignee[1], 'Name')
    assert.equal(consignee[2], 'Motor City Hardware')
    assert.equal(after(lines, 'Handling units'), '2 pallets')
    assert.equal(after(lines, 'Pieces'), '48')
    assert.equal(after(lines, 'Commodity'), 'Latex paint')
    assert.equal(after(lines, 'Weight'), '2,000 lb')
    assert.equal(after(lines, 'Freight class (NMFC)'), '70 (density 18.75 lb/cu ft)')
    assert.equal(after(lines, 'Hazardous materials'), 'UN1263, hazard class 3')
    assert.equal(after(lines, 'Special instructions'), 'Liftgate at delivery')
    for (const party of ['Shipper', 'Carrier', 'Consignee']) {
      assert.include(lines, `${party} signature`)
    }
  })
})
