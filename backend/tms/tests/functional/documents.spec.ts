import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import type User from '#accounts/models/user'
import BillOfLading from '#marketplace/models/bill_of_lading'
import Invoice from '#marketplace/models/invoice'
import Booking from '#marketplace/models/booking'
import Document from '#tms/models/document'
import DocumentService from '#tms/services/document_service'
import BolFetchQueueItem from '#tms/models/bol_fetch_queue_item'
import BookingStatusService from '#marketplace/services/booking_status_service'
import BolFetchService, {
  BOL_FETCH_MAX_ATTEMPTS,
  enqueueBolFetch,
} from '#tms/services/bol_fetch_service'
import partnerCarriers from '#plugins/partner_carriers/services/main'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { onTheRoad, uploadProofOfDelivery } from '#tests/deliveries'
import { pdfText } from '#tests/pdf_text'

const PDF_BYTES = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n')
const PNG_BYTES = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13])
const EXE_BYTES = Buffer.from('MZ\x90\x00\x03\x00\x00\x00 this program cannot be run in DOS mode')

async function world() {
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrier)
  return { shipper, carrier, listing }
}

/** A booking awaiting payment, then paid the way payments does it: pending -> booked. */
async function paidBooking(shipper: User, listing: Awaited<ReturnType<typeof makeListing>>) {
  const booking = await makeBooking(shipper, listing, { status: 'pending', paymentStatus: 'paid' })
  const statuses = await app.container.make(BookingStatusService)
  await statuses.change(booking.id, 'booked', { userId: null, role: 'system' })
  return booking
}

test.group('Bills of lading and invoice PDFs', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    drive.fake('fs')
    return () => drive.restore('fs')
  })

  test('a paid booking gets one BOL with a unique number, a real PDF, and bookings.bol_url', async ({
    assert,
  }) => {
    const { shipper, listing } = await world()
    const first = await paidBooking(shipper, listing)
    const second = await paidBooking(shipper, listing)
    const bols = await BillOfLading.query().orderBy('bookingId')
    assert.lengthOf(bols, 2)
    assert.match(bols[0].bolNumber, /^BOL-\d{4}-0*\d+$/)
    assert.notEqual(bols[0].bolNumber, bols[1].bolNumber)
    const bytes = await drive.use().getBytes(bols[0].pdfUrl!)
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-')
    const doc = await Document.query()
      .where('bookingId', first.id)
      .where('type', 'BOL')
      .firstOrFail()
    assert.equal(doc.type, 'BOL')
    await first.refresh()
    assert.equal(first.bolUrl, `/api/tms/documents/${doc.id}/download`)
    assert.isNotNull(second.id)
  })

  test('two runs issuing at once: one BOL and one invoice PDF, and each recorded file is there', async ({
    assert,
  }) => {
    const { shipper, carrier, listing } = await world()
    const documents = await app.container.make(DocumentService)
    // Paid without the status change, so no listener issues its BOL meanwhile.
    const paid = await makeBooking(shipper, listing, { status: 'booked', paymentStatus: 'paid' })
    await Promise.all([documents.issueBillOfLading(paid.id), documents.issueBillOfLading(paid.id)])
    const bols = await BillOfLading.query().where('bookingId', paid.id)
    assert.lengthOf(bols, 1)
    const bol = await drive.use().getBytes(bols[0].pdfUrl!)
    assert.equal(Buffer.from(bol.subarray(0, 5)).toString('latin1'), '%PDF-')
    assert.lengthOf(await Document.query().where('bookingId', paid.id).where('type', 'BOL'), 1)

    const delivered = await makeBooking(shipper, listing, {
      status: 'delivered',
      paymentStatus: 'paid',
      ...onTheRoad(await app.container.make(Clock)),
    })
    await uploadProofOfDelivery(delivered.id, carrier.id)
    await Promise.all([
      documents.issueInvoicePdf(delivered.id),
      documents.issueInvoicePdf(delivered.id),
    ])
    const invoice = await Invoice.findByOrFail('bookingId', delivered.id)
    const pdf = await drive.use().getBytes(invoice.pdfUrl!)
    assert.equal(Buffer.from(pdf.subarray(0, 5)).toString('latin1'), '%PDF-')
    assert.lengthOf(
      await Document.query().where('bookingId', delivered.id).where('type', 'INVOICE'),
      1
    )
  })

  test('delivery renders the invoice PDF once', async ({ assert }) => {
    const { shipper, carrier, listing } = await world()
    const booking = await makeBooking(shipper, listing, {
      status: 'in_transit',
      ...onTheRoad(await app.container.make(Clock)),
    })
    await uploadProofOfDelivery(booking.id, carrier.id)
    const statuses = await app.container.make(BookingStatusService)
    await statuses.change(booking.id, 'delivered', { userId: carrier.id, role: 'carrier' })
    const invoice = await Invoice.findByOrFail('bookingId', booking.id)
    assert.match(invoice.pdfUrl!, /invoice-INV-\d{4}-\d{6}\.pdf$/)
    const bytes = await drive.use().getBytes(invoice.pdfUrl!)
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-')
    const docs = await Document.query().where('bookingId', booking.id).where('type', 'INVOICE')
    assert.lengthOf(docs, 1)
    await booking.refresh()
    assert.equal(booking.invoiceUrl, `/api/tms/documents/${docs[0].id}/download`)
  })
})

test.group('The invoice PDF at an off-hour', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    drive.fake('fs')
    // 23:30 on 25 November in New York: 04:30 UTC on the 26th.
    app.container.swap(Clock, () => new FixedClock(DateTime.fromISO('2026-11-26T04:30:00Z')))
    return () => {
      drive.restore('fs')
      app.container.restore(Clock)
    }
  })

  test('it is issued and due on the New York day, never due before it was issued', async ({
    assert,
  }) => {
    const { shipper, carrier, listing } = await world()
    const booking = await makeBooking(shipper, listing, {
      status: 'in_transit',
      ...onTheRoad(await app.container.make(Clock)),
    })
    await uploadProofOfDelivery(booking.id, carrier.id)
    const statuses = await app.container.make(BookingStatusService)
    await statuses.change(booking.id, 'delivered', { userId: carrier.id, role: 'carrier' })
    const invoice = await Invoice.findByOrFail('bookingId', booking.id)
    const text = pdfText(await drive.use().getBytes(invoice.pdfUrl!))
    assert.include(text, `Invoice number\n${invoice.invoiceNumber}`)
    assert.include(text, 'Issued\n25 Nov 2026\nDue\n25 Nov 2026')
    assert.notInclude(text, '26 Nov 2026')
  })
})

test.group('Partner BOL fetch queue', (group) => {
  let clock: FixedClock
  group.each.setup(async () => {
    await resetDatabase()
    drive.fake('fs')
    clock = new FixedClock(DateTime.fromISO('2030-03-04T15:00:00Z'))
    app.container.swap(Clock, () => clock)
    return () => {
      drive.restore('fs')
      app.container.restore(Clock)
      partnerCarriers.restore()
    }
  })

  async function partnerBooking(fake: ReturnType<typeof partnerCarriers.fake>) {
    const { shipper, listing } = await world()
    const booked = await fake.book({
      partnerQuoteId: 'q-1',
      idempotencyKey: `k-${Date.now()}-${Math.random()}`,
      shipperReference: 'TRT-001',
      origin: { postal: '60601', city: 'Chicago', state: 'IL', lat: 41.88, lng: -87.62 },
      destination: { postal: '48201', city: 'Detroit', state: 'MI', lat: 42.34, lng: -83.05 },
      pallets: 2,
      weightLbs: 1000,
      mode: 'LTL',
      pickupDate: '2030-03-06',
    })
    if (!booked.ok) throw new Error(booked.message)
    return makeBooking(shipper, listing, {
      provider: 'fake',
      partnerShipmentId: booked.partnerShipmentId,
      partnerProNumber: booked.proNumber,
    } as Partial<Booking>)
  }

  test('pending, then a backoff that honours retryAfterSeconds, then ready', async ({ assert }) => {
    const fake = partnerCarriers.fake({ bolPendingFetches: 1 })
    const booking = await partnerBooking(fake)
    await enqueueBolFetch(booking.id)
    await enqueueBolFetch(booking.id) // idempotent
    const service = await app.container.make(BolFetchService)

    assert.deepEqual(await service.run(), [{ bookingId: booking.id, outcome: 'pending' }])
    const row = await BolFetchQueueItem.findOrFail(booking.id)
    assert.equal(row.attempts, 1)
    // base 60 s beats the partner's 30 s hint
    assert.equal(row.nextAttemptAt!.toUTC().toISO(), '2030-03-04T15:01:00.000Z')

    clock.advance({ seconds: 30 })
    assert.deepEqual(await service.run(), [])
    clock.advance({ seconds: 30 })
    assert.deepEqual(await service.run(), [{ bookingId: booking.id, outcome: 'stored' }])
    const bol = await BillOfLading.findByOrFail('bookingId', booking.id)
    assert.match(bol.bolNumber, /^FAKEBOL/)
    const bytes = await drive.use().getBytes(bol.pdfUrl!)
    assert.equal(Buffer.from(bytes.subarray(0, 5)).toString('latin1'), '%PDF-')
    assert.isNull(await BolFetchQueueItem.find(booking.id))
  })

  test('failures back off exponentially and stop at the maximum, keeping the last error', async ({
    assert,
  }) => {
    const fake = partnerCarriers.fake({ bolPendingFetches: 0 })
    const booking = await partnerBooking(fake)
    fake.failNext('fetchBol', 'unavailable', { times: Infinity, message: 'Partner down' })
    await enqueueBolFetch(booking.id)
    const service = await app.container.make(BolFetchService)
    const delays: number[] = []
    for (let i = 1; i <= BOL_FETCH_MAX_ATTEMPTS; i++) {
      const before = clock.now()
      const [result] = await service.run()
      assert.equal(result.outcome, i < BOL_FETCH_MAX_ATTEMPTS ? 'failed' : 'stopped')
      const row = await BolFetchQueueItem.findOrFail(booking.id)
      assert.equal(row.attempts, i)
      assert.equal(row.lastError, 'Partner down')
      if (row.nextAttemptAt) {
        delays.push(row.nextAttemptAt.diff(before, 'seconds').seconds)
        clock.set(row.nextAttemptAt)
      }
    }
    assert.deepEqual(delays.slice(0, 4), [60, 120, 240, 480])
    assert.isNull((await BolFetchQueueItem.findOrFail(booking.id)).nextAttemptAt)
    clock.advance({ days: 30 })
    assert.deepEqual(await service.run(), [])
    assert.isNull(await BillOfLading.findBy('bookingId', booking.id))
  })
})

test.group('Uploads, downloads and the Document Hub', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    drive.fake('fs')
    return () => drive.restore('fs')
  })

  const upload = (
    client: any,
    carrier: User,
    bookingId: number,
    bytes: Buffer,
    filename: string,
    fields: Record<string, string> = { docType: 'POD', stopNumber: '2' }
  ) =>
    client
      .post(`/api/tms/shipments/${bookingId}/documents`)
      .fields(fields)
      .file('file', bytes, { filename })
      .loginAs(carrier)
      .withCsrfToken()

  test('the carrier uploads a POD that the parties download and others cannot', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, listing } = await world()
    const booking = await paidBooking(shipper, listing)
    const res = await upload(client, carrier, booking.id, PDF_BYTES, 'pod.pdf')
    res.assertStatus(201)
    assert.equal(res.body().type, 'POD')
    assert.equal(res.body().stopNumber, 2)
    assert.equal(res.body().mimeType, 'application/pdf')

    const url = res.body().downloadUrl
    const asShipper = await client.get(url).loginAs(shipper)
    asShipper.assertStatus(200)
    assert.equal(asShipper.header('content-type'), 'application/pdf')
    assert.equal(
      asShipper.header('content-disposition'),
      `attachment; filename="pod.pdf"; filename*=UTF-8''pod.pdf`
    )
    const asCarrier = await client.get(url).loginAs(carrier)
    asCarrier.assertStatus(200)
    const admin = await makeUser('admin')
    ;(await client.get(url).loginAs(admin)).assertStatus(200)

    const stranger = await makeUser('shipper')
    ;(await client.get(url).loginAs(stranger)).assertStatus(404)
    const otherCarrier = await makeUser('carrier', { isApproved: true })
    ;(await client.get(url).loginAs(otherCarrier)).assertStatus(404)
    ;(await client.get('/api/tms/documents/999999/download').loginAs(shipper)).assertStatus(404)
    // Only the booking's carrier uploads to it.
    ;(await upload(client, otherCarrier, booking.id, PDF_BYTES, 'pod.pdf')).assertStatus(404)
  })

  test('the booking is named by its TRT- reference too, and the file keeps its own name', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, listing } = await world()
    const booking = await paidBooking(shipper, listing)
    const reference = `TRT-${String(booking.id).padStart(3, '0')}`
    const name = 'C:\\scans\\Delivery – stop "2".pdf'
    const res = await client
      .post(`/api/tms/shipments/${reference}/documents`)
      .fields({ docType: 'POD', stopNumber: '2' })
      .file('file', PDF_BYTES, { filename: name })
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(201)
    assert.equal(res.body().shipmentId, booking.id)
    assert.equal(res.body().fileName, 'Delivery – stop 2.pdf')
    const stored = await Document.findOrFail(res.body().id)
    // The storage key stays random; only the shown name is the user's.
    assert.match(stored.url, new RegExp(`^bookings/${booking.id}/pod-[a-z0-9]+-[a-z0-9]+\\.pdf$`))

    const hub = await client.get('/api/tms/documents').qs({ shipment: reference }).loginAs(shipper)
    hub.assertStatus(200)
    assert.equal(hub.body().data[0].fileName, 'Delivery – stop 2.pdf')
    const download = await client.get(res.body().downloadUrl).loginAs(shipper)
    download.assertStatus(200)
    assert.equal(
      download.header('content-disposition'),
      `attachment; filename="Delivery _ stop 2.pdf"; filename*=UTF-8''Delivery%20%E2%80%93%20stop%202.pdf`
    )

    // A lowercase reference works too; a reference to nothing is the booking's 404.
    const lower = await client
      .post(`/api/tms/shipments/${reference.toLowerCase()}/documents`)
      .fields({ docType: 'POD', stopNumber: '2' })
      .file('file', PDF_BYTES, { filename: 'pod.pdf' })
      .loginAs(carrier)
      .withCsrfToken()
    lower.assertStatus(201)
    const missing = await client
      .post('/api/tms/shipments/TRT-999999/documents')
      .fields({ docType: 'POD', stopNumber: '2' })
      .file('file', PDF_BYTES, { filename: 'pod.pdf' })
      .loginAs(carrier)
      .withCsrfToken()
    missing.assertStatus(404)
  })

  test('uploads are refused by content, not name, and by size', async ({ client, assert }) => {
    const { shipper, carrier, listing } = await world()
    const booking = await paidBooking(shipper, listing)
    const disguised = await upload(client, carrier, booking.id, PNG_BYTES, 'pod.pdf')
    disguised.assertStatus(422)
    assert.equal(disguised.body().errors[0].field, 'file')
    ;(await upload(client, carrier, booking.id, EXE_BYTES, 'pod.exe')).assertStatus(422)
    ;(await upload(client, carrier, booking.id, EXE_BYTES, 'pod.pdf')).assertStatus(422)
    const big = Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024)])
    ;(await upload(client, carrier, booking.id, big, 'pod.pdf')).assertStatus(413)
    const badType = await upload(client, carrier, booking.id, PDF_BYTES, 'pod.pdf', {
      docType: 'SELFIE',
    })
    badType.assertStatus(422)
    ;(await upload(client, carrier, booking.id, PNG_BYTES, 'pod.png')).assertStatus(201)
    assert.lengthOf(await Document.query().where('type', 'POD'), 1)
  })

  test('the hub lists the user’s documents, filtered by type and shipment, paged', async ({
    client,
    assert,
  }) => {
    const { shipper, carrier, listing } = await world()
    const one = await paidBooking(shipper, listing)
    const two = await paidBooking(shipper, listing)
    ;(await upload(client, carrier, one.id, PDF_BYTES, 'pod.pdf')).assertStatus(201)
    const other = await world()
    await paidBooking(other.shipper, other.listing)

    // Each paid booking has its bill of lading and its rate confirmation (0226).
    const all = await client.get('/api/tms/documents').loginAs(shipper)
    all.assertStatus(200)
    assert.equal(all.body().meta.total, 5)
    const pods = await client.get('/api/tms/documents?type=POD').loginAs(shipper)
    assert.deepEqual(
      pods.body().data.map((d: any) => [d.type, d.shipmentId]),
      [['POD', one.id]]
    )
    const ofTwo = await client
      .get(`/api/tms/documents?shipment=TRT-${String(two.id).padStart(3, '0')}`)
      .loginAs(shipper)
    assert.sameMembers(
      ofTwo.body().data.map((d: any) => d.type),
      ['BOL', 'RATE_CONFIRMATION']
    )
    const paged = await client.get('/api/tms/documents?perPage=2&page=3').loginAs(shipper)
    assert.lengthOf(paged.body().data, 1)
    assert.equal(paged.body().meta.lastPage, 3)
    const asCarrier = await client.get('/api/tms/documents').loginAs(carrier)
    assert.equal(asCarrier.body().meta.total, 5)
    ;(await client.get('/api/tms/documents?type=NOPE').loginAs(shipper)).assertStatus(422)
    ;(await client.get('/api/tms/documents')).assertStatus(401)
  })
})
