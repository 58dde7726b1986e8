import ExternalQuote from '#tms/models/external_quote'
import { unsubscribeToken } from '#notifications/services/unsubscribe_tokens'
import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import { Bouncer } from '@adonisjs/bouncer'
import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import Document from '#tms/models/document'
import User from '#accounts/models/user'
import PaymentService from '#payments/services/payment_service'
import CarrierPaymentsService from '#payments/services/carrier_payments_service'
import { BasePolicy } from '#core/policies/base_policy'
import type { AuthorizeOptions } from '#core/middleware/authorize_middleware'
import type { ScopeOptions } from '#core/middleware/scope_middleware'
import { businessDayFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { idFor, ownedRecords } from '#tests/walker_world'
import { carrierOf, makeBooking, makeFreightListing, makeListing } from '#tests/factories'
import FreightListingInvite from '#freight_board/models/freight_listing_invite'
import FreightOffer from '#freight_board/models/freight_offer'
import AlertRule from '#tms/models/alert_rule'
import Review from '#reviews/models/review'
import { financeMatrixBodies, financeMatrixRecords } from '#finance/tests/matrix_records'
import { candidateHandle, hashInviteToken } from '#freight_board/services/freight_invite_service'
import { SUCCESS_CARD } from '#payments/tests/payout_fixtures'
import Appointment from '#logistics/models/appointment'
import DrayageMoveService from '#logistics/services/drayage_move_service'
import { makeTerminal } from '#logistics/tests/drayage_fixtures'
import { makeExpeditedJob } from '#logistics/tests/expedited_helpers'
import { makeMember } from '#accounts/tests/companies'
import CompanyInvite from '#accounts/models/company_invite'
import { hashInviteToken as hashCompanyInviteToken } from '#accounts/services/company_service'

type RouteInfo = {
  method: string
  pattern: string
  policy?: AuthorizeOptions
  scope?: ScopeOptions
}

/** Every method and pattern the router serves, with the route's authorize or scope declaration. */
function routes(): RouteInfo[] {
  return Object.values(router.toJSON())
    .flat()
    .flatMap((route) => {
      const named = [...route.middleware.all()] as { name?: string; args?: any }[]
      const policy = named.find((m) => m.name === 'authorize')?.args
      const scope = named.find((m) => m.name === 'scope')?.args
      return route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, pattern: route.pattern, policy, scope }))
    })
}

const nameOf = (route: { method: string; pattern: string }) => `${route.method} ${route.pattern}`
const paramsOf = (pattern: string) => [...pattern.matchAll(/:(\w+)/g)].map((m) => m[1])

/**
 * Ids that arrive in a request body or query string rather than the path, by the source file and
 * field that read them, with the routes they reach. Those routes are guarded like id routes and
 * walked by the matrix. The test finds every such field in the backend's source (`<x>Id`,
 * `<x>Ids`, `clientSecret` in a VineJS schema), so a new one fails until it is listed here.
 */
const BODY_IDS: Record<string, string[]> = {
  'backend/accounts/validators/account.ts userId': ['POST /api/admin/tokens'],
  // a driver member, looked up among the acting company's own members only (decision 0237)
  'backend/accounts/validators/company.ts memberId': [
    'PUT /api/bookings/:id/driver',
    'PUT /api/expedited-jobs/:id/driver',
  ],
  'backend/admin/controllers/access_tokens_controller.ts userId': ['GET /api/admin/tokens'],
  'backend/finance/validators/finance.ts documentId': ['POST /api/bookings/:id/accessorials'],
  'backend/admin/validators/operator.ts viewerId': ['GET /api/admin/reveals'],
  'backend/fleet/validators/listing.ts truckId': ['POST /api/listings'],
  'backend/freight_board/validators/freight_listing.ts candidateId': [
    'POST /api/freight-listings/:id/invites',
  ],
  'backend/marketplace/validators/booking.ts listingId': ['POST /api/bookings'],
  'backend/messages/validators/message.ts upToMessageId': ['POST /api/bookings/:id/messages/read'],
  'backend/payments/validators/payment.ts bookingId': ['POST /api/create-payment-intent'],
  'backend/payments/validators/payment.ts clientSecret': ['POST /api/sandbox/payments/confirm'],
  'backend/payments/validators/claim.ts carrierId': ['GET /api/admin/claims'],
  // the booking's own photos, looked up under the path's booking (decision 0243)
  'backend/tms/validators/stop_events.ts photoIds': ['POST /api/bookings/:id/stop-events'],
}
const BODY_ID_ROUTES = new Set(Object.values(BODY_IDS).flat())

/** Routes that name a record: a `:param` in the path, or an id in the body (BODY_IDS). */
const namesRecord = (route: RouteInfo) =>
  paramsOf(route.pattern).length > 0 || BODY_ID_ROUTES.has(nameOf(route))

async function bodyIdFieldsInSource(): Promise<string[]> {
  const root = app.makePath('backend')
  const files = (await readdir(root, { recursive: true })).filter(
    (file) => file.endsWith('.ts') && !file.split('/').includes('tests')
  )
  const found: string[] = []
  for (const file of files) {
    const source = await readFile(join(root, file), 'utf8')
    for (const [, field] of source.matchAll(/\b(\w*(?:Id|Ids)|clientSecret)\s*:\s*vine\b/g)) {
      found.push(`backend/${file} ${field}`)
    }
  }
  return [...new Set(found)].sort()
}

test.group('Authorization is a layer: every id route has a policy', () => {
  test('an id route with neither middleware.authorize nor middleware.scope fails', async ({
    assert,
  }) => {
    const all = routes()
    assert.isAbove(all.length, 30)
    const unguarded = all
      .filter((route) => namesRecord(route) && !route.policy && !route.scope)
      .map(nameOf)
    assert.deepEqual(unguarded, [], 'id routes with no policy and no declared scope')
    const served = new Set(all.map(nameOf))
    for (const name of BODY_ID_ROUTES) assert.isTrue(served.has(name), `${name} is not served`)
  })

  test('every id field read from a body or query string is listed with its routes', async ({
    assert,
  }) => {
    assert.deepEqual(
      await bodyIdFieldsInSource(),
      Object.keys(BODY_IDS).sort(),
      'BODY_IDS in this test must name every id field a validator reads, and no other'
    )
  })

  test('each route’s policy extends BasePolicy and has the action it names', async ({ assert }) => {
    const guarded = routes().filter((route) => route.policy)
    assert.isAbove(guarded.length, 15)
    for (const route of guarded) {
      const { default: Policy } = await route.policy!.policy()
      assert.isTrue(Policy.prototype instanceof BasePolicy, `${nameOf(route)}: not a BasePolicy`)
      assert.isFunction(
        (Policy.prototype as any)[route.policy!.action],
        `${nameOf(route)}: ${Policy.name} has no action "${route.policy!.action}"`
      )
    }
  })

  test('a declared scope says which kind and why no policy is needed', async ({ assert }) => {
    for (const route of routes().filter((r) => r.scope)) {
      assert.include(['public', 'shared', 'self'], route.scope!.kind, nameOf(route))
      assert.isAbove(route.scope!.reason.length, 20, nameOf(route))
      assert.isUndefined(route.policy, `${nameOf(route)} declares both a policy and a scope`)
    }
  })
})

type Who = 'otherShipper' | 'otherCarrier' | 'pendingCarrier' | 'admin' | 'anonymous'

/** Whom an id route lets in on purpose, and why: the matrix does not call it as them. */
const LET_IN: Record<string, Partial<Record<Who, string>>> = {
  'GET /api/bookings/:id/history': { admin: 'admins read any booking’s status timeline' },
  'GET /api/listings/:id/carrier-profile': {
    otherShipper: 'every shipper reads the Carrier Details of a listing on offer',
  },
  'POST /api/bookings': { otherShipper: 'every shipper books any active listing' },
  'GET /api/tms/documents/:id/download': { admin: 'admins read any booking’s documents' },
  'GET /api/tms/shipments/:id': { admin: 'admins follow any shipment' },
  'GET /api/tms/shipments/:id/events': { admin: 'admins follow any shipment' },
  'POST /api/drayage/moves/:id/accept': {
    otherCarrier: 'any DRAY carrier may accept an open move (the service lets one win)',
  },
  'POST /api/notifications/unsubscribe/:token': Object.fromEntries(
    (['otherShipper', 'otherCarrier', 'pendingCarrier', 'admin', 'anonymous'] as const).map(
      (who) => [
        who,
        'a mailed unsubscribe link: the signed token is the credential (decision 0242)',
      ]
    )
  ),
  ...Object.fromEntries(
    ['GET /api/invites/:token', 'POST /api/invites/:token/accept'].map((name) => [
      name,
      Object.fromEntries(
        (['otherShipper', 'otherCarrier', 'pendingCarrier', 'admin', 'anonymous'] as const).map(
          (who) => [who, 'a company invite link: the token is the credential (decision 0223)']
        )
      ),
    ])
  ),
}

/** Refusals other than 401, 403 or 404, and why. */
const OTHER_REFUSALS: Record<string, Partial<Record<Who, number>>> = {
  // A truck that is not the carrier's own is not among the form's choices: the form's 422
  // "Please select a truck", the answer to a missing truck too.
  'POST /api/listings': { otherCarrier: 422 },
  // The world's cargo claim names its booking, so an admin may read the thread (decision
  // 0252); the booking is unpaid, so there is no thread yet: the service's 409, nothing read.
  'GET /api/bookings/:id/messages': { admin: 409 },
  'GET /api/bookings/:id/messages/:messageId/attachment': { admin: 409 },
}

/** Id routes the matrix builds no record for, and why. */
const NO_RECORD: Record<string, string> = {
  'GET /api/docs/assets/:file': 'public: the API reference page’s own static files',
  'POST /api/tms/feeds/:provider': 'public: a partner’s signed push, named by provider',
}

/** A fingerprint of every table's rows, apart from the sessions the requests sign in with. */
async function fingerprint() {
  const connection = db.connection()
  const isPg = connection.dialect.name === 'postgres'
  const tables = (await connection.getAllTables(isPg ? ['public'] : undefined))
    .filter((t) => !t.startsWith('adonis_schema') && t !== 'sqlite_sequence' && t !== 'sessions')
    .sort()
  ensure(tables.includes('bookings') && tables.length > 30, `tables: ${tables.join(', ')}`)
  const hash = createHash('sha256')
  for (const table of tables) {
    const rows = (await connection.from(table).select('*')).map((row) => JSON.stringify(row))
    hash.update(`${table}:${rows.sort().join('\n')}\n`)
  }
  return hash.digest('hex')
}

function ensure(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

/**
 * One owner's world: a shipper's unpaid booking with its payment intent, on an approved
 * carrier's truck and listing; the carrier's payout account; the shipper's API token; the
 * shipper's open freight-board load with an invite for the carrier; and a carrier waiting for approval.
 */
async function ownersWorld() {
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrier)
  const booking = await makeBooking(shipper, listing, {
    status: 'pending',
    paymentStatus: 'pending',
  })
  const payments = await app.container.make(PaymentService)
  const intent = await payments.createIntent(booking.id, booking.totalAmount!)
  const carrierPayments = await app.container.make(CarrierPaymentsService)
  const { url } = await carrierPayments.onboard(carrier.id, carrier.email, 'http://127.0.0.1')
  const accountId = new URL(url).pathname.split('/').pop()!
  const token = await User.accessTokens.create(shipper, ['*'], {
    name: 'owner',
    expiresIn: '1 day',
  })
  const pending = await makeUser('carrier', { isApproved: false })
  // A proof of delivery on the booking (the row is enough: a refused download never reads it).
  const document = await Document.create({
    bookingId: booking.id,
    shipperId: shipper.id,
    carrierId: listing.carrierId,
    type: 'POD',
    url: `bookings/${booking.id}/pod-matrix.pdf`,
  })
  const alertRule = await AlertRule.create({
    userId: shipper.id,
    name: 'owner',
    shipmentFilter: { scope: 'all' },
    triggers: ['exception'],
    channels: ['in_app'],
  })
  // The shipper's partner quote from the TMS comparison, bookable for a day.
  const quote = await ExternalQuote.create({
    provider: 'ltl_partner',
    requestHash: 'f'.repeat(64),
    userId: shipper.id,
    carrierKey: 'lakeshore',
    serviceLevel: 'STANDARD',
    partnerQuoteId: 'LFL-0000000000000000',
    validUntil: DateTime.now().plus({ days: 1 }),
    response: {},
    baseTotal: 100,
    totalWithSurcharge: 110,
  })
  // The carrier's review of the booking, for the admins' moderation routes.
  const review = await Review.create({
    bookingId: booking.id,
    authorRole: 'carrier',
    authorUserId: carrier.id,
    shipperId: shipper.id,
    carrierId: listing.carrierId,
    loadingTime: 4,
    descriptionAccuracy: 4,
    payment: 4,
    comment: 'Matrix review',
    windowClosesAt: DateTime.now().plus({ days: 14 }),
    createdAt: DateTime.now(),
    updatedAt: DateTime.now(),
  })
  // The carrier's issued invoice for the booking, with a charge it added, for finance's routes.
  const { invoice, charge } = await financeMatrixRecords(booking)
  const freightListing = await makeFreightListing(shipper)
  // The invite keeps the load to the owner carrier for 2 hours, so every other carrier's hold,
  // release and claim is a 404 (decision 0068) rather than a race it may win.
  const inviteToken = 'matrix-invite-token'
  await FreightListingInvite.create({
    listingId: freightListing.id,
    invitedCarrierId: (await carrierOf(carrier)).id,
    token: hashInviteToken(inviteToken),
    expiresAt: DateTime.now().plus({ hours: 2 }),
  })
  // The owner carrier's pending offer on that load, which takes offers (decision 0234).
  await db.from('freight_listings').where('id', freightListing.id).update({ allow_offers: true })
  const offer = await FreightOffer.create({
    listingId: freightListing.id,
    carrierId: (await carrierOf(carrier)).id,
    carrierUserId: carrier.id,
    amountCents: 80_000,
    note: null,
    lastBy: 'carrier',
    carrierCounters: 0,
    shipperCounters: 0,
    status: 'PENDING',
    closedReason: null,
    bookingId: null,
    expiresAt: DateTime.now().plus({ hours: 12 }),
    createdAt: DateTime.now(),
    updatedAt: DateTime.now(),
  })

  // The shipper's drayage move, accepted by the carrier, with a requested terminal window.
  const terminal = await makeTerminal()
  const drayage = await app.container.make(DrayageMoveService)
  const move = await drayage.create(shipper.id, {
    containerNo: 'CSQU3054383',
    terminalCode: terminal.code,
    availableOn: businessDayFromToday(0),
    deliveryAddress: '2400 E Artesia Blvd, Long Beach, CA 90805',
  })
  await drayage.accept(carrier.id, move.id)
  const appointment = await Appointment.create({
    drayageMoveId: move.id,
    kind: 'RETURN',
    windowStart: DateTime.now().plus({ days: 2 }),
    windowEnd: DateTime.now().plus({ days: 2, hours: 2 }),
    status: 'REQUESTED',
    confirmationNumber: null,
  })

  // The shipper's expedited jobs: one requested and offered to the owner carrier alone (the
  // other carrier has no truck), one the owner carrier accepted.
  const expeditedOffer = await makeExpeditedJob(shipper)
  const expeditedRun = await makeExpeditedJob(shipper, {
    status: 'ACCEPTED',
    carrierId: listing.carrierId,
    acceptedAt: DateTime.now(),
  })

  // An action on an admin account waiting for a second admin (decision 0212).
  const asker = await makeUser('admin')
  const [actionRequest] = await db
    .table('admin_user_action_requests')
    .insert({
      action: 'revoke-sessions',
      target_user_id: (await makeUser('admin')).id,
      requested_by: asker.id,
      reason: 'Matrix request reason',
      status: 'pending',
      created_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })
    .returning('id')
  const actionRequestId = Number((actionRequest as any)?.id ?? actionRequest)

  // A message on the booking's thread (the row is enough: a refused request never reads it).
  const [messageRow] = await db
    .table('booking_messages')
    .insert({
      booking_id: booking.id,
      author_user_id: shipper.id,
      author_side: 'shipper',
      body: 'Matrix message',
      created_at: DateTime.now().toFormat(db.connection().dialect.dateTimeFormat),
    })
    .returning('id')
  const messageId = Number((messageRow as any)?.id ?? messageRow)

  // The shipper's company: a planner and a waiting invite (decision 0223).
  const planner = await makeMember(shipper, 'planner')
  const companyInviteToken = 'matrix-company-invite-token'
  const companyInvite = await CompanyInvite.create({
    companyId: planner.companyId,
    email: 'matrix-invitee@example.test',
    role: 'planner',
    tokenHash: hashCompanyInviteToken(companyInviteToken),
    expiresAt: DateTime.now().plus({ days: 7 }),
    usedAt: null,
    usedBy: null,
    invitedBy: shipper.id,
  })
  // The shipper's cargo claim on the booking against the carrier (decision 0233): the row is
  // enough, a refused step never reads the booking's state.
  const claimStamp = DateTime.now().toFormat(db.connection().dialect.dateTimeFormat)
  const [claimRow] = await db
    .table('cargo_claims')
    .insert({
      booking_id: booking.id,
      shipper_id: shipper.id,
      carrier_id: listing.carrierId,
      type: 'damage',
      amount_cents: 10_000,
      description: 'Matrix claim: two pallets crushed',
      status: 'escalated',
      payout_held: false,
      delivered_on: businessDayFromToday(0),
      respond_by: businessDayFromToday(30),
      filed_at: claimStamp,
      created_at: claimStamp,
      updated_at: claimStamp,
    })
    .returning('id')
  const claimId = Number((claimRow as any)?.id ?? claimRow)

  // What each user owns alone: a notification and a saved search of the shipper's, a saved lane
  // of the carrier's, a load template of the shipper's (decisions 0239, 0241, 0248).
  const owned = await ownedRecords(shipper.id, carrier.id)

  /** What a path parameter stands for; null when the matrix does not know (the test fails). */
  const pendingCarrierId = (await carrierOf(pending)).id
  const param = (pattern: string, name: string): number | string | null => {
    if (name === 'accountId') return accountId
    if (name === 'token') {
      if (pattern.startsWith('/api/notifications/')) return unsubscribeToken(shipper.id, 'booking')
      return pattern.startsWith('/api/invites/') ? companyInviteToken : inviteToken
    }
    if (name === 'bookingId') return booking.id
    if (name === 'tokenId') return token.identifier as number
    if (name === 'userId') return pattern.includes('/tokens/') ? shipper.id : pending.id
    if (name === 'carrierId') return pendingCarrierId
    if (name === 'chargeId') return charge.id
    if (name === 'jobId') return expeditedRun.id
    if (name === 'code') return 'LIFTGATE'
    if (name === 'requestId') return actionRequestId
    if (name === 'messageId') return messageId
    // A claim's evidence file: its policy reads the claim (:id), a refused request no file.
    if (name === 'fileId') return 1
    if (name === 'offerId') return offer.id
    if (name !== 'id') return null
    if (pattern === '/api/expedited-jobs/:id/accept') return expeditedOffer.id
    return idFor(pattern, {
      ...owned,
      member: planner.memberId,
      companyInvite: companyInvite.id,
      claim: claimId,
      freightListing: freightListing.id,
      truck: listing.truckId,
      listing: listing.id,
      token: token.identifier as number,
      booking: booking.id,
      alertRule: alertRule.id,
      quote: quote.id,
      document: document.id,
      review: review.id,
      invoice: invoice.id,
      move: move.id,
      appointment: appointment.id,
      terminal: terminal.id,
      expeditedJob: expeditedRun.id,
    })
  }

  // Bodies that would succeed if nothing refused them, so a missing check shows as a change.
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/bookings/:id/messages': { body: 'Matrix hello' },
    'POST /api/bookings/:id/messages/read': { upToMessageId: messageId },
    'PATCH /api/bookings/:id/messages/:messageId': { body: 'Matrix edit' },
    'PUT /api/trucks/:id': {
      make: 'Volvo',
      model: 'VNL',
      year: 2020,
      licensePlate: 'MATRIX-1',
      capacity: 10,
    },
    'PUT /api/listings/:id/status': { status: 'expired' },
    'PATCH /api/company/members/:id': { role: 'accounts' },
    'PUT /api/bookings/:id/status': { status: 'confirmed' },
    'PUT /api/admin/users/:userId/approve': { isApproved: true },
    ...Object.fromEntries(
      [
        'suspend',
        'reinstate',
        'reset-two-factor',
        'revoke-sessions',
        'revoke-tokens',
        'unlock',
        'force-password-reset',
      ].map((action) => [
        `POST /api/admin/users/:userId/${action}`,
        { reason: 'Matrix action reason' },
      ])
    ),
    'POST /api/admin/users/:userId/email': {
      email: 'matrix-new@example.test',
      reason: 'Matrix action reason',
    },
    'POST /api/admin/tokens': { userId: shipper.id, name: 'matrix' },
    'POST /api/listings': {
      truckId: listing.truckId,
      pickupAddress: 'Chicago, IL',
      deliveryAddress: 'Detroit, MI 48201',
      ratePerMilePerPallet: 2,
      maxPallets: 2,
      availableDate: businessDayFromToday(1),
    },
    'POST /api/bookings': { listingId: listing.id },
    'POST /api/bookings/:id/reviews': {
      onTime: 5,
      communication: 5,
      careOfFreight: 5,
      comment: 'Matrix',
    },
    'PUT /api/bookings/:id/reviews/mine': {
      loadingTime: 5,
      descriptionAccuracy: 5,
      payment: 5,
      comment: 'Matrix',
    },
    'POST /api/admin/carriers/:carrierId/suspend': { reason: 'Suspended in the matrix' },
    'POST /api/admin/carriers/:carrierId/reinstate': { reason: 'Reinstated in the matrix' },
    'POST /api/admin/reviews/:id/hide': { reason: 'Abusive words in the matrix' },
    ...financeMatrixBodies(document.id),
    'POST /api/admin/reviews/:id/restore': { reason: 'Restored in the matrix' },
    'POST /api/tms/quotes/:id/book': { pickup_date: businessDayFromToday(1) },
    'POST /api/freight-listings/:id/invites': {
      candidateId: candidateHandle(shipper.id, listing.carrierId),
    },
    'POST /api/expedited-jobs/:id/position': { lat: 41.6, lng: -87.3 },
    'POST /api/freight-listings/:id/offers': { amount_cents: 70_000, expires_in_hours: 2 },
    'POST /api/freight-offers/:offerId/counter': { amount_cents: 85_000, expires_in_hours: 2 },
    'PUT /api/freight-listings/:id/offer-terms': { allow_offers: false },
    'POST /api/create-payment-intent': { bookingId: booking.id, amount: booking.totalAmount },
    'POST /api/bookings/:id/claims': {
      type: 'damage',
      amountCents: 5_000,
      description: 'Matrix claim filed by someone else',
    },
    'POST /api/claims/:id/response': { action: 'decline', reason: 'Matrix decline reasons' },
    'POST /api/claims/:id/escalate': { reason: 'Matrix escalation reason' },
    'POST /api/admin/claims/:id/decision': { amountCents: 1_000, reason: 'Matrix decision reason' },
    'POST /api/drayage/moves/:id/appointments': {
      kind: 'PICKUP',
      windowStart: DateTime.now().plus({ hours: 2 }).toISO(),
      windowEnd: DateTime.now().plus({ hours: 4 }).toISO(),
    },
    'POST /api/drayage/appointments/:id/status': { status: 'CONFIRMED' },
    'PUT /api/admin/terminals/:id': {
      code: 'LBCT',
      name: 'Changed in the matrix',
      address: '1171 Pier F Ave, Long Beach, CA 90802',
      kind: 'PORT',
    },
    'POST /api/sandbox/payments/confirm': {
      clientSecret: intent.clientSecret,
      cardNumber: SUCCESS_CARD,
      expMonth: 12,
      expYear: Number(businessDayFromToday(0).slice(0, 4)) + 2,
      cvc: '123',
    },
  }

  return { shipper, carrier, pending, param, bodies }
}

test.group('Foreign identities are refused on every id route', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(60_000)

  test('another shipper, another carrier, a pending carrier, anonymous, and an admin', async ({
    client,
    assert: check,
  }) => {
    const world = await ownersWorld()
    const identities: Record<Who, User | null> = {
      otherShipper: await makeUser('shipper'),
      otherCarrier: await makeUser('carrier', { isApproved: true }),
      pendingCarrier: world.pending,
      admin: await makeUser('admin'),
      anonymous: null,
    }
    const all = routes()
    const served = new Set(all.map(nameOf))
    for (const name of [...Object.keys(LET_IN), ...Object.keys(OTHER_REFUSALS)]) {
      check.isTrue(served.has(name), `${name} is listed here but not served`)
    }
    for (const name of Object.keys(NO_RECORD)) {
      check.isTrue(served.has(name), `${name} is listed here but not served`)
    }

    const targets = all.filter((route) => namesRecord(route) && !(nameOf(route) in NO_RECORD))
    check.isAbove(targets.length, 20)
    const problems: string[] = []
    const calls: { route: RouteInfo; url: string; params: Record<string, string> }[] = []
    for (const route of targets) {
      const params: Record<string, string> = {}
      for (const name of paramsOf(route.pattern)) {
        const value = world.param(route.pattern, name)
        if (value === null) problems.push(`${nameOf(route)}: no record for :${name} (NO_RECORD?)`)
        else params[name] = String(value)
      }
      const url = route.pattern.replace(/:(\w+)/g, (_, name) => params[name] ?? '0')
      calls.push({ route, url, params })
    }

    // The ids point at real records someone may use: each policy lets one of the owners in.
    const resolver = app.container.createResolver()
    for (const { route, params } of calls) {
      if (!route.policy) continue
      const target = { params, body: world.bodies[nameOf(route)] ?? {} }
      let anyoneAllowed = false
      for (const owner of [world.shipper, world.carrier, identities.admin!]) {
        const bouncer = new Bouncer(owner).setContainerResolver(resolver)
        const authorizer = bouncer.with(route.policy.policy as any) as any
        if (await authorizer.allows(route.policy.action, target)) anyoneAllowed = true
      }
      if (!anyoneAllowed) problems.push(`${nameOf(route)}: its policy lets no owner in either`)
    }

    const before = await fingerprint()
    for (const { route, url } of calls) {
      const isAdminRoute = route.pattern.startsWith('/api/admin/')
      for (const [who, user] of Object.entries(identities) as [Who, User | null][]) {
        if (LET_IN[nameOf(route)]?.[who] || (who === 'admin' && isAdminRoute)) continue
        let request = client
          .request(url, route.method as any)
          .header('accept', 'application/json')
          .json(world.bodies[nameOf(route)] ?? {})
        if (route.method !== 'GET') request = request.withCsrfToken()
        if (user) request = request.loginAs(user)
        const res = await request
        const other = OTHER_REFUSALS[nameOf(route)]?.[who]
        const expected = other ? [other] : user === null ? [401] : [403, 404]
        if (!expected.includes(res.status())) {
          problems.push(`${route.method} ${url} as ${who}: ${res.status()} ${res.text()}`)
        }
      }
    }
    check.deepEqual(problems, [])
    check.equal(await fingerprint(), before, 'a refused request changed the database')
  })
})
