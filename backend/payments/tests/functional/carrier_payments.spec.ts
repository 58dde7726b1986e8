import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { makeUser, eachTestInTransaction } from '#tests/helpers'
import { carrierOf, makeBooking, makeListing } from '#tests/factories'
import { splitPayout, toCents } from '#core/money'
import { bookingReference } from '#core/reference'

const STATUS = '/api/carrier/stripe-status'
const ONBOARD = '/api/carrier/stripe-onboard'
const PAYOUTS = '/api/carrier/payouts'
const complete = (accountId: string) => `/api/sandbox/onboarding/${accountId}/complete`

/** The account id at the end of a sandbox onboarding link's path. */
function accountOf(url: string) {
  const { pathname } = new URL(url)
  const match = /^\/sandbox\/onboarding\/([^/]+)$/.exec(pathname)
  if (!match) throw new Error(`Not a sandbox onboarding link: ${url}`)
  return decodeURIComponent(match[1])
}

test.group('Carrier payments: access', (group) => {
  eachTestInTransaction(group)

  test('signed out gets 401; shipper, admin and unapproved carrier get 403', async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const admin = await makeUser('admin')
    const pending = await makeUser('carrier', { isApproved: false })
    const calls = [
      { method: 'get', url: STATUS },
      { method: 'post', url: ONBOARD },
      { method: 'get', url: PAYOUTS },
      { method: 'post', url: complete('acct_sbx_x') },
      { method: 'get', url: '/sandbox/onboarding/acct_sbx_x' },
    ] as const

    for (const call of calls) {
      const anonymous =
        call.method === 'get'
          ? await client.get(call.url).header('accept', 'application/json')
          : await client.post(call.url).withCsrfToken()
      assert.equal(anonymous.status(), 401, `${call.method} ${call.url} signed out`)
      for (const user of [shipper, admin, pending]) {
        const res =
          call.method === 'get'
            ? await client.get(call.url).header('accept', 'application/json').loginAs(user)
            : await client.post(call.url).loginAs(user).withCsrfToken()
        assert.equal(res.status(), 403, `${call.method} ${call.url} as ${user.role}`)
      }
    }
    assert.equal(
      (await client.get(STATUS).loginAs(pending)).body().message,
      'Account pending approval'
    )
    const carrier = await carrierOf(pending)
    assert.isNull(carrier.stripeAccountId)
  })
})

test.group('Carrier payments: payout account', (group) => {
  eachTestInTransaction(group)

  test('not connected → connected → onboarding completed through the sandbox', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('carrier', { isApproved: true })

    const before = await client.get(STATUS).loginAs(user)
    before.assertStatus(200)
    before.assertBody({
      connected: false,
      onboardingComplete: false,
      payoutsEnabled: false,
      payoutDestination: null,
    })

    const first = await client.post(ONBOARD).loginAs(user).withCsrfToken()
    first.assertStatus(200)
    const url = new URL(first.body().url)
    const accountId = accountOf(first.body().url)
    assert.match(accountId, /^acct_/)
    assert.isTrue(url.searchParams.get('return_url')!.endsWith('/carrier#payments'))
    assert.isTrue(url.searchParams.get('refresh_url')!.endsWith('/carrier#payments'))
    let carrier = await carrierOf(user)
    assert.equal(carrier.stripeAccountId, accountId)
    assert.isFalse(carrier.stripeOnboardingCompleted)

    // Links stay on the origin the carrier is on: localhost is not 127.0.0.1 for its cookie.
    const fromLocalhost = await client
      .post(ONBOARD)
      .header('host', `localhost:${process.env.PORT}`)
      .loginAs(user)
      .withCsrfToken()
    fromLocalhost.assertStatus(200)
    const local = new URL(fromLocalhost.body().url)
    assert.equal(local.origin, `http://localhost:${process.env.PORT}`)
    assert.equal(local.pathname, `/sandbox/onboarding/${accountId}`)
    assert.equal(
      local.searchParams.get('return_url'),
      `http://localhost:${process.env.PORT}/carrier#payments`
    )

    // Onboarding again reuses the account (one per carrier) and gives a link to it.
    const again = await client.post(ONBOARD).loginAs(user).withCsrfToken()
    again.assertStatus(200)
    assert.equal(accountOf(again.body().url), accountId)
    const accounts = await db.from('sandbox_accounts').count('* as total')
    assert.equal(Number(accounts[0].total), 1)

    const connected = await client.get(STATUS).loginAs(user)
    connected.assertBody({
      connected: true,
      onboardingComplete: false,
      payoutsEnabled: false,
      payoutDestination: null,
    })

    // The sandbox's onboarding page is a form posting to the completion endpoint.
    const page = await client.get(`/sandbox/onboarding/${accountId}`).loginAs(user)
    page.assertStatus(200)
    assert.include(page.header('content-type'), 'text/html')
    assert.include(page.text(), `action="/api/sandbox/onboarding/${accountId}/complete"`)
    assert.include(page.text(), 'name="_csrf"')

    const done = await client.post(complete(accountId)).loginAs(user).withCsrfToken()
    done.assertStatus(200)
    // Payment Setup shows where payouts land: on the sandbox, its test bank (issue 32, item 10).
    const paidTo = { bankName: 'Sandbox Test Bank', last4: '6789' }
    done.assertBody({
      connected: true,
      onboardingComplete: true,
      payoutsEnabled: true,
      payoutDestination: paidTo,
    })

    const after = await client.get(STATUS).loginAs(user)
    after.assertBody({
      connected: true,
      onboardingComplete: true,
      payoutsEnabled: true,
      payoutDestination: paidTo,
    })
    carrier = await carrierOf(user)
    assert.isTrue(carrier.stripeOnboardingCompleted)
  })

  test("the sandbox page's form submission returns to Payment Setup", async ({
    client,
    assert,
  }) => {
    const user = await makeUser('carrier', { isApproved: true })
    const onboard = await client.post(ONBOARD).loginAs(user).withCsrfToken()
    const accountId = accountOf(onboard.body().url)
    const res = await client
      .post(complete(accountId))
      .form({})
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    res.assertStatus(303)
    assert.equal(res.header('location'), '/carrier#payments')
    const status = await client.get(STATUS).loginAs(user)
    assert.isTrue(status.body().onboardingComplete)
  })

  test("another carrier's account id is 404 on the sandbox page and completion", async ({
    client,
    assert,
  }) => {
    const owner = await makeUser('carrier', { isApproved: true })
    const other = await makeUser('carrier', { isApproved: true })
    const onboard = await client.post(ONBOARD).loginAs(owner).withCsrfToken()
    const accountId = accountOf(onboard.body().url)
    await client.post(ONBOARD).loginAs(other).withCsrfToken()

    const page = await client
      .get(`/sandbox/onboarding/${accountId}`)
      .header('accept', 'application/json')
      .loginAs(other)
    page.assertStatus(404)
    const res = await client.post(complete(accountId)).loginAs(other).withCsrfToken()
    res.assertStatus(404)
    res.assertBodyContains({ message: 'Payout account not found' })
    const unknown = await client.post(complete('acct_sbx_nope')).loginAs(owner).withCsrfToken()
    unknown.assertStatus(404)

    const status = await client.get(STATUS).loginAs(owner)
    status.assertBody({
      connected: true,
      onboardingComplete: false,
      payoutsEnabled: false,
      payoutDestination: null,
    })
    assert.isFalse((await carrierOf(owner)).stripeOnboardingCompleted)
    assert.isFalse((await carrierOf(other)).stripeOnboardingCompleted)
  })

  test('a carrier who never connected cannot complete anything', async ({ client }) => {
    const user = await makeUser('carrier', { isApproved: true })
    const res = await client.post(complete('acct_sbx_x')).loginAs(user).withCsrfToken()
    res.assertStatus(404)
  })
})

test.group('Carrier payments: payout history', (group) => {
  eachTestInTransaction(group)

  test("lists the carrier's own bookings newest first with the 91% payout", async ({
    client,
    assert,
  }) => {
    const shipper = await makeUser('shipper')
    const user = await makeUser('carrier', { isApproved: true })
    const rival = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(user)
    const released = DateTime.fromISO('2025-03-14T09:30:00Z')
    const older = await makeBooking(shipper, listing, {
      createdAt: DateTime.fromISO('2025-03-10T10:00:00Z'),
      status: 'delivered',
      paymentStatus: 'paid',
      payoutStatus: 'released',
      payoutReleasedAt: released,
    })
    const newer = await makeBooking(shipper, listing, {
      createdAt: DateTime.fromISO('2025-03-12T10:00:00Z'),
      paymentStatus: 'pending',
      pallets: 3,
    })
    const failed = await makeBooking(shipper, listing, {
      createdAt: DateTime.fromISO('2025-03-11T10:00:00Z'),
      payoutStatus: 'failed',
      payoutFailureReason: 'The bank account was closed',
    })
    await makeBooking(shipper, await makeListing(rival))

    const res = await client.get(PAYOUTS).loginAs(user)
    res.assertStatus(200)
    const body = res.body()
    assert.deepEqual(
      body.map((b: { id: number }) => b.id),
      [newer.id, failed.id, older.id]
    )
    const expected = (booking: typeof older) => {
      const totalCents = toCents(booking.totalAmount!)
      return {
        totalAmount: totalCents / 100,
        payoutAmount: splitPayout(totalCents).payoutCents / 100,
      }
    }
    assert.deepEqual(body[2], {
      id: older.id,
      kind: 'booking',
      reference: bookingReference(older.id),
      pickupAddress: listing.pickupAddress,
      deliveryAddress: listing.deliveryAddress,
      createdAt: '2025-03-10T10:00:00.000Z',
      ...expected(older),
      paymentStatus: 'paid',
      payoutStatus: 'released',
      payoutReleasedAt: '2025-03-14T09:30:00.000Z',
      payoutFailureReason: null,
      lateCancelFee: false,
      quickPayFeeCents: null,
      recoveryDeductions: [],
      quickPay: null,
    })
    assert.deepInclude(body[0], {
      paymentStatus: 'pending',
      payoutStatus: 'pending',
      payoutReleasedAt: null,
      ...expected(newer),
    })
    assert.deepInclude(body[1], {
      payoutStatus: 'failed',
      payoutFailureReason: 'The bank account was closed',
    })
    assert.isBelow(body[0].payoutAmount, body[0].totalAmount)
    // a pending payout carries its quick-pay quote: not before the booking is paid (0222)
    assert.deepInclude(body[0].quickPay, { available: false, reasonCode: 'not_paid' })

    const rivalView = await client.get(PAYOUTS).loginAs(rival)
    rivalView.assertStatus(200)
    assert.lengthOf(rivalView.body(), 1)
    assert.notInclude(
      rivalView.body().map((b: { id: number }) => b.id),
      older.id
    )
  })

  test('a carrier without bookings gets an empty list', async ({ client }) => {
    const user = await makeUser('carrier', { isApproved: true })
    const res = await client.get(PAYOUTS).loginAs(user)
    res.assertStatus(200)
    res.assertBody([])
  })
})
