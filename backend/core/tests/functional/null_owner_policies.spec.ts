import { test } from '@japa/runner'
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { Bouncer } from '@adonisjs/bouncer'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import ts from 'typescript'
import User from '#accounts/models/user'
import Carrier from '#fleet/models/carrier'
import Booking from '#marketplace/models/booking'
import Document from '#tms/models/document'
import AlertRule from '#tms/models/alert_rule'
import ExternalQuote from '#tms/models/external_quote'
import AdvancedInvoice from '#finance/models/advanced_invoice'
import FreightListingInvite from '#freight_board/models/freight_listing_invite'
import Appointment from '#logistics/models/appointment'
import DrayageMoveService from '#logistics/services/drayage_move_service'
import { BasePolicy } from '#core/policies/base_policy'
import type { AuthorizeOptions } from '#core/middleware/authorize_middleware'
import { hashInviteToken } from '#freight_board/services/freight_invite_service'
import { makeTerminal } from '#logistics/tests/drayage_fixtures'
import { makeExpeditedJob } from '#logistics/tests/expedited_helpers'
import { businessDayFromToday, makeUser, resetDatabase } from '#tests/helpers'
import { idFor, ownedRecords } from '#tests/walker_world'
import { carrierOf, makeBooking, makeFreightListing, makeListing } from '#tests/factories'

/**
 * A policy never matches on a missing owner (docs/decisions/0161): a record whose owner column is
 * null (a job no carrier took, an invoice without its shipper) and an actor whose owner lookup is
 * null (a carrier user with no company) are nobody's. Two checks, both generated rather than
 * listed, so a new policy or ability is covered without editing this file:
 *
 * - the source of every file in backend/<module>/policies compares ids only through
 *   `BasePolicy.owns`, never with `===`;
 * - every ability a route authorizes with is called, through Bouncer as the routes call it, on
 *   records whose owners are null, as actors who own nothing; each must deny.
 */

type Who = 'carrierWithoutCompany' | 'carrierWithCompany' | 'otherShipper'

/** Who a route lets in on purpose whatever the record's owner, and why. */
const LET_IN: Record<string, Partial<Record<Who, string>>> = {
  'POST /api/freight-listings/:id/hold': {
    carrierWithCompany: 'any approved carrier holds an open load on the board',
  },
  'DELETE /api/freight-listings/:id/hold': {
    carrierWithCompany: 'any approved carrier releases a hold (the service checks whose)',
  },
  'POST /api/freight-listings/:id/claim': {
    carrierWithCompany: 'any approved carrier claims an open load on the board',
  },
  'POST /api/drayage/moves/:id/accept': {
    carrierWithCompany: 'any DRAY carrier may accept an open move (the service lets one win)',
  },
  'GET /api/listings/:id/carrier-profile': {
    otherShipper: 'every shipper reads the Carrier Details of a listing on offer',
  },
}

/** Abilities of policy files that no route authorizes with, and why (none today). */
const UNROUTED: Record<string, string> = {}

type RouteInfo = { method: string; pattern: string; policy: AuthorizeOptions }

function policyRoutes(): RouteInfo[] {
  return Object.values(router.toJSON())
    .flat()
    .flatMap((route) => {
      const named = [...route.middleware.all()] as { name?: string; args?: any }[]
      const policy = named.find((m) => m.name === 'authorize')?.args as AuthorizeOptions
      if (!policy) return []
      return route.methods
        .filter((method) => method !== 'HEAD')
        .map((method) => ({ method, pattern: route.pattern, policy }))
    })
}

const nameOf = (route: { method: string; pattern: string }) => `${route.method} ${route.pattern}`

/** Every policy file of every module, parsed. */
async function policySources() {
  const root = app.makePath('backend')
  const files = (await readdir(root, { recursive: true }))
    .filter((file) => /^[a-z_]+\/policies\/[a-z_]+\.ts$/.test(file))
    // BasePolicy's own `owns` is the one comparison allowed.
    .filter((file) => file !== 'core/policies/base_policy.ts')
    .sort()
  return Promise.all(
    files.map(async (file) => {
      const text = await readFile(join(root, file), 'utf8')
      return {
        file: `backend/${file}`,
        source: ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true),
      }
    })
  )
}

const EQUALITY = new Set([
  ts.SyntaxKind.EqualsEqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsEqualsToken,
  ts.SyntaxKind.EqualsEqualsToken,
  ts.SyntaxKind.ExclamationEqualsToken,
])

/** An id-like name: `id`, `userId`, `carrierId`, `accountId`, `stripeAccountId`. */
const ID_NAME = /^id$|Ids?$/

function mentionsId(node: ts.Node): boolean {
  if (ts.isTypeOfExpression(node)) return false
  if (ts.isIdentifier(node)) return ID_NAME.test(node.text)
  if (ts.isPropertyAccessExpression(node)) return ID_NAME.test(node.name.text)
  let found = false
  node.forEachChild((child) => {
    found ||= mentionsId(child)
  })
  return found
}

const isMissing = (node: ts.Node) =>
  node.kind === ts.SyntaxKind.NullKeyword || (ts.isIdentifier(node) && node.text === 'undefined')

/** `a === b` comparisons of ids in a policy's source, other than with null or undefined. */
function idComparisons(file: string, source: ts.SourceFile): string[] {
  const found: string[] = []
  const visit = (node: ts.Node) => {
    if (ts.isBinaryExpression(node) && EQUALITY.has(node.operatorToken.kind)) {
      const sides = [node.left, node.right]
      if (!sides.some(isMissing) && sides.some(mentionsId)) {
        const { line } = source.getLineAndCharacterOfPosition(node.getStart())
        found.push(`${file}:${line + 1} ${node.getText()}`)
      }
    }
    node.forEachChild(visit)
  }
  visit(source)
  return found
}

/** The public methods of each class that extends BasePolicy: its abilities. */
function abilitiesOf(source: ts.SourceFile): string[] {
  const found: string[] = []
  for (const statement of source.statements) {
    if (!ts.isClassDeclaration(statement) || !statement.name) continue
    const heritage = statement.heritageClauses?.flatMap((c) => c.types.map((t) => t.getText()))
    if (!heritage?.includes('BasePolicy')) continue
    for (const member of statement.members) {
      if (!ts.isMethodDeclaration(member) || !ts.isIdentifier(member.name)) continue
      const hidden = member.modifiers?.some(
        (m) => m.kind === ts.SyntaxKind.PrivateKeyword || m.kind === ts.SyntaxKind.ProtectedKeyword
      )
      if (!hidden) found.push(`${statement.name.text}.${member.name.text}`)
    }
  }
  return found
}

class OwnsProbe extends BasePolicy {
  check(owner: number | string | null | undefined, actor: number | string | null | undefined) {
    return this.owns(owner, actor)
  }
}

test.group('Policies compare owners through BasePolicy.owns', () => {
  test('owns: a missing owner on either side matches nothing', ({ assert }) => {
    const probe = new OwnsProbe()
    assert.isFalse(probe.check(null, null))
    assert.isFalse(probe.check(undefined, undefined))
    assert.isFalse(probe.check(null, undefined))
    assert.isFalse(probe.check('', ''))
    assert.isFalse(probe.check(7, null))
    assert.isFalse(probe.check(null, 7))
    assert.isFalse(probe.check(7, 8))
    assert.isFalse(probe.check(7, '7'))
    assert.isTrue(probe.check(7, 7))
    assert.isTrue(probe.check('acct_1', 'acct_1'))
  })

  test('no policy file compares ids with === or !==', async ({ assert }) => {
    const sources = await policySources()
    assert.isAtLeast(sources.length, 15)
    const found = sources.flatMap(({ file, source }) => idComparisons(file, source))
    assert.deepEqual(found, [], 'compare owners with this.owns(ownerId, actorOwnerId)')
  })
})

/**
 * A shipper's records whose other owner is null: a booking without its carrier company and its
 * document, an invoice with neither party, an open load, an open drayage move with a window,
 * requested expedited jobs, a quote and an alert rule of nobody. `param` names each route's
 * record; null when it knows none (the test fails).
 */
async function nullOwnersWorld() {
  const shipper = await makeUser('shipper')
  const carrier = await makeUser('carrier', { isApproved: true })
  const listing = await makeListing(carrier)
  const booking = await makeBooking(shipper, listing, { status: 'pending' })
  await Booking.query().where('id', booking.id).update({ carrierId: null })
  const document = await Document.create({
    bookingId: booking.id,
    shipperId: null,
    carrierId: null,
    type: 'POD',
    url: `bookings/${booking.id}/pod-null-owner.pdf`,
  })
  const invoice = await AdvancedInvoice.create({
    shipmentId: booking.id,
    shipperId: null,
    carrierId: null,
    currency: 'USD',
    amount: 100,
    items: [],
    status: 'ISSUED',
    kind: 'CARRIER',
    flagged: true,
    createdAt: DateTime.now(),
  })
  const quote = await ExternalQuote.create({
    provider: 'ltl_partner',
    requestHash: 'e'.repeat(64),
    userId: null,
    carrierKey: 'lakeshore',
    serviceLevel: 'STANDARD',
    partnerQuoteId: 'LFL-0000000000000001',
    validUntil: DateTime.now().plus({ days: 1 }),
    response: {},
    baseTotal: 100,
    totalWithSurcharge: 110,
  })
  const alertRule = await AlertRule.create({
    userId: shipper.id,
    name: 'owner',
    shipmentFilter: { scope: 'all' },
    triggers: ['exception'],
    channels: ['in_app'],
  })
  const load = await makeFreightListing(shipper)
  const inviteToken = 'null-owner-invite-token'
  await FreightListingInvite.create({
    listingId: load.id,
    invitedCarrierId: (await carrierOf(carrier)).id,
    token: hashInviteToken(inviteToken),
    expiresAt: DateTime.now().plus({ hours: 2 }),
  })
  const terminal = await makeTerminal()
  const drayage = await app.container.make(DrayageMoveService)
  const move = await drayage.create(shipper.id, {
    containerNo: 'CSQU3054383',
    terminalCode: terminal.code,
    availableOn: businessDayFromToday(0),
    deliveryAddress: '2400 E Artesia Blvd, Long Beach, CA 90805',
  })
  const appointment = await Appointment.create({
    drayageMoveId: move.id,
    kind: 'RETURN',
    windowStart: DateTime.now().plus({ days: 2 }),
    windowEnd: DateTime.now().plus({ days: 2, hours: 2 }),
    status: 'REQUESTED',
    confirmationNumber: null,
  })
  const requestedJob = await makeExpeditedJob(shipper)
  const token = await User.accessTokens.create(shipper, ['*'], {
    name: 'owner',
    expiresIn: '1 day',
  })

  // A team, a claim, an offer and a message whose owners (the shipper's company, the booking's
  // parties, the offering carrier) are none of the actors: each must be refused to them.
  const now = new Date()
  if (!(await db.from('companies').where('account_user_id', shipper.id).first())) {
    await db.table('companies').insert({
      kind: 'shipper',
      name: 'Null Owner Co',
      account_user_id: shipper.id,
      created_at: now,
    })
  }
  const company = await db.from('companies').where('account_user_id', shipper.id).first()
  const teammate = await makeUser('shipper')
  await db.from('company_members').where('user_id', teammate.id).delete()
  await db
    .table('company_members')
    .insert({ company_id: company.id, user_id: teammate.id, role: 'planner', joined_at: now })
  const member = await db.from('company_members').where('user_id', teammate.id).first()
  await db.table('company_invites').insert({
    company_id: company.id,
    email: 'invitee@null-owner.test',
    role: 'planner',
    token_hash: 'f'.repeat(64),
    expires_at: DateTime.now().plus({ days: 1 }).toJSDate(),
    invited_by: shipper.id,
    created_at: now,
  })
  const invite = await db.from('company_invites').where('token_hash', 'f'.repeat(64)).first()
  const carrierRow = await carrierOf(carrier)
  await db.table('cargo_claims').insert({
    booking_id: booking.id,
    shipper_id: shipper.id,
    carrier_id: carrierRow.id,
    type: 'damage',
    amount_cents: 1000,
    description: 'Crushed pallet',
    status: 'filed',
    delivered_on: businessDayFromToday(0),
    respond_by: businessDayFromToday(20),
    filed_at: now,
    created_at: now,
    updated_at: now,
  })
  const claim = await db.from('cargo_claims').where('booking_id', booking.id).first()
  await db.table('freight_offers').insert({
    listing_id: load.id,
    carrier_id: carrierRow.id,
    carrier_user_id: carrier.id,
    amount_cents: 50_000,
    last_by: 'carrier',
    expires_at: DateTime.now().plus({ hours: 2 }).toJSDate(),
    created_at: now,
    updated_at: now,
  })
  const offer = await db.from('freight_offers').where('listing_id', load.id).first()
  await db.table('booking_messages').insert({
    booking_id: booking.id,
    author_user_id: shipper.id,
    author_side: 'shipper',
    body: 'Dock door 4',
    created_at: now,
  })
  const message = await db.from('booking_messages').where('booking_id', booking.id).first()

  // What each user owns alone: a notification of the shipper's (the column is not null), which
  // no other actor may mark (decision 0241), a saved lane, a saved search and a load template.
  const owned = await ownedRecords(shipper.id, carrier.id)

  const param = (pattern: string, name: string): string | number | null => {
    if (name === 'accountId') return 'acct_null_owner'
    if (name === 'token') return inviteToken
    if (name === 'userId' || name === 'carrierId') return shipper.id
    if (name === 'code') return 'LIFTGATE'
    if (name === 'bookingId') return booking.id
    if (name === 'tokenId') return token.identifier as number
    if (name === 'jobId') return requestedJob.id
    // A request for a second admin: the admin policy reads no record, so any id.
    if (name === 'requestId') return 1
    // A charge on the booking: its policy reads the booking (:id), whose carrier is null.
    if (name === 'chargeId') return 1
    if (name === 'offerId') return offer.id
    if (name === 'messageId') return message.id
    // A claim's evidence file: its policy reads the claim (:id), the file is read after it.
    if (name === 'fileId') return 1
    if (name !== 'id') return null
    return idFor(pattern, {
      ...owned,
      member: member.id,
      companyInvite: invite.id,
      claim: claim.id,
      freightListing: load.id,
      truck: listing.truckId,
      listing: listing.id,
      token: token.identifier as number,
      booking: booking.id,
      alertRule: alertRule.id,
      quote: quote.id,
      document: document.id,
      // The review policy reads no record before its role check: any id.
      review: 1,
      invoice: invoice.id,
      move: move.id,
      appointment: appointment.id,
      terminal: terminal.id,
      expeditedJob: requestedJob.id,
    })
  }
  const bodies: Record<string, Record<string, unknown>> = {
    'POST /api/create-payment-intent': { bookingId: booking.id },
    // An intent no payment or load funding knows: its shipper lookup is null.
    'POST /api/sandbox/payments/confirm': { clientSecret: 'pi_null_owner_secret_x' },
  }
  return { param, bodies }
}

test.group('Null owners match no one, in every policy', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(60_000)

  test('every ability a route authorizes with is reached by some route', async ({ assert }) => {
    const routed = new Set<string>()
    for (const route of policyRoutes()) {
      const { default: Policy } = await route.policy.policy()
      routed.add(`${Policy.name}.${route.policy.action}`)
    }
    const abilities = (await policySources()).flatMap(({ source }) => abilitiesOf(source))
    assert.isAtLeast(abilities.length, 30)
    const unrouted = abilities.filter((name) => !routed.has(name) && !(name in UNROUTED))
    assert.deepEqual(unrouted, [], 'abilities no route calls: route them or list them in UNROUTED')
  })

  test('records with a null owner, as actors whose owner lookup is null or another', async ({
    assert,
  }) => {
    const world = await nullOwnersWorld()
    const withoutCompany = await makeUser('carrier', { isApproved: true })
    await Carrier.query().where('userId', withoutCompany.id).delete()
    const actors: Record<Who, User> = {
      carrierWithoutCompany: withoutCompany,
      carrierWithCompany: await makeUser('carrier', { isApproved: true }),
      otherShipper: await makeUser('shipper'),
    }
    const resolver = app.container.createResolver()
    const routes = policyRoutes()
    assert.isAbove(routes.length, 40)
    const problems: string[] = []
    for (const route of routes) {
      const params: Record<string, string> = {}
      for (const [, name] of route.pattern.matchAll(/:(\w+)/g)) {
        const value = world.param(route.pattern, name)
        if (value === null) problems.push(`${nameOf(route)}: no null-owner record for :${name}`)
        else params[name] = String(value)
      }
      const target = { params, body: world.bodies[nameOf(route)] ?? {} }
      for (const [who, user] of Object.entries(actors) as [Who, User][]) {
        if (LET_IN[nameOf(route)]?.[who]) continue
        const bouncer = new Bouncer(user).setContainerResolver(resolver)
        const authorizer = bouncer.with(route.policy.policy as any) as any
        if (await authorizer.allows(route.policy.action, target)) {
          problems.push(`${nameOf(route)} (${route.policy.action}) lets ${who} in`)
        }
      }
    }
    assert.deepEqual(problems, [])
  })
})
