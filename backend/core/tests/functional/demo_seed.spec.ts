import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { readFileSync } from 'node:fs'
import { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import User from '#accounts/models/user'
import FreightListing from '#freight_board/models/freight_listing'
import LoadFunding from '#payments/models/load_funding'
import ExpeditedJob from '#logistics/models/expedited_job'
import Listing from '#fleet/models/listing'
import Booking from '#marketplace/models/booking'
import Invoice from '#marketplace/models/invoice'
import { priceShipment } from '#marketplace/services/pricing'
import { invoiceIssueDate } from '#marketplace/services/invoice_terms'
import { ONBOARDING_HOLD_REASON } from '#payments/services/payout_service'
import AuditService from '#payments/services/audit_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import { roadMiles } from '#core/geo'
import { BUSINESS_TIME_ZONE } from '#core/business_time'
import { readTimestamp } from '#core/timestamps'
import { TOP_SPEED_MPH } from '#logistics/expedited_status'
import { seedDemoReferenceRows } from '#tms/tests/reference_rows'
import { splitPayout, toCents } from '#core/money'
import {
  Browserless,
  baseUrl,
  businessDayFromToday,
  nextTotpCode,
  resetDatabase,
} from '#tests/helpers'

async function seedDemo() {
  const ace = await app.container.make('ace')
  const seed = await ace.exec('db:seed', ['--files', 'database/seeders/demo_seeder.ts'])
  if (seed.exitCode) throw seed.error ?? new Error('demo seed failed')
}

/** The cents the ledger moved for one booking, by kind of line and account. */
async function ledgerCents(bookingId: number, kind: string, account?: string) {
  const query = db.from('ledger_entries').where('booking_id', bookingId).where('kind', kind)
  if (account) query.where('account', account)
  const rows = await query.select('amount_cents')
  return rows.reduce((sum, row) => sum + Number(row.amount_cents), 0)
}

test.group('The demo data', (group) => {
  group.setup(async () => {
    await resetDatabase()
    // What the migrations ship and a reset empties: the fuel index, its table, the accessorials.
    await seedDemoReferenceRows()
    await seedDemo()
  })
  group.teardown(() => resetDatabase())
  group.each.timeout(60_000)

  test('reconciles to the cent and its audit chains hold', async ({ assert }) => {
    const report = await new ReconciliationService().reconcile()
    assert.isAbove(report.bookings, 20)
    assert.deepEqual(report.problems, [])
    assert.isAbove(report.totals.chargedCents, 0)
    assert.isAbove(report.totals.refundedCents, 0)
    for (const chain of await new AuditService().verifyAll()) {
      assert.isTrue(chain.ok, `${chain.chain} chain broken`)
    }
  })

  test('every booking costs what the server charges for its listing, pallets and distance', async ({
    assert,
  }) => {
    const bookings = await Booking.all()
    for (const booking of bookings) {
      if (booking.bookingType === 'freight_board') {
        // A claimed load costs the shipper's posted price, exactly.
        const load = await FreightListing.findByOrFail('shipmentId', booking.id)
        assert.equal(toCents(booking.totalAmount!), load.priceCents, `booking ${booking.id} total`)
        continue
      }
      const listing = await Listing.findOrFail(booking.listingId!)
      const distance = roadMiles(
        { latitude: booking.pickupLatitude!, longitude: booking.pickupLongitude! },
        { latitude: booking.deliveryLatitude!, longitude: booking.deliveryLongitude! }
      )
      assert.equal(Number(booking.distance), distance, `booking ${booking.id} distance`)
      const { totalCents } = priceShipment({
        pallets: booking.numberOfPallets,
        distanceMiles: distance,
        rateCents: toCents(listing.ratePerMilePerPallet),
      })
      assert.equal(toCents(booking.totalAmount!), totalCents, `booking ${booking.id} total`)
    }
  })

  test('released payouts split the total between the carrier and the platform', async ({
    assert,
  }) => {
    const released = await Booking.query().whereIn('payoutStatus', ['released', 'paid'])
    assert.isAbove(released.length, 5)
    for (const booking of released) {
      // A booking cancelled late released only its late-cancel fee (docs/decisions/0178).
      const releasedCents =
        booking.status === 'cancelled'
          ? booking.cancellationFeeCents!
          : toCents(booking.totalAmount!)
      const platformCents = -(await ledgerCents(booking.id, 'platform_share'))
      const payoutCents = -(await ledgerCents(booking.id, 'carrier_payable'))
      assert.equal(payoutCents + platformCents, releasedCents, `booking ${booking.id}`)
      assert.equal(payoutCents, splitPayout(releasedCents).payoutCents, `booking ${booking.id}`)
      if (booking.payoutStatus === 'paid') {
        const transferred = await ledgerCents(booking.id, 'payout', 'provider_cash')
        assert.equal(-transferred, payoutCents, `booking ${booking.id} transfer`)
      } else {
        assert.equal(booking.payoutFailureReason, ONBOARDING_HOLD_REASON)
      }
    }
  })

  test('a year of history in every status, dated when it happened', async ({ assert }) => {
    const bookings = await Booking.all()
    const statuses = new Set(bookings.map((b) => b.status))
    for (const status of [
      'pending',
      'booked',
      'confirmed',
      'in_transit',
      'delayed',
      'delivered',
      'cancelled',
    ]) {
      assert.isTrue(statuses.has(status as never), `no ${status} booking in the demo`)
    }
    const shipper = await User.findByOrFail('email', 'shipper@palletline.test')
    const own = new Set(bookings.filter((b) => b.shipperId === shipper.id).map((b) => b.status))
    assert.equal(own.size, statuses.size, 'shipper@palletline.test has one in every status')
    assert.includeMembers(
      bookings.map((b) => b.payoutStatus),
      ['pending', 'released', 'paid']
    )
    assert.include(
      bookings.map((b) => b.paymentStatus),
      'refunded'
    )

    const oldest = DateTime.min(...bookings.map((b) => b.createdAt))!
    assert.isAbove(new Clock().now().diff(oldest, 'days').days, 300)
    for (const booking of bookings.filter((b) => b.status === 'delivered')) {
      const invoice = await Invoice.findByOrFail('bookingId', booking.id)
      assert.equal(invoice.createdAt.toISO(), booking.deliveredAt!.toISO())
      assert.equal(toCents(invoice.amount), toCents(booking.totalAmount!))
    }
  })

  test('the freight board: Chicago to Detroit recommends from lane history; loads are open and held', async ({
    assert,
  }) => {
    const shipper = new Browserless(baseUrl())
    await shipper.request('POST', '/api/login', {
      username: 'shipper@palletline.test',
      password: 'demo1234',
    })
    const res = await shipper.request('POST', '/api/freight-listings/recommend', {
      origin: { postal: '60601' },
      destination: { postal: '48201' },
      pallets: 8,
    })
    assert.equal(res.status, 200, res.text)
    assert.equal(res.body.basis.method, 'lane_history')
    assert.equal(res.body.basis.scope, 'zip3')
    assert.isAtLeast(res.body.sample_size, 8)
    assert.isBelow(res.body.low, res.body.high)

    const carrier = new Browserless(baseUrl())
    await carrier.request('POST', '/api/login', {
      username: 'carrier3@palletline.test',
      password: 'demo1234',
    })
    const board = await carrier.request('GET', '/api/freight-listings')
    assert.equal(board.status, 200, board.text)
    assert.isAtLeast(board.body.length, 5)
    assert.isTrue(board.body.some((load: any) => load.held))
    const claimed = await FreightListing.query().where('status', 'CLAIMED')
    assert.isAtLeast(claimed.length, 13)
    for (const load of claimed) assert.isNotNull(load.shipmentId)

    // Funded by card: one still on the board, and one whose claim paid its booking.
    const funded = await carrier.request('GET', '/api/freight-listings?funded=true')
    assert.lengthOf(funded.body, 1)
    assert.isTrue(funded.body[0].funded)
    const fundings = await LoadFunding.query().orderBy('id')
    assert.deepEqual(
      fundings.map((f) => f.status),
      ['SETTLED', 'SUCCEEDED']
    )
    const paidByFunding = await Booking.findOrFail(fundings[0].bookingId!)
    assert.equal(paidByFunding.paymentStatus, 'paid')
    assert.equal(paidByFunding.stripePaymentIntentId, fundings[0].paymentIntentId)
  })

  test('expedited jobs in every state: delivered, on the road, late, on offer, cancelled', async ({
    assert,
  }) => {
    const jobs = await ExpeditedJob.query().orderBy('id', 'asc')
    assert.deepEqual(
      jobs.map((j) => [j.status, j.atRisk, j.slaMissed, j.paymentStatus]),
      [
        // Each paid by card before it was offered; the cancelled one refunded (decision 0188).
        ['DELIVERED', false, false, 'paid'],
        ['CANCELLED', false, false, 'refunded'],
        ['ACCEPTED', true, true, 'paid'],
        ['PICKED_UP', false, false, 'paid'],
        ['REQUESTED', false, false, 'paid'],
      ],
      JSON.stringify(jobs.map((j) => [j.status, j.atRisk, j.slaMissed, j.eta, j.deadlineAt]))
    )
    for (const job of jobs) assert.isAbove(job.price, 0)
    assert.isNotNull(jobs[3].eta)
    assert.isNotNull(jobs[3].driverGeo)
    // The delivered job's charge was split once: the platform's share and the carrier's pay.
    const released = await db
      .from('ledger_entries')
      .where('txn', `expedited-${jobs[0].id}-release`)
      .sum('amount_cents as total')
      .count('* as lines')
    assert.deepEqual([Number(released[0].total), Number(released[0].lines)], [0, 3])
    // Delivered by the driver's signed step, its POD on file (docs/decisions/0264); the job on
    // the road was loaded from the phone.
    const steps = async (jobId: number) =>
      (
        await db
          .from('expedited_stop_events')
          .where('expedited_job_id', jobId)
          .orderBy('id', 'asc')
          .select('type', 'pod_path')
      ).map((e) => [e.type, e.pod_path !== null])
    assert.deepEqual(await steps(jobs[0].id), [
      ['arrived_pickup', false],
      ['loaded', false],
      ['departed_pickup', false],
      ['arrived_delivery', false],
      ['delivered', true],
    ])
    assert.deepEqual(await steps(jobs[3].id), [
      ['arrived_pickup', false],
      ['loaded', false],
      ['departed_pickup', false],
    ])
  })

  test('every status follows what happened: pickups, paperwork, drive times, windows', async ({
    assert,
  }) => {
    // A delivered booking was delivered on or after its pickup day, with its POD on file.
    const delivered = await Booking.query().where('status', 'delivered')
    assert.isAbove(delivered.length, 5)
    for (const booking of delivered) {
      const day = booking.deliveredAt!.setZone(BUSINESS_TIME_ZONE).toISODate()!
      const pickupDay = booking.pickupDate!.toISODate()!
      assert.isTrue(
        pickupDay <= day,
        `booking ${booking.id}: picked up ${pickupDay}, delivered ${day}`
      )
      const pods = await db
        .from('tms_documents')
        .where('shipment_id', booking.id)
        .where('doc_type', 'POD')
      assert.lengthOf(pods, 1, `booking ${booking.id} has its POD`)
      const uploadedAt = readTimestamp(pods[0].uploaded_at)!
      assert.isAtMost(
        uploadedAt.toMillis(),
        booking.deliveredAt!.toMillis(),
        `booking ${booking.id}`
      )
    }
    // An expedited job took at least its distance at the top speed.
    for (const job of await ExpeditedJob.query().where('status', 'DELIVERED')) {
      const hours = job.deliveredAt!.diff(job.pickedUpAt!, 'hours').hours
      assert.isAtLeast(hours, job.distanceMiles / TOP_SPEED_MPH, `job ${job.id}`)
    }
    // A container left with a kept pickup window, and a complete move has no window left open.
    const moves = await db.from('drayage_moves').whereIn('status', ['OUT_GATED', 'EMPTY_RETURNED'])
    assert.isAtLeast(moves.length, 2)
    // Every demo move goes from its terminal to an inland warehouse, priced (decision 0187).
    for (const move of await db.from('drayage_moves')) {
      assert.isAbove(Number(move.line_haul), 0, `move ${move.id} is priced`)
      assert.isAbove(Number(move.distance_miles), 10, `move ${move.id} goes inland`)
    }
    for (const move of moves) {
      const windows = await db.from('appointments').where('drayage_move_id', move.id)
      const kept = windows.find((w) => w.kind === 'PICKUP' && w.status === 'COMPLETED')
      assert.exists(kept, `move ${move.id} has its kept pickup window`)
      assert.isAtMost(
        readTimestamp(kept.window_start)!.toMillis(),
        readTimestamp(move.gate_out)!.toMillis(),
        `move ${move.id}`
      )
      if (move.status === 'EMPTY_RETURNED') {
        assert.isFalse(
          windows.some((w) => w.status === 'REQUESTED' || w.status === 'CONFIRMED'),
          `move ${move.id} has no open window`
        )
      }
    }
  })

  test('an uploaded document keeps the name its uploader gave it (decision 0184)', async ({
    assert,
  }) => {
    // The Document Hub shows `original_name`; without it, the storage key (pod-mx04k3qt-v8sz8h.pdf).
    const uploads = await db.from('tms_documents').whereNotNull('uploaded_by')
    assert.isAbove(uploads.length, 5)
    for (const doc of uploads) {
      assert.match(
        doc.original_name ?? '',
        /^POD TRT-\d{3,}\.pdf$/,
        `document ${doc.id} of booking ${doc.shipment_id}`
      )
    }
  })

  test('the demo driver has a booking assigned for today (decision 0237)', async ({ assert }) => {
    const driver = new Browserless(baseUrl())
    await driver.request('POST', '/api/login', {
      username: 'driver@palletline.test',
      password: 'demo1234',
    })
    const res = await driver.request('GET', '/api/driver/work')
    assert.equal(res.status, 200)
    const today = res.body.items.filter(
      (item: { kind: string; due: string }) => item.kind === 'booking' && item.due === 'today'
    )
    assert.lengthOf(today, 1)
    assert.include(today[0].actions, 'in_transit')
    const carrier = new Browserless(baseUrl())
    await carrier.request('POST', '/api/login', {
      username: 'dispatcher@palletline.test',
      password: 'demo1234',
    })
    const all = await carrier.request('GET', '/api/carrier/bookings')
    const assigned = all.body.filter((b: { driver: unknown }) => b.driver !== null)
    assert.lengthOf(assigned, 1, 'the dispatcher sees it assigned, the rest not')
    const mine = await driver.request('GET', '/api/carrier/bookings')
    assert.deepEqual(
      mine.body.map((b: { id: number }) => b.id),
      assigned.map((b: { id: number }) => b.id)
    )
  })

  test('the demo carrier company has an accounts member: its money, no dispatch', async ({
    assert,
  }) => {
    const accounts = new Browserless(baseUrl())
    const login = await accounts.request('POST', '/api/login', {
      username: 'accounts@palletline.test',
      password: 'demo1234',
    })
    assert.equal(login.status, 200)
    const me = await accounts.request('GET', '/api/user')
    assert.equal(me.body.member.role, 'accounts')
    // Acting as the company's account: the carrier's own user.
    assert.equal(me.body.id, (await User.findByOrFail('email', 'carrier@palletline.test')).id)
    assert.equal(me.body.member.email, 'accounts@palletline.test')
    // The owner's payouts and invoices, as the owner sees them.
    const payouts = await accounts.request('GET', '/api/carrier/payouts')
    assert.equal(payouts.status, 200)
    assert.isAbove(payouts.body.length, 0)
    assert.equal((await accounts.request('GET', '/api/carrier/invoices')).status, 200)
    // No dispatch: neither the bookings to assign nor the board nor the drivers.
    assert.equal((await accounts.request('GET', '/api/company/drivers')).status, 403)
    assert.equal((await accounts.request('GET', '/api/carrier/bookings')).status, 403)
  })

  test('the demo shipper company has an accounts member: its invoices, no posting or booking', async ({
    assert,
  }) => {
    const billing = new Browserless(baseUrl())
    const login = await billing.request('POST', '/api/login', {
      username: 'billing@palletline.test',
      password: 'demo1234',
    })
    assert.equal(login.status, 200)
    const me = await billing.request('GET', '/api/user')
    assert.equal(me.body.member.role, 'accounts')
    assert.equal(me.body.id, (await User.findByOrFail('email', 'shipper@palletline.test')).id)
    const invoices = await billing.request('GET', '/api/shipper/invoices')
    assert.equal(invoices.status, 200, JSON.stringify(invoices.body))
    assert.isAbove(invoices.body.length, 0)
    // No loads: the company's posted loads are not theirs.
    const loads = await billing.request('GET', '/api/freight-listings')
    assert.equal(loads.status, 403, JSON.stringify(loads.body))
  })

  test('the current listings are found by a search for today', async ({ assert }) => {
    // Lanes 1, 7 and 10 are full; the rest of today's listings are on offer.
    assert.lengthOf(await Listing.query().where('status', 'booked'), 3)

    const shipper = new Browserless(baseUrl())
    await shipper.request('POST', '/api/login', {
      username: 'shipper@palletline.test',
      password: 'demo1234',
    })
    const res = await shipper.request('POST', '/api/listings/search', {
      pickupAddress: 'Chicago, IL 60601',
      deliveryAddress: 'Detroit, MI 48201',
      numberOfPallets: 4,
      pickupDate: businessDayFromToday(),
    })
    assert.equal(res.status, 200)
    assert.lengthOf(res.body, 2)
  })

  test('every demo login printed by npm start signs in', async ({ assert }) => {
    const accounts = JSON.parse(readFileSync(app.makePath('database/demo_accounts.json'), 'utf8'))
    assert.isAbove(accounts.length, 3)
    type DemoLogin = { email: string; password: string; totpSecret?: string }
    for (const account of accounts as DemoLogin[]) {
      const browser = new Browserless(baseUrl())
      const res = await browser.request('POST', '/api/login', {
        username: account.email,
        password: account.password,
      })
      if (!account.totpSecret) {
        assert.equal(res.status, 200, account.email)
        continue
      }
      // The admin signs in with a code from the printed secret (docs/decisions/0097).
      assert.equal(res.status, 202, account.email)
      const user = await User.findByOrFail('email', account.email)
      const code = await nextTotpCode(user.id, account.totpSecret)
      const second = await browser.request('POST', '/api/login/two-factor', { code })
      assert.equal(second.status, 200, account.email)
      assert.equal(second.body.role, 'admin')
    }
  })

  test('no invoice is due before it was issued, in the table or as the carriers see it', async ({
    assert,
  }) => {
    const invoices = await Invoice.all()
    assert.isAbove(invoices.length, 10)
    for (const invoice of invoices) {
      // Both business days (America/New_York): the due date counts from the issue date.
      const issued = invoiceIssueDate(invoice.createdAt).toISODate()!
      const due = invoice.dueDate!.toISODate()!
      assert.isTrue(due >= issued, `${invoice.invoiceNumber} due ${due}, issued ${issued}`)
    }
    let shown = 0
    for (const email of ['carrier@palletline.test', 'carrier2@palletline.test']) {
      const carrier = new Browserless(baseUrl())
      await carrier.request('POST', '/api/login', { username: email, password: 'demo1234' })
      const res = await carrier.request('GET', '/api/carrier/invoices')
      assert.equal(res.status, 200, res.text)
      for (const row of res.body as {
        invoiceNumber: string
        issueDate: string
        dueDate: string
      }[]) {
        assert.isTrue(row.dueDate >= row.issueDate, `${row.invoiceNumber} as ${email} sees it`)
        shown += 1
      }
    }
    assert.isAbove(shown, 0)
  })

  test('reviews both ways: published ratings of carriers and shippers, on-time records', async ({
    assert,
  }) => {
    const reviews = await db.from('reviews').select('author_role', 'published_at')
    assert.isAbove(reviews.filter((r) => r.author_role === 'shipper').length, 5)
    assert.isAbove(reviews.filter((r) => r.author_role === 'carrier').length, 5)
    // Every demo review is old enough to be readable: both sides wrote, or its window closed.
    assert.isTrue(reviews.every((r) => r.published_at !== null))
    const carriers = await db.from('carrier_ratings').where('reviews_count', '>', 0)
    assert.isAbove(carriers.length, 1)
    assert.isTrue(carriers.every((c) => Number(c.judged_loads) > 0))
    const shippers = await db.from('shipper_ratings').where('reviews_count', '>', 0)
    assert.isAbove(shippers.length, 1)
  })

  test('freight invoices in several states, audited, one flagged awaiting the shipper', async ({
    assert,
  }) => {
    const invoices = await db.from('advanced_invoices').select('*')
    const states = new Set(invoices.map((i) => i.status))
    for (const status of ['DRAFT', 'ISSUED', 'PAID']) assert.isTrue(states.has(status), status)
    const flagged = invoices.filter((i) => Boolean(i.flagged))
    assert.isTrue(flagged.some((i) => i.status === 'ISSUED' && i.shipper_decision === null))
    assert.isTrue(flagged.some((i) => i.shipper_decision === 'DISPUTED'))
    const audited = await db.from('audits').select('invoice_id', 'result')
    assert.equal(audited.length, invoices.filter((i) => i.status !== 'DRAFT').length)
    assert.isTrue(audited.some((a) => a.result === 'PASS'))
    const detention = await db.from('booking_accessorials').where('code', 'DETENTION_HR')
    assert.isAtLeast(detention.length, 2)
    // The complete drayage move is billed for its demurrage and per diem (decision 0146).
    const drayage = invoices.filter((i) => i.kind === 'DRAYAGE')
    assert.lengthOf(drayage, 1)
    assert.equal(drayage[0].status, 'ISSUED')
    assert.isAbove(Number(drayage[0].amount), 0)
  })

  test('a second run adds nothing', async ({ assert }) => {
    const count = async () => Number((await db.from('bookings').count('* as n'))[0].n)
    const before = await count()
    await seedDemo()
    assert.equal(await count(), before)
  })
})
