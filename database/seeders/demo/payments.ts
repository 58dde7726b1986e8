/*
 * The demo's money, moved the way the product moves it: carriers connect payout accounts
 * through the carrier payments service, shippers pay with the sandbox's test card through the
 * payment service, and the payout service's scheduled run releases and transfers payouts.
 */
import { randomBytes } from 'node:crypto'
import type { DateTime } from 'luxon'
import payments from '#plugins/payments/services/main'
import { drivers, type SandboxDelivery } from '#plugins/payments/main'
import type PaymentEventsService from '#payments/services/payment_events_service'
import { businessYear } from '#core/business_time'
import type { Timeline } from './timeline.js'
import type { DemoServices, DemoState } from './context.js'
import { carrierSignedUpAt } from './accounts.js'
import { APPROVED_CARRIERS } from './people.js'

/** Stripe's test card that always succeeds. */
const SUCCESS_CARD = '4242 4242 4242 4242'

/** Where the provider would send the carrier back after onboarding; the demo follows no link. */
const APP_ORIGIN = 'http://localhost:3333'

/**
 * The sandbox driver for seeding. It normally posts its signed events to the app's webhook
 * endpoint, but no server runs while the seeder does: this one hands each event straight to
 * the webhook handler, signature check included. A delivery that fails fails the seeding
 * (the sandbox itself would only log it). Call `restore()` when done.
 */
export async function sandboxWithoutServer(events: PaymentEventsService) {
  const failures: string[] = []
  const deliver = async ({ payload, headers }: SandboxDelivery) => {
    try {
      const outcome = await events.handleWebhook(payload, headers['stripe-signature'])
      if (!outcome.ok) failures.push(outcome.message)
      // The sandbox's own records contradicted its event (docs/decisions/0159): not applied.
      else if (outcome.ignored) failures.push('the provider contradicted its own event')
    } catch (error) {
      failures.push((error as Error).message)
    }
  }
  const driver = await drivers.sandbox({
    webhookSecret: `whsec_demo_${randomBytes(16).toString('hex')}`,
    deliver,
  })()
  payments.swap(driver)
  return {
    /** Throws when an event since the last check was not applied. */
    check() {
      if (failures.length === 0) return
      throw new Error(`payment webhook not applied: ${failures.splice(0).join('; ')}`)
    },
    restore: () => payments.restore(),
  }
}

export type SeedingSandbox = Awaited<ReturnType<typeof sandboxWithoutServer>>

/**
 * Each approved carrier connects its payout account two days after signing up; those whose
 * plan says so finish the provider's onboarding (the rest have their payouts held).
 */
export function planPayoutAccounts(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  sandbox: SeedingSandbox
) {
  for (const [index, carrier] of APPROVED_CARRIERS.entries()) {
    const connectedAt = carrierSignedUpAt(t, index).plus({ days: 2 })
    t.at(connectedAt, `${carrier.email} connects a payout account`, async () => {
      const userId = state.userId(carrier.email)
      await services.carrierPayments.onboard(userId, carrier.email, APP_ORIGIN)
      if (carrier.payoutAccount !== 'onboarded') return
      const account = await services.carrierProfiles.findPaymentAccount(userId)
      await services.carrierPayments.completeSandboxOnboarding(userId, account!.stripeAccountId!)
      sandbox.check()
    })
  }
}

/**
 * The sandbox card form, as the shipper's browser fills it in, for any intent (a booking's or
 * a load's); the sandbox delivers the provider's webhook before it answers.
 */
export async function payByCard(
  t: Timeline,
  services: DemoServices,
  sandbox: SeedingSandbox,
  clientSecret: string
) {
  const confirmed = await services.payments.confirmSandboxCard({
    clientSecret,
    cardNumber: SUCCESS_CARD,
    expMonth: 12,
    expYear: businessYear(t.clock) + 3,
    cvc: '123',
  })
  if (confirmed.status !== 200) throw new Error(`card refused: ${JSON.stringify(confirmed.body)}`)
  sandbox.check()
}

/** The shipper pays booking `index` by card; the provider's webhook books it. */
export async function payBooking(
  t: Timeline,
  services: DemoServices,
  state: DemoState,
  sandbox: SeedingSandbox,
  index: number,
  shipperId: number
) {
  const booking = state.booking(index)
  const intent = await services.payments.createIntent(booking.id, booking.totalAmount!)
  await payByCard(t, services, sandbox, intent.clientSecret)
  const paid = await services.bookings.findFor({ id: shipperId, role: 'shipper' }, booking.id)
  if (paid.status !== 'booked') throw new Error(`paid booking is ${paid.status}, not booked`)
  state.addBooking(index, paid)
}

/** The scheduled payout run (every five minutes in production) at `at`. */
export function planPayoutRun(
  t: Timeline,
  services: DemoServices,
  sandbox: SeedingSandbox,
  at: DateTime
) {
  t.at(at, 'the payout run', async () => {
    await services.payouts.run()
    sandbox.check()
  })
}

/** The scheduled payment-deadline run (every minute in production) at `at`, for one booking. */
export function planDeadlineRun(
  t: Timeline,
  services: DemoServices,
  at: DateTime,
  bookingId: () => number
) {
  t.at(at, 'the payment deadline run', async () => {
    const { cancelled } = await services.deadlines.expireUnpaid()
    if (!cancelled.includes(bookingId())) throw new Error('the unpaid booking was not cancelled')
  })
}
