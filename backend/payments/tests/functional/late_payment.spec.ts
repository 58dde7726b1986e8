import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import payments from '#plugins/payments/services/main'
import PaymentService from '#payments/services/payment_service'
import ReconciliationService from '#payments/services/reconciliation_service'
import { toCents } from '#core/money'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { makeBooking } from '#tests/factories'
import { SUCCESS_CARD, makeCarrier } from '#payments/tests/payout_fixtures'

test.group('A payment that succeeds after its booking was cancelled', (group) => {
  eachTestInTransaction(group)

  test('is recorded as a charge and refunded at once; the booking stays cancelled', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const carrier = await makeCarrier()
    const booking = await makeBooking(shipper, carrier.listing, {
      status: 'pending',
      paymentStatus: 'pending',
    })
    const service = await app.container.make(PaymentService)
    const intent = await service.createIntent(booking.id, booking.totalAmount!)

    // The shipper cancels in one tab while the card is being confirmed in another.
    const cancelled = await client
      .post(`/api/bookings/${booking.id}/cancel`)
      .loginAs(shipper)
      .withCsrfToken()
    cancelled.assertStatus(200)
    const sandbox = (await payments.sandbox())!
    const paid = await sandbox.confirmCard({
      paymentId: intent.paymentIntentId,
      clientSecret: intent.clientSecret,
      cardNumber: SUCCESS_CARD,
      expMonth: 12,
      expYear: new Date().getUTCFullYear() + 2,
      cvc: '123',
    })
    assert.isTrue(paid.ok)

    const row = await db.from('bookings').where('id', booking.id).first()
    assert.equal(row.status, 'cancelled')
    assert.equal(row.payment_status, 'refunded')
    const refunds = await db.from('sandbox_refunds').where('payment_id', intent.paymentIntentId)
    assert.lengthOf(refunds, 1)
    assert.equal(Number(refunds[0].amount_cents), toCents(booking.totalAmount!))
    const kinds = (await db.from('ledger_entries').where('booking_id', booking.id)).map(
      (l) => `${l.kind}:${l.account}:${l.amount_cents}`
    )
    const total = toCents(booking.totalAmount!)
    assert.sameMembers(kinds, [
      `charge:provider_cash:${total}`,
      `charge:escrow:${-total}`,
      `refund:escrow:${total}`,
      `refund:provider_cash:${-total}`,
    ])
    const report = await new ReconciliationService().reconcile()
    assert.deepEqual(report.problems, [])
  })
})
