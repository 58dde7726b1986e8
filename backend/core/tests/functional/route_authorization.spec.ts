import { test } from '@japa/runner'
import router from '@adonisjs/core/services/router'
import db from '@adonisjs/lucid/services/db'
import { createHash } from 'node:crypto'
import User from '#accounts/models/user'
import Carrier from '#fleet/models/carrier'
import { makeUser, resetDatabase } from '#tests/helpers'
import { makeBooking, makeListing } from '#tests/factories'

type RouteInfo = { methods: string[]; pattern: string; middleware: { name?: string; args?: any }[] }

/** Every route the router serves, with the named middleware it runs. */
function routes(): RouteInfo[] {
  return Object.values(router.toJSON())
    .flat()
    .map((route: any) => ({
      methods: route.methods.filter((m: string) => m !== 'HEAD'),
      pattern: route.pattern,
      middleware: [...route.middleware.all()].map((m: any) => ({ name: m.name, args: m.args })),
    }))
}

const guardOf = (route: RouteInfo) =>
  route.middleware.find((m) => m.name === 'authorize' || m.name === 'scope')

const takesId = (route: RouteInfo) => route.pattern.includes('/:')

/**
 * Routes that name a record in the body rather than the path; each must be guarded like an id
 * route. A new one belongs here.
 */
const BODY_ID_ROUTES = [
  'POST /api/create-payment-intent',
  'POST /api/listings',
  'POST /api/bookings',
]

test.group('Authorization is a layer: every id route has a policy', () => {
  test('an id route without a policy or a declared scope fails this test', async ({ assert }) => {
    const all = routes()
    assert.isAbove(all.length, 30)
    const unguarded = all
      .filter(
        (r) => takesId(r) || r.methods.some((m) => BODY_ID_ROUTES.includes(`${m} ${r.pattern}`))
      )
      .filter((r) => !guardOf(r))
      .map((r) => `${r.methods.join('|')} ${r.pattern}`)
    assert.deepEqual(
      unguarded,
      [],
      'id routes with neither middleware.authorize nor middleware.scope'
    )
    for (const name of BODY_ID_ROUTES) {
      const [method, pattern] = name.split(' ')
      assert.isTrue(
        all.some((r) => r.pattern === pattern && r.methods.includes(method)),
        `${name} is listed as a body-id route but is not served`
      )
    }
  })

  test('a declared scope says why no policy is needed', async ({ assert }) => {
    for (const route of routes()) {
      const scope = route.middleware.find((m) => m.name === 'scope')
      if (!scope) continue
      assert.include(['public', 'shared', 'self'], scope.args?.kind, route.pattern)
      assert.isAbove(String(scope.args?.reason ?? '').length, 20, route.pattern)
    }
  })
})

/** A fingerprint of every table a refused request must leave alone. */
async function fingerprint() {
  const tables = [
    'users',
    'carriers',
    'trucks',
    'listings',
    'bookings',
    'booking_status_changes',
    'payments',
    'ledger_entries',
    'identity_reveal_log',
    'auth_access_tokens',
    'sandbox_accounts',
    'sandbox_payments',
    'invoices',
  ]
  const hash = createHash('sha256')
  for (const table of tables) {
    hash.update(JSON.stringify(await db.from(table).orderBy('id').select('*')))
  }
  return hash.digest('hex')
}

test.group('Foreign identities are refused on every id route', (group) => {
  group.each.setup(() => resetDatabase())
  group.each.timeout(120_000)

  test('another shipper, another carrier, a pending carrier, anonymous and an admin where not allowed', async ({
    client,
    assert,
  }) => {
    // One owner's world: a shipper's booking on a carrier's truck and listing, a payout account
    // and an API token, and a carrier awaiting approval.
    const shipper = await makeUser('shipper')
    const carrierUser = await makeUser('carrier', { isApproved: true })
    const listing = await makeListing(carrierUser)
    const booking = await makeBooking(shipper, listing, {
      status: 'pending',
      paymentStatus: 'pending',
    })
    await Carrier.query()
      .where('userId', carrierUser.id)
      .update({ stripeAccountId: 'acct_owner_1' })
    const token = await User.accessTokens.create(shipper, ['*'], {
      name: 'owner',
      expiresIn: '1 day',
    })
    const pending = await makeUser('carrier', { isApproved: false })

    const identities = {
      otherShipper: await makeUser('shipper'),
      otherCarrier: await makeUser('carrier', { isApproved: true }),
      pendingCarrier: pending,
      admin: await makeUser('admin'),
      anonymous: null,
    }

    // What each path parameter stands for, by route; a route with a parameter this cannot fill
    // fails the test until someone says what it means here.
    const paramValue = (pattern: string, param: string): string | null => {
      if (param === 'accountId') return 'acct_owner_1'
      if (param === 'userId') return String(pattern.includes('/tokens/') ? shipper.id : pending.id)
      if (param === 'tokenId') return String(token.identifier)
      if (param === 'bookingId') return String(booking.id)
      if (param !== 'id') return null
      if (pattern.startsWith('/api/trucks/')) return String(listing.truckId)
      if (pattern.startsWith('/api/listings/')) return String(listing.id)
      if (pattern.startsWith('/api/account/tokens/')) return String(token.identifier)
      if (/^\/api\/(admin\/)?bookings?\//.test(pattern)) return String(booking.id)
      return null
    }
    const bodies: Record<string, Record<string, unknown>> = {
      'POST /api/create-payment-intent': { bookingId: booking.id, amount: 1 },
      'POST /api/listings': { truckId: listing.truckId },
      'POST /api/bookings': { listingId: listing.id },
    }
    // Who the route lets in on purpose (the owner's side is not in the matrix).
    const allowed = (pattern: string, who: keyof typeof identities) =>
      (who === 'admin' && (pattern.startsWith('/api/admin/') || pattern.endsWith('/history'))) ||
      // Every shipper reads the anonymous profile behind a search result and books any listing.
      (who === 'otherShipper' &&
        (pattern === '/api/listings/:id/carrier-profile' || pattern === '/api/bookings')) ||
      // Another carrier lists capacity on its own truck: the body's truck is checked in the service.
      (who === 'otherCarrier' && pattern === '/api/listings')

    // Public routes (the API reference's files) are anyone's by design.
    const isPublic = (r: RouteInfo) =>
      r.middleware.some((m) => m.name === 'scope' && m.args?.kind === 'public')
    const targets = routes().filter(
      (r) => !isPublic(r) && (takesId(r) || r.methods.some((m) => `${m} ${r.pattern}` in bodies))
    )
    assert.isAbove(targets.length, 15)
    const before = await fingerprint()
    const problems: string[] = []
    for (const route of targets) {
      for (const method of route.methods) {
        let url = route.pattern
        for (const [, param] of route.pattern.matchAll(/:(\w+)/g)) {
          const value = paramValue(route.pattern, param)
          if (value === null) {
            problems.push(`${method} ${route.pattern}: no value for :${param} in this test`)
            continue
          }
          url = url.replace(`:${param}`, value)
        }
        for (const [who, user] of Object.entries(identities) as [
          keyof typeof identities,
          User | null,
        ][]) {
          if (allowed(route.pattern, who)) continue
          let request = client
            .request(url, method)
            .header('accept', 'application/json')
            .json(bodies[`${method} ${route.pattern}`] ?? {})
          if (method !== 'GET') request = request.withCsrfToken()
          if (user) request = request.loginAs(user)
          const res = await request
          const expected = user === null ? [401] : [403, 404]
          if (!expected.includes(res.status())) {
            problems.push(
              `${method} ${url} as ${who}: ${res.status()} ${JSON.stringify(res.body())}`
            )
          }
        }
      }
    }
    assert.deepEqual(problems, [])
    assert.equal(await fingerprint(), before, 'a refused request changed the database')
  })
})
