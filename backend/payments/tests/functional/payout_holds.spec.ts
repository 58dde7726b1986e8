import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import User from '#accounts/models/user'
import { AccountChangeNoticeMail } from '#accounts/services/account_notice_service'
import { EmailChangeConfirmationMail } from '#accounts/services/email_change_mail'
import PayoutService, { ONBOARDING_HOLD_REASON } from '#payments/services/payout_service'
import CarrierPaymentsService from '#payments/services/carrier_payments_service'
import { PAYOUT_HOLD_HOURS, holdReason } from '#payments/services/payout_hold_service'
import { eachTestInTransaction, makeUser } from '#tests/helpers'
import {
  deliveredBooking,
  fixClock,
  makeCarrier,
  reload,
  restoreClock,
  transfersOf,
} from '#payments/tests/payout_fixtures'

const DELIVERED_AT = DateTime.fromISO('2026-06-01T15:30:00Z')
const HOLD_ENDS = DELIVERED_AT.plus({ hours: PAYOUT_HOLD_HOURS })

async function runPayouts() {
  return (await app.container.make(PayoutService)).run()
}

type Fake = ReturnType<typeof mail.fake>

function notices(fake: Fake) {
  return fake.mails.sent((m) => m instanceof AccountChangeNoticeMail)
}

test.group('Payout holds after a change to a carrier account', (group) => {
  eachTestInTransaction(group)
  let fake: Fake
  let clock: ReturnType<typeof fixClock>
  group.each.setup(() => {
    fake = mail.fake()
    clock = fixClock(DELIVERED_AT)
    return () => {
      fake.mails.clear()
      mail.restore()
      restoreClock()
    }
  })

  test('a new phone number: notice to the email on file, payouts skipped until the hold ends, then paid', async ({
    assert,
    client,
  }) => {
    const { booking, carrier } = await deliveredBooking()
    const res = await client
      .put('/api/account/profile')
      .json({ firstName: 'Cora', lastName: 'Hauler', phone: '(312) 555-0199' })
      .loginAs(carrier.user)
      .withCsrfToken()
    res.assertStatus(200)
    assert.equal(res.body().phone, '(312) 555-0199')

    fake.mails.assertSent(AccountChangeNoticeMail, ({ message }) => {
      message.assertTo(carrier.user.email)
      message.assertSubject('Your PalletLine phone number was changed')
      message.assertTextIncludes('The phone number on your PalletLine account was changed')
      message.assertTextIncludes('payouts to your company are held until Jun 4, 2026, 11:30 AM EDT')
      return true
    })

    const hold = await client.get('/api/carrier/payout-hold').loginAs(carrier.user)
    hold.assertStatus(200)
    assert.deepEqual(hold.body().hold, {
      kind: 'phone',
      reason: holdReason('phone'),
      noticeSentTo: carrier.user.email,
      startsAt: DELIVERED_AT.toUTC().toISO(),
      endsAt: HOLD_ENDS.toUTC().toISO(),
    })

    // 48 hours after delivery the payout is released, but the transfer waits.
    clock.set(DELIVERED_AT.plus({ hours: 48 }))
    let summary = await runPayouts()
    assert.deepEqual(summary.released, [booking.id])
    assert.deepEqual(summary.held, [booking.id])
    assert.deepEqual(summary.paid, [])
    assert.lengthOf(await transfersOf(booking.id), 0)
    const held = await reload(booking.id)
    assert.equal(held.payoutStatus, 'released')
    assert.equal(
      held.payoutFailureReason,
      'Account phone number changed: payouts held for 72 hours'
    )
    const [row] = await db.from('bookings').where('id', booking.id).select('payout_attempts')
    assert.equal(Number(row.payout_attempts), 0) // waiting is not a failed attempt

    // Payout History shows why and until when; the admin's list shows it and the carrier.
    const history = await client.get('/api/carrier/payouts').loginAs(carrier.user)
    const entry = history.body().find((row: any) => row.id === booking.id)
    assert.equal(entry.payoutStatus, 'released')
    assert.equal(entry.payoutFailureReason, holdReason('phone'))
    const admin = await makeUser('admin')
    const attention = await client.get('/api/admin/payouts/attention').loginAs(admin)
    attention.assertStatus(200)
    const listed = attention.body().payouts.find((p: any) => p.bookingId === booking.id)
    assert.isTrue(listed.held)
    assert.equal(listed.reason, holdReason('phone'))
    assert.equal(listed.nextAttemptAt, HOLD_ENDS.toUTC().toISO())
    assert.deepEqual(
      attention.body().carrierHolds.map((h: any) => [h.carrierId, h.kind, h.endsAt]),
      [[carrier.carrier.id, 'phone', HOLD_ENDS.toUTC().toISO()]]
    )
    assert.equal(attention.body().carrierHolds[0].carrierCompany, carrier.carrier.companyName)

    // A second before the hold ends: still nothing; a completion does not jump the hold either.
    clock.set(HOLD_ENDS.minus({ seconds: 1 }))
    summary = await runPayouts()
    assert.deepEqual(summary.paid, [])
    assert.lengthOf(await transfersOf(booking.id), 0)

    clock.set(HOLD_ENDS)
    summary = await runPayouts()
    assert.deepEqual(summary.paid, [booking.id])
    const paid = await reload(booking.id)
    assert.equal(paid.payoutStatus, 'paid')
    assert.isNull(paid.payoutFailureReason)
    const [transfer] = await transfersOf(booking.id)
    assert.equal(transfer.account_id, carrier.accountId)
    assert.isNull((await client.get('/api/carrier/payout-hold').loginAs(carrier.user)).body().hold)
    assert.lengthOf(
      (await client.get('/api/admin/payouts/attention').loginAs(admin)).body().carrierHolds,
      0
    )
  })

  test('a new email: asked with the password, held once its link is followed, notice to the OLD address', async ({
    assert,
    client,
  }) => {
    const { booking, carrier, shipper } = await deliveredBooking()
    const oldEmail = carrier.user.email
    const change = (email: string, currentPassword: string) =>
      client
        .put('/api/account/email')
        .json({ email, currentPassword })
        .loginAs(carrier.user)
        .withCsrfToken()

    const wrong = await change('new-dispatch@haulers.test', 'not-my-password')
    wrong.assertStatus(422)
    assert.equal(wrong.body().errors[0].field, 'currentPassword')
    assert.equal(wrong.body().errors[0].message, 'Current password is incorrect')
    const taken = await change(shipper.email, 'secret123')
    taken.assertStatus(422)
    assert.equal(taken.body().errors[0].message, 'An account with this email already exists')
    const same = await change(oldEmail.toUpperCase(), 'secret123')
    same.assertStatus(422)
    assert.equal(same.body().errors[0].message, 'This is already your email address')
    const invalid = await change('not-an-email', 'secret123')
    invalid.assertStatus(422)
    assert.equal(invalid.body().errors[0].message, 'Invalid email address')
    assert.lengthOf(notices(fake), 0)
    assert.lengthOf(await db.from('payout_holds'), 0)
    assert.equal((await User.findOrFail(carrier.user.id)).email, oldEmail)

    // Asking holds nothing yet: the change waits for the link mailed to the new address
    // (docs/decisions/0167).
    const res = await change('New-Dispatch@Haulers.test', 'secret123')
    res.assertStatus(202)
    assert.equal(res.body().pending.email, 'new-dispatch@haulers.test')
    assert.lengthOf(notices(fake), 0)
    assert.lengthOf(await db.from('payout_holds'), 0)
    const [link] = fake.mails.sent((m) => m instanceof EmailChangeConfirmationMail)
    const token = /#token=([\w-]+)/.exec(String(link.message.toJSON().message.text))![1]
    const confirmed = await client
      .post('/api/account/email/confirm')
      .json({ token })
      .withCsrfToken()
    confirmed.assertStatus(200)
    assert.deepEqual(confirmed.body(), { email: 'new-dispatch@haulers.test' })

    assert.lengthOf(notices(fake), 1)
    fake.mails.assertSent(AccountChangeNoticeMail, ({ message }) => {
      message.assertTo(oldEmail)
      message.assertSubject('Your PalletLine email address was changed')
      message.assertTextIncludes('payouts to your company are held until')
      return true
    })
    const [hold] = await db.from('payout_holds')
    assert.equal(hold.kind, 'email')
    assert.equal(hold.notice_sent_to, oldEmail)

    // The shipper completes the booking: released at once, but held, not paid.
    const completed = await client
      .post(`/api/booking/${booking.id}/complete`)
      .loginAs(shipper)
      .withCsrfToken()
    completed.assertStatus(200)
    const after = await reload(booking.id)
    assert.equal(after.payoutStatus, 'released')
    assert.equal(after.payoutFailureReason, holdReason('email'))
    assert.lengthOf(await transfersOf(booking.id), 0)

    clock.set(HOLD_ENDS)
    assert.deepEqual((await runPayouts()).paid, [booking.id])

    // The old address no longer signs in; the new one does.
    const oldLogin = await client
      .post('/api/login')
      .json({ username: oldEmail, password: 'secret123' })
      .withCsrfToken()
    oldLogin.assertStatus(401)
    const newLogin = await client
      .post('/api/login')
      .json({ username: 'new-dispatch@haulers.test', password: 'secret123' })
      .withCsrfToken()
    newLogin.assertStatus(200)
  })

  test('a new payout account: with the password, onboarded again, held, then paid to the new account', async ({
    assert,
    client,
  }) => {
    const { booking, carrier } = await deliveredBooking()
    const replace = (currentPassword: string) =>
      client
        .post('/api/carrier/payout-account/replace')
        .json({ currentPassword })
        .loginAs(carrier.user)
        .withCsrfToken()

    const wrong = await replace('guess-guess')
    wrong.assertStatus(422)
    assert.equal(wrong.body().errors[0].message, 'Current password is incorrect')
    assert.lengthOf(await db.from('payout_holds'), 0)

    const res = await replace('secret123')
    res.assertStatus(200)
    assert.equal(res.body().payoutsHeldUntil, HOLD_ENDS.toUTC().toISO())
    const newAccount = new URL(res.body().url).pathname.split('/').pop()!
    assert.notEqual(newAccount, carrier.accountId)

    fake.mails.assertSent(AccountChangeNoticeMail, ({ message }) => {
      message.assertTo(carrier.user.email)
      message.assertSubject('Your PalletLine payout account was changed')
      return true
    })
    const status = await client.get('/api/carrier/stripe-status').loginAs(carrier.user)
    assert.deepEqual(status.body(), {
      connected: true,
      onboardingComplete: false,
      payoutsEnabled: false,
      payoutDestination: null,
    })

    clock.set(DELIVERED_AT.plus({ hours: 48 }))
    const summary = await runPayouts()
    assert.deepEqual(summary.held, [booking.id])
    assert.equal((await reload(booking.id)).payoutFailureReason, holdReason('payout_account'))

    // The hold ends before the new account is onboarded: it waits for the onboarding instead.
    clock.set(HOLD_ENDS)
    assert.deepEqual((await runPayouts()).paid, [])
    assert.equal((await reload(booking.id)).payoutFailureReason, ONBOARDING_HOLD_REASON)

    const payments = await app.container.make(CarrierPaymentsService)
    await payments.completeSandboxOnboarding(carrier.user.id, newAccount)
    const paid = await reload(booking.id)
    assert.equal(paid.payoutStatus, 'paid')
    const [transfer] = await transfersOf(booking.id)
    assert.equal(transfer.account_id, newAccount)
  })

  test('replacing needs a connected account first; onboarding it the first time holds nothing', async ({
    assert,
    client,
  }) => {
    const carrier = await makeCarrier({ connected: false })
    const res = await client
      .post('/api/carrier/payout-account/replace')
      .json({ currentPassword: 'secret123' })
      .loginAs(carrier.user)
      .withCsrfToken()
    res.assertStatus(409)
    assert.equal(res.body().message, 'Connect a payout account first')
    const onboard = await client
      .post('/api/carrier/stripe-onboard')
      .loginAs(carrier.user)
      .withCsrfToken()
    onboard.assertStatus(200)
    assert.lengthOf(await db.from('payout_holds'), 0)
    assert.lengthOf(notices(fake), 0)
  })

  test('shippers get the notice but have no payouts to hold; an unchanged phone sends nothing', async ({
    assert,
    client,
  }) => {
    const shipper = await makeUser('shipper', { firstName: 'Sam' })
    const same = await client
      .put('/api/account/profile')
      .json({ firstName: 'Samuel', lastName: 'Shipper', phone: '3125550100' })
      .loginAs(shipper)
      .withCsrfToken()
    same.assertStatus(200)
    assert.lengthOf(notices(fake), 0)

    const changed = await client
      .put('/api/account/profile')
      .json({ firstName: 'Samuel', lastName: 'Shipper', phone: null })
      .loginAs(shipper)
      .withCsrfToken()
    changed.assertStatus(200)
    assert.isNull(changed.body().phone)
    assert.lengthOf(notices(fake), 1)
    fake.mails.assertSent(AccountChangeNoticeMail, ({ message }) => {
      message.assertTo(shipper.email)
      message.assertTextIncludes('Hello Samuel,')
      assert.notInclude(message.toJSON().message.text as string, 'held until')
      return true
    })
    assert.lengthOf(await db.from('payout_holds'), 0)

    const carrierHold = await client.get('/api/carrier/payout-hold').loginAs(shipper)
    carrierHold.assertStatus(403)
  })
})
