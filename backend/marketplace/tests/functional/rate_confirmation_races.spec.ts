/*
 * Revisions of a rate confirmation under concurrent changes at a real server and a second
 * server process (docs/decisions/0250): changes made at once each get a revision of their own,
 * numbered R1, R2, ... without a gap or a repeat, and exactly one stays current.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { baseUrl, resetDatabase, signInSessions, startServer } from '#tests/helpers'
import { acceptRateConfirmation } from '#tests/deliveries'
import { deliveredBooking } from '#finance/tests/world'
import { formatRateConfirmationNumber } from '#marketplace/services/rate_confirmation_service'

test.group('Rate confirmation revisions: races at two server processes', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  let second: Awaited<ReturnType<typeof startServer>>
  group.setup(async () => {
    // Within this worktree's port range (PORT to PORT + 19).
    second = await startServer(Number(process.env.PORT) + 11)
    return () => second.stop()
  })

  test('four accessorials added at once: four revisions with distinct numbers, one current', async ({
    assert,
  }) => {
    const { booking, carrierUser } = await deliveredBooking({
      status: 'in_transit',
      deliveredAt: null,
    })
    await acceptRateConfirmation(booking.id, carrierUser.id)
    const first = (await db.from('rate_confirmations').where('booking_id', booking.id).first())
      .number as string
    const sessions = await signInSessions(
      [carrierUser, carrierUser, carrierUser, carrierUser],
      [baseUrl(), second.url]
    )
    const codes = ['LIFTGATE', 'INSIDE', 'APPT', 'RESIDENTIAL']
    const answers = await Promise.all(
      sessions.map((s, i) =>
        s.request('POST', `/api/bookings/${booking.id}/accessorials`, {
          code: codes[i],
          note: `Charge ${i}`,
        })
      )
    )
    assert.deepEqual(
      answers.map((a) => a.status),
      [201, 201, 201, 201],
      JSON.stringify(answers.map((a) => a.text))
    )
    const rows = await db
      .from('rate_confirmations')
      .where('booking_id', booking.id)
      .orderBy('revision')
    assert.deepEqual(
      rows.map((r) => Number(r.revision)),
      [0, 1, 2, 3, 4]
    )
    const year = Number(first.slice(3, 7))
    assert.deepEqual(
      rows.map((r) => r.number),
      [0, 1, 2, 3, 4].map((n) => formatRateConfirmationNumber(year, booking.id, n))
    )
    assert.deepEqual(
      rows.map((r) => r.superseded_at === null),
      [false, false, false, false, true]
    )
    // Each revision has its own file in the Document Hub.
    const docs = await db
      .from('documents')
      .where('booking_id', booking.id)
      .where('type', 'RATE_CONFIRMATION')
    assert.lengthOf(docs, 5)
    assert.lengthOf(new Set(docs.map((d) => d.url)), 5)
    assert.deepEqual(
      rows.map((r) => Number(r.document_id)).sort((a, b) => a - b),
      docs.map((d) => Number(d.id)).sort((a, b) => a - b)
    )
  })
})
