import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'
import { financeMatrixRecords } from '#finance/tests/matrix_records'
import AdvancedInvoice from '#finance/models/advanced_invoice'
import type User from '#accounts/models/user'
import type Booking from '#marketplace/models/booking'
import { NewMessageMail } from '#messages/services/message_notices'
import { MESSAGES_PER_MINUTE, MESSAGE_MAX_LENGTH } from '#messages/message_rules'

/** Whole seconds: SQLite keeps timestamps to the second. */
const NOW = DateTime.fromISO('2030-05-06T14:00:00.000Z')
const clock = new FixedClock(NOW)

const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.from('lumper receipt'),
])

type World = { shipper: User; carrierUser: User; booking: Booking }

async function paidBooking(overrides: Partial<Booking> = {}): Promise<World> {
  const shipper = await makeUser('shipper')
  const carrierUser = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrierUser)
  const booking = await makeBooking(shipper, listing, { paymentStatus: 'paid', ...overrides })
  return { shipper, carrierUser, booking }
}

const url = (w: World, rest = '') => `/api/bookings/${w.booking.id}/messages${rest}`

function send(client: any, w: World, as: User, body: unknown) {
  return client.post(url(w)).json({ body }).loginAs(as).withCsrfToken()
}

function fieldsOf(res: any): string[] {
  return (res.body().errors ?? []).map((e: { field: string }) => e.field)
}

test.group('Booking messages: a thread between the shipper and the carrier', (group) => {
  eachTestInTransaction(group)
  group.each.setup(() => {
    clock.set(NOW)
    app.container.swap(Clock, () => clock)
    const fake = mail.fake()
    return () => {
      fake.mails.clear()
      mail.restore()
      app.container.restore(Clock)
    }
  })

  test('the two sides exchange messages, with read receipts and one mail per unread run', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const w = await paidBooking()
    const empty = await client.get(url(w)).loginAs(w.shipper)
    empty.assertStatus(200)
    assert.deepEqual(empty.body().messages, [])
    assert.equal(empty.body().you, 'shipper')

    const first = await send(client, w, w.shipper, '  Dock door 4, please. <b>not bold</b>  ')
    first.assertStatus(201)
    assert.equal(first.body().body, 'Dock door 4, please. <b>not bold</b>')
    assert.equal(first.body().side, 'shipper')
    assert.isTrue(first.body().mine)
    assert.isFalse(first.body().read)
    assert.equal(first.body().editableUntil, NOW.plus({ minutes: 5 }).toUTC().toISO())
    const second = await send(client, w, w.shipper, 'And call ahead.')
    second.assertStatus(201)
    // The carrier is mailed once, for the first message it has not read.
    assert.lengthOf(mails.sent(), 1)
    mails.assertSent(NewMessageMail, ({ message }) => {
      message.assertTo(w.carrierUser.email)
      message.assertSubject(`New message on booking TRT-${String(w.booking.id).padStart(3, '0')}`)
      return true
    })

    const carrierView = await client.get(url(w)).loginAs(w.carrierUser)
    carrierView.assertStatus(200)
    assert.equal(carrierView.body().you, 'carrier')
    assert.equal(carrierView.body().unread, 2)
    assert.deepEqual(
      carrierView.body().messages.map((m: any) => [m.side, m.mine, m.editableUntil]),
      [
        ['shipper', false, null],
        ['shipper', false, null],
      ]
    )
    const read = await client
      .post(url(w, '/read'))
      .json({ upToMessageId: second.body().id })
      .loginAs(w.carrierUser)
      .withCsrfToken()
    read.assertStatus(200)
    assert.deepEqual(read.body().readUpTo, { shipper: null, carrier: second.body().id })
    // A receipt never moves back.
    await client
      .post(url(w, '/read'))
      .json({ upToMessageId: first.body().id })
      .loginAs(w.carrierUser)
      .withCsrfToken()
    const after = await client.get(url(w)).loginAs(w.shipper)
    assert.deepEqual(
      after.body().messages.map((m: any) => m.read),
      [true, true]
    )
    assert.equal(after.body().readUpTo.carrier, second.body().id)

    const answer = await send(client, w, w.carrierUser, 'Door 4 it is.')
    answer.assertStatus(201)
    assert.lengthOf(mails.sent(), 2)
    const shipperView = await client.get(url(w)).loginAs(w.shipper)
    assert.equal(shipperView.body().unread, 1)
    // Kept with the booking: three rows, none deletable through the API.
    const [{ total }] = await db
      .from('booking_messages')
      .where('booking_id', w.booking.id)
      .count('* as total')
    assert.equal(Number(total), 3)
    const deleted = await client
      .delete(url(w, `/${first.body().id}`))
      .loginAs(w.shipper)
      .withCsrfToken()
    assert.include([404, 405], deleted.status())
  })

  test('bad input is a 422 naming the field', async ({ client, assert }) => {
    const w = await paidBooking()
    for (const body of ['', '   ', 'x'.repeat(MESSAGE_MAX_LENGTH + 1), 42, null]) {
      const res = await send(client, w, w.shipper, body)
      res.assertStatus(422)
      assert.deepEqual(fieldsOf(res), ['body'], JSON.stringify(body))
    }
    const missing = await client.post(url(w)).json({}).loginAs(w.shipper).withCsrfToken()
    missing.assertStatus(422)
    assert.deepEqual(fieldsOf(missing), ['body'])
    const longest = await send(client, w, w.shipper, 'y'.repeat(MESSAGE_MAX_LENGTH))
    longest.assertStatus(201)

    for (const upToMessageId of [undefined, 0, -1, 1.5, 'x', 2_147_483_648]) {
      const res = await client
        .post(url(w, '/read'))
        .json({ upToMessageId })
        .loginAs(w.carrierUser)
        .withCsrfToken()
      res.assertStatus(422)
      assert.deepEqual(fieldsOf(res), ['upToMessageId'], String(upToMessageId))
    }
    // A message of another booking is not one of this thread.
    const other = await paidBooking()
    const foreign = await send(client, other, other.shipper, 'elsewhere')
    const res = await client
      .post(url(w, '/read'))
      .json({ upToMessageId: foreign.body().id })
      .loginAs(w.carrierUser)
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(fieldsOf(res), ['upToMessageId'])

    const edit = await client
      .patch(url(w, `/${longest.body().id}`))
      .json({ body: '' })
      .loginAs(w.shipper)
      .withCsrfToken()
    edit.assertStatus(422)
    assert.deepEqual(fieldsOf(edit), ['body'])
    const multipart = await client
      .post(url(w))
      .file('file', PNG, { filename: 'x.png' })
      .loginAs(w.shipper)
      .withCsrfToken()
    multipart.assertStatus(415)
  })

  test('an unpaid booking has no thread yet: 409 for both parties, nothing stored', async ({
    client,
    assert,
  }) => {
    const w = await paidBooking({ status: 'pending', paymentStatus: 'pending' })
    for (const who of [w.shipper, w.carrierUser]) {
      const read = await client.get(url(w)).loginAs(who)
      read.assertStatus(409)
      assert.match(read.body().message, /once the booking is paid/)
      const write = await send(client, w, who, 'Hello?')
      write.assertStatus(409)
      const file = await client
        .post(url(w, '/attachments'))
        .file('file', PNG, { filename: 'r.png' })
        .loginAs(who)
        .withCsrfToken()
      file.assertStatus(409)
    }
    const [{ total }] = await db.from('booking_messages').count('* as total')
    assert.equal(Number(total), 0)
  })

  test('forbidden roles and foreign bookings', async ({ client, assert }) => {
    const w = await paidBooking()
    const message = await send(client, w, w.shipper, 'Hello carrier')
    message.assertStatus(201)
    const otherShipper = await makeUser('shipper')
    const otherCarrier = await makeUser('carrier', { isApproved: true })
    const pending = await makeUser('carrier', { isApproved: false })
    const admin = await makeUser('admin')
    const calls = [
      (c: any) => c.get(url(w)),
      (c: any) => c.post(url(w)).json({ body: 'x' }).withCsrfToken(),
      (c: any) =>
        c.post(url(w, '/attachments')).file('file', PNG, { filename: 'r.png' }).withCsrfToken(),
      (c: any) =>
        c.post(url(w, '/read')).json({ upToMessageId: message.body().id }).withCsrfToken(),
      (c: any) =>
        c
          .patch(url(w, `/${message.body().id}`))
          .json({ body: 'x' })
          .withCsrfToken(),
      (c: any) => c.get(url(w, `/${message.body().id}/attachment`)),
    ]
    for (const [i, call] of calls.entries()) {
      ;(await call(client).loginAs(otherShipper)).assertStatus(404)
      ;(await call(client).loginAs(otherCarrier)).assertStatus(404)
      ;(await call(client).loginAs(pending)).assertStatus(403)
      ;(await call(client).loginAs(admin)).assertStatus(403)
      const anonymous = await call(client)
      assert.equal(anonymous.status(), 401, `call ${i} anonymous`)
    }
    // A missing booking answers like a foreign one.
    const missing = await client.get(`/api/bookings/999999/messages`).loginAs(w.shipper)
    missing.assertStatus(404)
    // Nothing changed.
    const [{ total }] = await db.from('booking_messages').count('* as total')
    assert.equal(Number(total), 1)
  })

  test('an admin reads a thread only while a dispute names the booking, each read logged', async ({
    client,
    assert,
  }) => {
    const w = await paidBooking()
    const admin = await makeUser('admin')
    const sent = await client
      .post(url(w, '/attachments'))
      .file('file', PNG, { filename: 'lumper.png' })
      .field('body', 'The lumper receipt')
      .loginAs(w.carrierUser)
      .withCsrfToken()
    sent.assertStatus(201)
    ;(await client.get(url(w)).loginAs(admin)).assertStatus(403)
    const { invoice } = await financeMatrixRecords({
      id: w.booking.id,
      shipperId: w.shipper.id,
      carrierId: w.booking.carrierId,
    })
    await AdvancedInvoice.query().where('id', invoice.id).update({
      shipper_decision: 'DISPUTED',
      dispute_reason: 'Detention not owed',
      number: 'AINV-2030-000001',
    })
    const read = await client.get(url(w)).loginAs(admin)
    read.assertStatus(200)
    assert.equal(read.body().you, 'admin')
    assert.equal(read.body().messages[0].body, 'The lumper receipt')
    assert.isFalse(read.body().messages[0].mine)
    const file = await client.get(sent.body().attachment.downloadUrl).loginAs(admin)
    file.assertStatus(200)
    const logged = await db
      .from('identity_reveal_log')
      .where('booking_id', w.booking.id)
      .where('viewer_id', admin.id)
      .orderBy('id', 'asc')
      .select('viewer_role', 'reason')
    assert.deepEqual(logged, [
      { viewer_role: 'admin', reason: "Read the booking's messages: disputed AINV-2030-000001" },
      {
        viewer_role: 'admin',
        reason: 'Downloaded a message attachment: disputed AINV-2030-000001',
      },
    ])
    // Reading is all an admin may do.
    ;(await client.post(url(w)).json({ body: 'x' }).loginAs(admin).withCsrfToken()).assertStatus(
      403
    )
  })

  test('a cargo claim on the booking lets an admin read its thread too, the claim named in the log', async ({
    client,
    assert,
  }) => {
    const w = await paidBooking()
    const admin = await makeUser('admin')
    ;(await send(client, w, w.shipper, 'Two pallets arrived crushed.')).assertStatus(201)
    const refused = await client.get(url(w)).loginAs(admin)
    refused.assertStatus(403)
    assert.equal(
      refused.body().message,
      "Admins read a booking's messages only when a dispute or a cargo claim names the booking"
    )
    const stamp = NOW.toFormat('yyyy-MM-dd HH:mm:ss')
    const [claim] = await db
      .table('cargo_claims')
      .insert({
        booking_id: w.booking.id,
        shipper_id: w.shipper.id,
        carrier_id: w.booking.carrierId,
        type: 'damage',
        amount_cents: 40_000,
        description: 'Two pallets crushed at the corner.',
        status: 'escalated',
        payout_held: true,
        delivered_on: '2030-05-01',
        respond_by: '2030-05-08',
        filed_at: stamp,
        created_at: stamp,
        updated_at: stamp,
      })
      .returning('id')
    const claimId = Number((claim as any).id ?? claim)
    const read = await client.get(url(w)).loginAs(admin)
    read.assertStatus(200)
    assert.equal(read.body().you, 'admin')
    assert.equal(read.body().messages[0].body, 'Two pallets arrived crushed.')
    const logged = await db
      .from('identity_reveal_log')
      .where('booking_id', w.booking.id)
      .where('viewer_id', admin.id)
      .select('reason')
    assert.deepEqual(logged, [{ reason: `Read the booking's messages: cargo claim ${claimId}` }])
    // Still read-only.
    ;(
      await client.post(url(w, '/read')).json({ upToMessageId: 1 }).loginAs(admin).withCsrfToken()
    ).assertStatus(403)
  })

  test('attachments: sniffed, sized, stored and downloaded by the other side', async ({
    client,
    assert,
  }) => {
    const w = await paidBooking()
    const attach = (file: Buffer | null, filename: string) => {
      let req = client.post(url(w, '/attachments')).loginAs(w.carrierUser).withCsrfToken()
      req = file ? req.file('file', file, { filename }) : req.field('body', 'no file')
      return req
    }
    const json = await client
      .post(url(w, '/attachments'))
      .json({ body: 'no file' })
      .loginAs(w.carrierUser)
      .withCsrfToken()
    json.assertStatus(422)
    assert.deepEqual(fieldsOf(json), ['file'])
    const none = await attach(null, '')
    none.assertStatus(422)
    assert.deepEqual(fieldsOf(none), ['file'])
    const text = await attach(Buffer.from('just text'), 'receipt.pdf')
    text.assertStatus(422)
    assert.deepEqual(fieldsOf(text), ['file'])
    const misnamed = await attach(PNG, 'receipt.pdf')
    misnamed.assertStatus(422)
    assert.deepEqual(fieldsOf(misnamed), ['file'])
    const huge = await attach(Buffer.concat([PNG, Buffer.alloc(10 * 1024 * 1024)]), 'big.png')
    huge.assertStatus(413)
    const tooLong = await client
      .post(url(w, '/attachments'))
      .file('file', PNG, { filename: 'r.png' })
      .field('body', 'z'.repeat(MESSAGE_MAX_LENGTH + 1))
      .loginAs(w.carrierUser)
      .withCsrfToken()
    tooLong.assertStatus(422)
    assert.deepEqual(fieldsOf(tooLong), ['body'])

    const ok = await attach(PNG, 'lumper "receipt".png')
    ok.assertStatus(201)
    assert.equal(ok.body().body, '')
    assert.deepEqual(ok.body().attachment, {
      fileName: 'lumper receipt.png',
      mimeType: 'image/png',
      size: PNG.length,
      downloadUrl: `/api/bookings/${w.booking.id}/messages/${ok.body().id}/attachment`,
    })
    const download = await client.get(ok.body().attachment.downloadUrl).loginAs(w.shipper)
    download.assertStatus(200)
    assert.equal(download.header('content-type'), 'image/png')
    assert.include(download.header('content-disposition'), 'lumper receipt.png')
    assert.isTrue(Buffer.from(download.body() ?? download.text(), 'binary').length > 0)

    const plain = await send(client, w, w.shipper, 'no file here')
    const noFile = await client.get(url(w, `/${plain.body().id}/attachment`)).loginAs(w.carrierUser)
    noFile.assertStatus(404)
    const nowhere = await client.get(url(w, '/999999/attachment')).loginAs(w.carrierUser)
    nowhere.assertStatus(404)
  })

  test('its author edits a message for 5 minutes, nobody else, never later', async ({
    client,
    assert,
  }) => {
    const w = await paidBooking()
    const sent = await send(client, w, w.shipper, 'Pickup at 9')
    const edit = (as: User, id: number, body: string) =>
      client
        .patch(url(w, `/${id}`))
        .json({ body })
        .loginAs(as)
        .withCsrfToken()

    const byOther = await edit(w.carrierUser, sent.body().id, 'Pickup at 6')
    byOther.assertStatus(403)
    clock.advance({ minutes: 5 })
    const atEdge = await edit(w.shipper, sent.body().id, 'Pickup at 10')
    atEdge.assertStatus(200)
    assert.equal(atEdge.body().body, 'Pickup at 10')
    assert.equal(atEdge.body().editedAt, NOW.plus({ minutes: 5 }).toUTC().toISO())
    clock.advance({ seconds: 1 })
    const late = await edit(w.shipper, sent.body().id, 'Pickup at 11')
    late.assertStatus(409)
    assert.match(late.body().message, /5 minutes/)
    const thread = await client.get(url(w)).loginAs(w.carrierUser)
    assert.equal(thread.body().messages[0].body, 'Pickup at 10')
    assert.isNull(
      (await client.get(url(w)).loginAs(w.shipper)).body().messages[0].editableUntil,
      'no longer editable'
    )
    // A message of another booking is not found through this one.
    const other = await paidBooking()
    const elsewhere = await send(client, other, other.shipper, 'elsewhere')
    const foreign = await edit(w.shipper, elsewhere.body().id, 'x')
    foreign.assertStatus(404)
  })

  test('a flood is stopped per user with a 429 and Retry-After', async ({ client, assert }) => {
    const w = await paidBooking()
    for (let i = 0; i < MESSAGES_PER_MINUTE; i++) {
      ;(await send(client, w, w.shipper, `message ${i}`)).assertStatus(201)
    }
    const flood = await send(client, w, w.shipper, 'one too many')
    flood.assertStatus(429)
    assert.isAbove(Number(flood.header('retry-after')), 0)
    // The other side's limit is its own.
    ;(await send(client, w, w.carrierUser, 'still here')).assertStatus(201)
  })
})
