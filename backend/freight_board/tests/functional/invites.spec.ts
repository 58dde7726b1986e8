import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import { DateTime } from 'luxon'
import { Clock, FixedClock } from '#core/clock'
import FreightListingAudit from '#freight_board/models/freight_listing_audit'
import FreightListingInvite from '#freight_board/models/freight_listing_invite'
import { FreightInviteMail, hashInviteToken } from '#freight_board/services/freight_invite_service'
import { makeUser, resetDatabase } from '#tests/helpers'
import { carrierOf, makeBooking, makeFreightListing, makeListing } from '#tests/factories'

/** A shipper, a carrier it has a paid booking with, and an open load of the shipper's. */
async function partners() {
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  await makeBooking(shipper, await makeListing(carrier), { paymentStatus: 'paid' })
  const load = await makeFreightListing(shipper)
  return { shipper, carrier, carrierId: (await carrierOf(carrier)).id, load }
}

test.group('Freight-board invites', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.teardown(() => {
    mail.restore()
    app.container.restore(Clock)
  })

  test('candidates are the carriers the shipper has paid bookings with', async ({
    client,
    assert,
  }) => {
    const { shipper, carrierId, load } = await partners()
    const unpaid = await makeUser('carrier', { isApproved: true })
    await makeBooking(shipper, await makeListing(unpaid), {
      paymentStatus: 'pending',
      status: 'pending',
    })
    const res = await client
      .get(`/api/shipper/freight-listings/${load.id}/invite-candidates`)
      .loginAs(shipper)
    res.assertStatus(200)
    assert.deepEqual(
      res.body().map((c: any) => c.carrierId),
      [carrierId]
    )
    assert.match(res.body()[0].companyName, /Test Freight/)
  })

  test('invite: a mail with a one-time link, 2 hours exclusive, then used once', async ({
    client,
    assert,
  }) => {
    const { mails } = mail.fake()
    const { shipper, carrier, carrierId, load } = await partners()
    const t0 = DateTime.now().startOf('second')
    const clock = new FixedClock(t0)
    app.container.swap(Clock, () => clock)

    const res = await client
      .post(`/api/freight-listings/${load.id}/invites`)
      .json({ carrierId })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(201)
    assert.equal(
      DateTime.fromISO(res.body().expires_at).toMillis(),
      t0.plus({ hours: 2 }).toMillis()
    )
    const sent = mails.sent((m) => m instanceof FreightInviteMail)
    assert.lengthOf(sent, 1)
    const text = String(sent[0].message.toJSON().message.text)
    const token = /invite=([\w-]+)/.exec(text)![1]
    assert.include(text, '/freight-board?invite=')
    const row = await FreightListingInvite.findByOrFail('listingId', load.id)
    assert.equal(row.token, hashInviteToken(token))
    assert.notEqual(row.token, token)

    // Other carriers do not see it during the window; the invited carrier does.
    const other = await makeUser('carrier', { isApproved: true })
    const hidden = await client.get('/api/freight-listings').loginAs(other)
    assert.deepEqual(hidden.body(), [])
    const seen = await client.get('/api/freight-listings').loginAs(carrier)
    assert.isTrue(seen.body()[0].invited)

    const stranger = await client
      .post(`/api/freight-listings/invites/${token}/accept`)
      .loginAs(other)
      .withCsrfToken()
    stranger.assertStatus(404)
    const accepted = await client
      .post(`/api/freight-listings/invites/${token}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    accepted.assertStatus(200)
    assert.deepEqual(accepted.body(), { id: load.id })
    const twice = await client
      .post(`/api/freight-listings/invites/${token}/accept`)
      .loginAs(carrier)
      .withCsrfToken()
    twice.assertStatus(409)

    clock.set(t0.plus({ hours: 2 }))
    const publicNow = await client.get('/api/freight-listings').loginAs(other)
    assert.deepEqual(
      publicNow.body().map((l: any) => l.id),
      [load.id]
    )
    const audits = await FreightListingAudit.query().where('listingId', load.id).orderBy('id')
    assert.deepEqual(
      audits.map((a) => [a.action, a.actorRole]),
      [
        ['invited', 'shipper'],
        ['invite_used', 'carrier'],
      ]
    )
  })

  test('only a carrier the shipper has shipped with; only the load’s shipper', async ({
    client,
    assert,
  }) => {
    const { shipper, carrierId, load } = await partners()
    const stranger = await makeUser('carrier', { isApproved: true })
    const res = await client
      .post(`/api/freight-listings/${load.id}/invites`)
      .json({ carrierId: (await carrierOf(stranger)).id })
      .loginAs(shipper)
      .withCsrfToken()
    res.assertStatus(422)
    assert.deepEqual(res.body().errors[0], {
      field: 'carrierId',
      message: 'You can only invite a carrier you have shipped with',
      rule: 'shippedWith',
    })
    const otherShipper = await client
      .post(`/api/freight-listings/${load.id}/invites`)
      .json({ carrierId })
      .loginAs(await makeUser('shipper'))
      .withCsrfToken()
    otherShipper.assertStatus(404)
    const missing = await client
      .post('/api/freight-listings/999999/invites')
      .json({ carrierId })
      .loginAs(shipper)
      .withCsrfToken()
    missing.assertStatus(404)
    const asCarrier = await client
      .post(`/api/freight-listings/${load.id}/invites`)
      .json({ carrierId })
      .loginAs(stranger)
      .withCsrfToken()
    asCarrier.assertStatus(403)
  })

  test('an expired invite cannot be used', async ({ client }) => {
    const { carrier, carrierId, load } = await partners()
    await FreightListingInvite.create({
      listingId: load.id,
      invitedCarrierId: carrierId,
      token: hashInviteToken('old-token'),
      expiresAt: DateTime.now().minus({ seconds: 1 }),
    })
    const res = await client
      .post('/api/freight-listings/invites/old-token/accept')
      .loginAs(carrier)
      .withCsrfToken()
    res.assertStatus(409)
  })
})
