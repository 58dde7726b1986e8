import { test } from '@japa/runner'
import {
  ROLE_AREAS,
  ROUTE_AREAS,
  areaOf,
  isMemberRole,
  memberMay,
  memberRefusal,
  routeKey,
} from '#accounts/member_roles'

test.group('The company role matrix (#accounts/member_roles)', () => {
  test('owners may call every route, classified or not', ({ assert }) => {
    assert.isTrue(memberMay('carrier', 'owner', 'POST', '/api/carrier/payout-account/replace'))
    assert.isTrue(memberMay('shipper', 'owner', 'GET', '/api/not/classified'))
  })

  test('the issue’s roles: driver, dispatcher, accounts, planner', ({ assert }) => {
    const may = (kind: 'carrier' | 'shipper', role: string, key: string) => {
      const [method, pattern] = key.split(' ')
      return memberMay(kind, role, method, pattern)
    }
    // A driver: bookings and expedited jobs, status, positions, proof of delivery; no money,
    // trucks, listings or team.
    assert.isTrue(may('carrier', 'driver', 'GET /api/carrier/bookings'))
    assert.isTrue(may('carrier', 'driver', 'PUT /api/bookings/:id/status'))
    assert.isTrue(may('carrier', 'driver', 'POST /api/expedited-jobs/:id/position'))
    assert.isTrue(may('carrier', 'driver', 'POST /api/tms/shipments/:id/documents'))
    for (const key of [
      'GET /api/carrier/payouts',
      'GET /api/trucks',
      'POST /api/listings',
      'GET /api/company',
      'POST /api/freight-listings/:id/claim',
    ]) {
      assert.isFalse(may('carrier', 'driver', key), key)
    }
    // A dispatcher: trucks, listings, the board, holds, claims, bookings, status; no payouts,
    // payout account or team.
    for (const key of [
      'POST /api/trucks',
      'POST /api/freight-listings/:id/hold',
      'PUT /api/bookings/:id/status',
    ]) {
      assert.isTrue(may('carrier', 'dispatcher', key), key)
    }
    for (const key of [
      'GET /api/carrier/payouts',
      'GET /api/carrier/stripe-status',
      'POST /api/company/invites',
    ]) {
      assert.isFalse(may('carrier', 'dispatcher', key), key)
    }
    // Carrier accounts: invoices, payouts, the payout account read; only the owner changes it.
    assert.isTrue(may('carrier', 'accounts', 'GET /api/carrier/payouts'))
    assert.isTrue(may('carrier', 'accounts', 'GET /api/carrier/stripe-status'))
    assert.isFalse(may('carrier', 'accounts', 'POST /api/carrier/payout-account/replace'))
    assert.isFalse(may('carrier', 'accounts', 'PUT /api/bookings/:id/status'))
    // A planner: post loads, book, pay, bookings. Shipper accounts: invoices, payments read.
    for (const key of [
      'POST /api/freight-listings',
      'POST /api/bookings',
      'POST /api/create-payment-intent',
      'GET /api/bookings',
    ]) {
      assert.isTrue(may('shipper', 'planner', key), key)
    }
    assert.isTrue(may('shipper', 'accounts', 'GET /api/shipper/invoices'))
    assert.isTrue(may('shipper', 'accounts', 'GET /api/tms/escrow'))
    assert.isFalse(may('shipper', 'accounts', 'POST /api/bookings'))
    assert.isFalse(may('shipper', 'planner', 'POST /api/company/invites'))
  })

  test('a route both kinds use may sit in a different area for each; a HEAD is its GET', ({
    assert,
  }) => {
    assert.equal(areaOf('carrier', 'POST', '/api/bookings/:id/detention'), 'charges')
    assert.equal(areaOf('shipper', 'POST', '/api/bookings/:id/detention'), 'loads')
    assert.equal(routeKey('HEAD', '/api/bookings'), 'GET /api/bookings')
    assert.isNull(areaOf('carrier', 'GET', '/api/not/classified'))
    assert.isFalse(memberMay('carrier', 'dispatcher', 'GET', '/api/not/classified'))
  })

  test('every role has the self area; roles belong to their kind; the refusal names the role', ({
    assert,
  }) => {
    for (const roles of [ROLE_AREAS.carrier, ROLE_AREAS.shipper]) {
      for (const areas of Object.values(roles)) assert.include(areas, 'self')
    }
    assert.isTrue(isMemberRole('carrier', 'driver'))
    assert.isFalse(isMemberRole('shipper', 'driver'))
    assert.isFalse(isMemberRole('carrier', 'planner'))
    assert.equal(memberRefusal('driver'), 'Your company role (driver) does not allow this')
    assert.isAbove(Object.keys(ROUTE_AREAS).length, 100)
  })
})
