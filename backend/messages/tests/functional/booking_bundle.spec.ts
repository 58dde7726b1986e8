/*
 * The booking's document bundle (docs/decisions/0250): one ZIP of everything on a paid booking
 * for its parties, read here entry by entry: the bill of lading, every rate confirmation
 * revision, the proof of delivery, the invoice, the claim with its evidence, the message
 * transcript with its attachment, and a manifest whose SHA-256 sums match. No bundle before the
 * payment (anonymity); a shipper's download is one reveal; admins only when a dispute or a
 * claim names the booking, each download logged.
 */
import { createHash } from 'node:crypto'
import { test } from '@japa/runner'
import { ApiRequest } from '@japa/api-client'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import UserModel from '#accounts/models/user'
import type User from '#accounts/models/user'
import Carrier from '#fleet/models/carrier'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { PHOTO_PNG } from '#tests/deliveries'
import { unzip } from '#tests/zip'
import { deliveredBooking, fixClock, restoreClock } from '#payments/tests/payout_fixtures'
import { financeMatrixRecords } from '#finance/tests/matrix_records'
import AdvancedInvoice from '#finance/models/advanced_invoice'
import { makeMember } from '#accounts/tests/companies'
import RateConfirmationService from '#marketplace/services/rate_confirmation_service'
import { ADMIN_NEEDS_DISPUTE_OR_CLAIM, NO_BUNDLE_YET } from '#messages/message_rules'
import { pdfText } from '#tests/pdf_text'

const DELIVERED_AT = DateTime.fromISO('2026-06-01T15:30:00Z')

/** An API token of a new member of the account's company. */
async function tokenOf(account: User, role: 'dispatcher' | 'accounts' | 'driver') {
  const member = await makeMember(account, role)
  const person = await UserModel.findOrFail(member.id)
  return (await UserModel.accessTokens.create(person, ['*'])).value!.release()
}

const bundleUrl = (id: number | string) => `/api/bookings/${id}/bundle`

/** The ZIP's bytes: the client buffers a binary answer. */
async function download(client: any, user: User | string | null, id: number | string) {
  const req = client.get(bundleUrl(id))
  // a member signs in with a login of their own: called with its API token
  if (typeof user === 'string') req.header('authorization', `Bearer ${user}`)
  else if (user) req.loginAs(user)
  const res = await req
  const body = res.body()
  return { res, bytes: Buffer.isBuffer(body) ? body : Buffer.alloc(0) }
}

/** A delivered booking with a message thread (one attachment) and a claim with evidence. */
async function fullBooking(client: any) {
  fixClock(DELIVERED_AT)
  const world = await deliveredBooking()
  const { booking, shipper } = world
  const carrierUser = world.carrier.user
  const thread = `/api/bookings/${booking.id}/messages`
  ;(
    await client
      .post(thread)
      .json({ body: 'Dock door 4, please.\nCall ahead.' })
      .loginAs(shipper)
      .withCsrfToken()
  ).assertStatus(201)
  ;(
    await client
      .post(`${thread}/attachments`)
      .file('file', PHOTO_PNG, { filename: 'lumper receipt.png' })
      .field('body', 'The lumper receipt')
      .loginAs(carrierUser)
      .withCsrfToken()
  ).assertStatus(201)
  const filed = await client
    .post(`/api/bookings/${booking.id}/claims`)
    .json({ type: 'damage', amountCents: 20_000, description: 'Two pallets crushed at the top' })
    .loginAs(shipper)
    .withCsrfToken()
  filed.assertStatus(201)
  const claimId = filed.body().id as number
  ;(
    await client
      .post(`/api/claims/${claimId}/files`)
      .file('file', PHOTO_PNG, { filename: 'crushed.png' })
      .loginAs(shipper)
      .withCsrfToken()
  ).assertStatus(201)
  return { ...world, carrierUser, claimId }
}

test.group('Booking bundle: everything on a booking in one ZIP', (group) => {
  eachTestInTransaction(group)
  // The client reads a ZIP answer as its bytes.
  group.setup(() => {
    ApiRequest.addParser('application/zip', (res: any, done: any) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => done(null, Buffer.concat(chunks)))
    })
    return () => ApiRequest.removeParser('application/zip')
  })
  group.each.setup(() => {
    const fake = mail.fake()
    return () => {
      fake.mails.clear()
      mail.restore()
      restoreClock()
    }
  })

  test('the shipper and the carrier download it: every document, revision, file and the transcript, with matching SHA-256 sums', async ({
    client,
    assert,
  }) => {
    const { booking, shipper, carrierUser, claimId } = await fullBooking(client)
    // A revision after the first rate confirmation: both are in the bundle.
    await (await app.container.make(RateConfirmationService)).revise(booking.id, 'Test change')

    const { res, bytes } = await download(client, shipper, booking.id)
    res.assertStatus(200)
    assert.equal(res.header('content-type'), 'application/zip')
    const ref = `TRT-${String(booking.id).padStart(3, '0')}`
    assert.include(res.header('content-disposition'), `${ref}-documents.zip`)
    const entries = await unzip(bytes)
    const paths = [...entries.keys()]
    const rc = `RC-2026-${String(booking.id).padStart(7, '0')}`
    for (const expected of [
      `rate-confirmations/${rc}.pdf`,
      `rate-confirmations/${rc}-R1.pdf`,
      `claims/claim-${claimId}.txt`,
      'messages/transcript.txt',
      'manifest.json',
      'SHA256SUMS',
    ]) {
      assert.include(paths, expected)
    }
    for (const folder of ['bill-of-lading/', 'proof-of-delivery/', 'invoices/']) {
      assert.isTrue(
        paths.some((p) => p.startsWith(folder)),
        `${folder} in ${paths}`
      )
    }
    assert.isTrue(paths.some((p) => /^claims\/claim-\d+\/\d+-crushed\.png$/.test(p)))
    const attachment = paths.find((p) => p.startsWith('messages/attachments/'))!
    assert.match(attachment, /^messages\/attachments\/\d+-lumper receipt\.png$/)
    assert.deepEqual(entries.get(attachment), PHOTO_PNG)

    // The manifest lists every other entry with its size and SHA-256, and they match.
    const manifest = JSON.parse(entries.get('manifest.json')!.toString())
    assert.equal(manifest.booking, ref)
    assert.deepEqual(
      manifest.entries.map((e: { path: string }) => e.path).sort(),
      paths.filter((p) => p !== 'manifest.json' && p !== 'SHA256SUMS').sort()
    )
    for (const entry of manifest.entries) {
      const content = entries.get(entry.path)!
      assert.equal(entry.size, content.length)
      assert.equal(entry.sha256, createHash('sha256').update(content).digest('hex'))
    }
    const sums = entries.get('SHA256SUMS')!.toString().trim().split('\n')
    assert.lengthOf(sums, manifest.entries.length)
    assert.include(sums, `${manifest.entries[0].sha256}  ${manifest.entries[0].path}`)
    const superseded = manifest.entries.find((e: { path: string }) => e.path.endsWith(`${rc}.pdf`))
    assert.include(superseded.description, 'superseded')

    // The transcript: sides, times, text and the attachment's place in the ZIP.
    const transcript = entries.get('messages/transcript.txt')!.toString()
    assert.include(transcript, `Messages on booking ${ref}`)
    assert.match(
      transcript,
      /\[\d{1,2} \w{3} \d{4}, \d\d:\d\d ET\] Shipper:\n {2}Dock door 4, please\.\n {2}Call ahead\./
    )
    assert.include(transcript, 'Carrier:\n  The lumper receipt')
    assert.include(transcript, `Attachment: lumper receipt.png (${attachment})`)
    const claim = entries.get(`claims/claim-${claimId}.txt`)!.toString()
    assert.include(claim, 'Amount claimed: $200.00')
    assert.include(claim, 'crushed.png (from the shipper)')

    // Paid: the bill of lading in it names the carrier; the shipper's download is one reveal.
    const company = (await Carrier.findByOrFail('userId', carrierUser.id)).companyName
    const bol = paths.find((p) => p.startsWith('bill-of-lading/'))!
    assert.include(pdfText(entries.get(bol)!), company)
    assert.include(pdfText(entries.get(`rate-confirmations/${rc}-R1.pdf`)!), 'Test change')
    await download(client, shipper, booking.id)
    const reveals = await db
      .from('identity_reveal_log')
      .where('booking_id', booking.id)
      .where('viewer_id', shipper.id)
    assert.lengthOf(reveals, 1)

    // The carrier gets the same entries, by the TRT- reference too; no reveal is logged.
    const byCarrier = await download(client, carrierUser, ref)
    byCarrier.res.assertStatus(200)
    assert.deepEqual([...(await unzip(byCarrier.bytes)).keys()].sort(), paths.sort())
    assert.lengthOf(await db.from('identity_reveal_log').where('viewer_id', carrierUser.id), 0)

    // The claim names the booking: an admin may download it, logged with the claim.
    const admin = await makeUser('admin')
    ;(await download(client, admin, booking.id)).res.assertStatus(200)
    const logged = await db.from('identity_reveal_log').where('viewer_id', admin.id)
    assert.deepEqual(
      logged.map((r) => r.reason),
      [`Downloaded the booking's document bundle: claim ${claimId}`]
    )
  })

  test('before the payment there is none: 404 for both parties, nothing logged', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser)
    const booking = await makeBooking(shipper, listing, {
      status: 'pending',
      paymentStatus: 'pending',
    })
    for (const user of [shipper, carrierUser]) {
      const { res } = await download(client, user, booking.id)
      res.assertStatus(404)
      assert.deepEqual(res.body(), { message: NO_BUNDLE_YET })
    }
    assert.lengthOf(await db.from('identity_reveal_log').where('booking_id', booking.id), 0)
  })

  test('who may: foreign parties 404, a pending carrier 403, anonymous 401, members by area', async ({
    client,
    assert,
  }) => {
    fixClock(DELIVERED_AT)
    const { booking, shipper, carrier } = await deliveredBooking()
    const otherShipper = await makeUser('shipper')
    const otherCarrier = await makeUser('carrier', { isApproved: true })
    const pending = await makeUser('carrier', { isApproved: false })
    ;(await download(client, otherShipper, booking.id)).res.assertStatus(404)
    ;(await download(client, otherCarrier, booking.id)).res.assertStatus(404)
    ;(await download(client, pending, booking.id)).res.assertStatus(403)
    ;(await download(client, null, booking.id)).res.assertStatus(401)
    ;(await download(client, shipper, 999999)).res.assertStatus(404)
    ;(await download(client, shipper, 'not-a-booking')).res.assertStatus(404)

    // The carrier's dispatcher and accounts member may; a driver not assigned to it may not.
    for (const [role, status] of [
      ['dispatcher', 200],
      ['accounts', 200],
      ['driver', 404],
    ] as const) {
      ;(await download(client, await tokenOf(carrier.user, role), booking.id)).res.assertStatus(
        status
      )
    }
    const accounts = await tokenOf(shipper, 'accounts')
    ;(await download(client, accounts, booking.id)).res.assertStatus(200)
    assert.lengthOf(
      await db
        .from('identity_reveal_log')
        .where('booking_id', booking.id)
        .where('viewer_id', shipper.id),
      1
    )
  })

  test('an admin only while a disputed invoice or a claim names the booking, each download logged', async ({
    client,
    assert,
  }) => {
    fixClock(DELIVERED_AT)
    const { booking, shipper, carrier } = await deliveredBooking()
    const admin = await makeUser('admin')
    const refused = await download(client, admin, booking.id)
    refused.res.assertStatus(403)
    assert.deepEqual(refused.res.body(), { message: ADMIN_NEEDS_DISPUTE_OR_CLAIM })

    const { invoice } = await financeMatrixRecords({
      id: booking.id,
      shipperId: shipper.id,
      carrierId: booking.carrierId,
    })
    await AdvancedInvoice.query().where('id', invoice.id).update({
      shipper_decision: 'DISPUTED',
      dispute_reason: 'Detention not owed',
      number: 'AINV-2026-000001',
    })
    ;(await download(client, admin, booking.id)).res.assertStatus(200)
    ;(await download(client, admin, booking.id)).res.assertStatus(200)
    const logged = await db
      .from('identity_reveal_log')
      .where('booking_id', booking.id)
      .where('viewer_id', admin.id)
    assert.lengthOf(logged, 2)
    assert.equal(
      logged[0].reason,
      "Downloaded the booking's document bundle: disputed AINV-2026-000001"
    )
    assert.equal(carrier.user.role, 'carrier')
  })
})
