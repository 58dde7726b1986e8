import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { toDateColumn } from '#core/business_time'
import Carrier from '#fleet/models/carrier'
import BillOfLading from '#marketplace/models/bill_of_lading'
import BookingDocumentsService from '#marketplace/services/booking_documents_service'
import DocumentService from '#tms/services/document_service'
import { renderInvoice } from '#tms/services/pdf_renderer'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { drawnStrings } from '#tests/pdf_text'

/** The value drawn right after a label. */
const after = (lines: string[], label: string) => lines[lines.indexOf(label) + 1]

/** A booking made from ZIPs, whose stored address is the city line itself. */
async function zipBooking(overrides: Record<string, unknown> = {}) {
  const shipper = await makeUser('shipper', { firstName: 'Sam', lastName: 'Shipper' })
  const carrierUser = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrierUser)
  const booking = await makeBooking(shipper, listing, {
    pallets: 6,
    pickupAddress: 'Chicago, IL 60601',
    pickupCity: 'Chicago',
    pickupState: 'IL',
    pickupZip: '60601',
    deliveryAddress: 'Detroit, MI 48201',
    deliveryCity: 'Detroit',
    deliveryState: 'MI',
    deliveryZip: '48201',
    pickupDate: toDateColumn('2026-11-30'),
    deliveryDate: toDateColumn('2026-12-01'),
    ...overrides,
  })
  const carrier = await Carrier.findByOrFail('userId', carrierUser.id)
  return { booking, carrier }
}

async function bolLines(bookingId: number) {
  const documents = await app.container.make(DocumentService)
  await documents.issueBillOfLading(bookingId)
  const bol = await BillOfLading.findByOrFail('bookingId', bookingId)
  return drawnStrings(await drive.use().getBytes(bol.pdfUrl!))
}

test.group('Documents read as finished paperwork', (group) => {
  group.each.setup(async () => {
    await resetDatabase()
    drive.fake('fs')
    // 22:30 on 27 November in New York: already the 28th in UTC.
    app.container.swap(Clock, () => new FixedClock(DateTime.fromISO('2026-11-28T03:30:00.000Z')))
    return () => {
      drive.restore('fs')
      app.container.restore(Clock)
    }
  })

  test('a straight bill of lading: places once, business day, weight, blanks and signatures', async ({
    assert,
  }) => {
    const { booking, carrier } = await zipBooking({
      weightLbs: 5400,
      specialInstructions: 'Dock 7, call 30 minutes ahead',
    })
    const lines = await bolLines(booking.id)
    const text = lines.join('\n')

    assert.equal(lines[0], 'Straight Bill of Lading')
    assert.equal(after(lines, 'Issued'), '27 Nov 2026')
    assert.notMatch(text, /\d{4}-\d{2}-\d{2}T/)
    // Each place once, as people write it.
    assert.equal(after(lines, 'Pickup at'), 'Chicago, IL 60601')
    assert.equal(after(lines, 'Deliver to'), 'Detroit, MI 48201')
    assert.notInclude(text, 'Chicago, IL 60601 Chicago')
    assert.equal(lines.filter((line) => line.includes('Chicago, IL')).length, 1)
    assert.equal(after(lines, 'Pickup date'), '30 Nov 2026')
    assert.equal(after(lines, 'Delivery date'), '1 Dec 2026')
    // The shipper and the consignee, whose name is written at the dock.
    assert.equal(after(lines, 'Name'), 'Sam Shipper')
    assert.includeMembers(lines, ['Shipper (consignor)', 'Consignee', 'Carrier', 'Freight'])
    const consignee = lines.slice(lines.indexOf('Consignee'))
    assert.equal(consignee[1], 'Name')
    assert.equal(consignee[2], 'Deliver to')
    // The freight: the booking's values, lines to fill in where it has none.
    assert.equal(after(lines, 'Handling units'), '6 pallets')
    assert.equal(after(lines, 'Weight'), '5,400 lb')
    assert.equal(after(lines, 'Special instructions'), 'Dock 7, call 30 minutes ahead')
    const freightLabels = ['Pieces', 'Commodity', 'Freight class (NMFC)', 'Hazardous materials']
    for (const label of freightLabels) {
      assert.include(lines, label)
      assert.include([...freightLabels, 'Weight'], after(lines, label))
    }
    assert.notInclude(text, 'Not declared')
    // Paid: the carrier is named.
    assert.equal(after(lines, 'Company'), carrier.companyName)
    // Signature and date lines for the three parties.
    for (const party of ['Shipper', 'Carrier', 'Consignee']) {
      assert.include(lines, `${party} signature`)
    }
    assert.lengthOf(
      lines.filter((line) => line === 'Date'),
      3
    )
  })

  test('before payment the carrier is not named, and an undeclared weight is a blank line', async ({
    assert,
  }) => {
    const { booking, carrier } = await zipBooking({
      status: 'pending',
      paymentStatus: 'pending',
      pickupAddress: '100 W Randolph St',
    })
    const lines = await bolLines(booking.id)
    const text = lines.join('\n')
    assert.equal(after(lines, 'Company'), 'Revealed once the booking is paid')
    assert.notInclude(text, carrier.companyName)
    assert.notInclude(text, carrier.dotNumber!)
    // A street address, then the city line.
    assert.equal(after(lines, 'Pickup at'), '100 W Randolph St')
    assert.equal(lines[lines.indexOf('Pickup at') + 2], 'Chicago, IL 60601')
    assert.equal(after(lines, 'Weight'), 'Distance')
    assert.equal(after(lines, 'Special instructions'), 'Signatures')
    assert.notInclude(text, 'Not declared')
  })

  test('an invoice prints its lane once per place and its days as people read them', async ({
    assert,
  }) => {
    const { booking } = await zipBooking()
    const facts = await (await app.container.make(BookingDocumentsService)).facts(booking.id)
    const lines = drawnStrings(
      await renderInvoice({
        invoiceNumber: 'INV-2026-000001',
        issueDate: '2026-11-27',
        dueDate: '2026-12-27',
        status: 'pending',
        amount: 1238.75,
        booking: facts!,
        shipper: { name: 'Sam Shipper', email: 'sam@example.test' },
      })
    )
    assert.equal(after(lines, 'Issued'), '27 Nov 2026')
    assert.equal(after(lines, 'Due'), '27 Dec 2026')
    assert.equal(after(lines, 'From'), 'Chicago, IL 60601')
    assert.equal(after(lines, 'To'), 'Detroit, MI 48201')
    assert.equal(after(lines, 'Delivered'), '1 Dec 2026')
    assert.equal(after(lines, 'Total (USD)'), '$1,238.75')
  })
})
