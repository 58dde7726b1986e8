/**
 * The company role matrix, written once (issue 35, docs/decisions/0223). A member of a shipper
 * or carrier company signs in with a login of their own and acts as the company's account user
 * (`#accounts/services/cached_user_provider`); what each member role may call is said here, per
 * route of the router (method and pattern), grouped by area. Owners may call everything. A
 * route a member's role lacks is a 403 naming the role (`#core/middleware/auth_middleware`),
 * and so is a route this file does not classify: `backend/accounts/tests/functional/
 * member_roles.spec.ts` walks `router.toJSON()` and fails on a signed-in route missing here.
 */

import {
  MEMBER_ROLES,
  ROLE_AREAS,
  type Area,
  type CarrierRole,
  type CompanyKind,
  type MemberRole,
  type ShipperRole,
} from '../../contract/member_areas.js'

export { MEMBER_ROLES, ROLE_AREAS }
export type { Area, CarrierRole, CompanyKind, MemberRole, ShipperRole }

/** An area, or several where members of either may use the route (the document bundle). */
type Areas = Area | readonly Area[]
type Classified = Areas | { carrier?: Areas; shipper?: Areas }

/**
 * Every route a shipper's or carrier's login may reach, by `METHOD /pattern`. A route both
 * kinds use may sit in a different area for each.
 */
export const ROUTE_AREAS: Record<string, Classified> = {
  // accounts: the login's own (the person who signed in, not the company)
  'POST /api/logout': 'self',
  'GET /api/user': 'self',
  'PUT /api/account/password': 'self',
  'GET /api/account/standing': 'self',
  'PUT /api/account/profile': 'self',
  'GET /api/account/email': 'self',
  'PUT /api/account/email': 'self',
  'POST /api/account/email/resend': 'self',
  'DELETE /api/account/email/pending': 'self',
  'GET /api/account/two-factor': 'self',
  'POST /api/account/two-factor/setup': 'self',
  'POST /api/account/two-factor/confirm': 'self',
  'POST /api/account/two-factor/recovery-codes': 'self',
  'POST /api/account/two-factor/disable': 'self',
  'GET /api/account/tokens': 'self',
  'POST /api/account/tokens': 'self',
  'DELETE /api/account/tokens/:id': 'self',
  // accounts: the company
  'GET /api/company': 'team',
  'GET /api/company/invites': 'team',
  'POST /api/company/invites': 'team',
  'DELETE /api/company/invites/:id': 'team',
  'PATCH /api/company/members/:id': 'team',
  'DELETE /api/company/members/:id': 'team',
  // driver assignment (decision 0237): owners and dispatchers assign, drivers read their work
  'GET /api/company/drivers': 'assign',
  'PUT /api/bookings/:id/driver': 'assign',
  'PUT /api/expedited-jobs/:id/driver': 'assign',
  'PUT /api/drayage/moves/:id/driver': 'assign',
  'GET /api/driver/work': 'bookings',
  // fleet
  'GET /api/carrier/profile': 'fleet',
  'PUT /api/carrier/profile': 'fleet',
  'GET /api/trucks': 'fleet',
  'POST /api/trucks': 'fleet',
  'PUT /api/trucks/:id': 'fleet',
  'DELETE /api/trucks/:id': 'fleet',
  'GET /api/carrier/me/listings': 'fleet',
  'POST /api/listings': 'fleet',
  'PUT /api/listings/:id/status': 'fleet',
  // marketplace
  'GET /api/carrier/bookings': 'bookings',
  'PUT /api/bookings/:id/status': 'status',
  'GET /api/carrier/dashboard': 'dashboard',
  'GET /api/carrier/invoices': 'money',
  'GET /api/shipper/invoices': 'money',
  'GET /api/bookings/:id/history': 'bookings',
  'POST /api/listings/search': 'loads',
  'GET /api/listings/:id/carrier-profile': 'loads',
  'POST /api/bookings': 'loads',
  'POST /api/booking/:id/complete': 'loads',
  'POST /api/bookings/:id/cancel': 'loads',
  'GET /api/bookings/:id/cancellation': 'loads',
  'GET /api/shipper/dashboard-metrics': 'bookings',
  'GET /api/bookings': 'bookings',
  'GET /api/bookings/:id': 'bookings',
  // payments
  'GET /api/payments/config': 'reference',
  'POST /api/create-payment-intent': 'pay',
  'POST /api/sandbox/payments/confirm': 'pay',
  'GET /api/carrier/stripe-status': 'payoutAccountRead',
  'POST /api/carrier/stripe-onboard': 'payoutAccountChange',
  'GET /api/carrier/payouts': 'money',
  'GET /api/carrier/payout-hold': 'payoutAccountRead',
  'GET /api/carrier/bookings/:id/quick-pay': 'money',
  'POST /api/carrier/bookings/:id/quick-pay': 'money',
  // payments: cargo claims (decision 0233), a money matter for both sides: the shipper's refund
  // or recovery, the carrier's held payout
  'POST /api/bookings/:id/claims': 'money',
  'GET /api/claims': 'money',
  'GET /api/claims/:id': 'money',
  'POST /api/claims/:id/response': 'money',
  'POST /api/claims/:id/accept': 'money',
  'POST /api/claims/:id/escalate': 'money',
  'POST /api/claims/:id/files': 'money',
  'GET /api/claims/:id/files/:fileId': 'money',
  'POST /api/carrier/payout-account/replace': 'payoutAccountChange',
  'POST /api/sandbox/onboarding/:accountId/complete': 'payoutAccountChange',
  'GET /sandbox/onboarding/:accountId': 'payoutAccountChange',
  // freight_board
  'POST /api/freight-listings/recommend': 'loads',
  'POST /api/freight-listings': 'loads',
  'GET /api/shipper/freight-listings': 'loads',
  'POST /api/freight-listings/:id/cancel': 'loads',
  'POST /api/freight-listings/:id/fund': 'pay',
  'POST /api/freight-listings/:id/invites': 'loads',
  'GET /api/shipper/freight-listings/:id/invite-candidates': 'loads',
  'GET /api/freight-listings': 'board',
  'POST /api/freight-listings/:id/hold': 'board',
  'DELETE /api/freight-listings/:id/hold': 'board',
  'POST /api/freight-listings/:id/claim': 'board',
  'POST /api/freight-listings/invites/:token/accept': 'board',
  'GET /api/freight-listings/:id/audits': { carrier: 'board', shipper: 'loads' },
  // offers on posted loads (docs/decisions/0234): the shipper's terms and answers are its loads',
  // the carrier's offers and answers its board's
  'PUT /api/freight-listings/:id/offer-terms': 'loads',
  'POST /api/freight-listings/:id/offers': 'board',
  'GET /api/carrier/freight-offers': 'board',
  'POST /api/freight-offers/:offerId/withdraw': 'board',
  'GET /api/freight-listings/:id/offers': { carrier: 'board', shipper: 'loads' },
  'POST /api/freight-offers/:offerId/counter': { carrier: 'board', shipper: 'loads' },
  'POST /api/freight-offers/:offerId/accept': { carrier: 'board', shipper: 'loads' },
  'POST /api/freight-offers/:offerId/decline': { carrier: 'board', shipper: 'loads' },
  // repeat loads (docs/decisions/0248): templates and CSV imports post loads
  'GET /api/load-templates': 'loads',
  'POST /api/load-templates': 'loads',
  'PATCH /api/load-templates/:id': 'loads',
  'DELETE /api/load-templates/:id': 'loads',
  'POST /api/freight-listings/:id/template': 'loads',
  'GET /api/load-imports/example.csv': 'loads',
  'POST /api/load-imports/preview': 'loads',
  'POST /api/load-imports': 'loads',
  // saved lanes (a carrier's board) and saved capacity searches (a shipper's searches), decision 0239
  'GET /api/saved-lanes': 'board',
  'POST /api/saved-lanes': 'board',
  'PATCH /api/saved-lanes/:id': 'board',
  'DELETE /api/saved-lanes/:id': 'board',
  'GET /api/saved-searches': 'loads',
  'POST /api/saved-searches': 'loads',
  'PATCH /api/saved-searches/:id': 'loads',
  'DELETE /api/saved-searches/:id': 'loads',
  // trust
  'GET /api/carrier/insurance': 'fleet',
  'POST /api/carrier/insurance': 'fleet',
  'GET /api/carrier/insurance/certificate': 'fleet',
  // tms
  'POST /api/tms/quotes': { carrier: 'board', shipper: 'loads' },
  'POST /api/tms/quotes/:id/book': 'loads',
  'GET /api/tms/documents': 'bookings',
  'GET /api/tms/documents/:id/download': 'bookings',
  'POST /api/tms/shipments/:id/documents': 'status',
  'GET /api/tms/escrow': 'paymentsRead',
  'GET /api/tms/shipments/:id/events': 'bookings',
  'GET /api/tms/shipments/:id': 'bookings',
  'GET /api/tms/alert-rules': { carrier: 'board', shipper: 'loads' },
  'POST /api/tms/alert-rules': { carrier: 'board', shipper: 'loads' },
  'DELETE /api/tms/alert-rules/:id': { carrier: 'board', shipper: 'loads' },
  'GET /api/tms/notifications': 'reference',
  // reviews
  'GET /api/bookings/:id/reviews': 'bookings',
  'POST /api/bookings/:id/reviews': 'reviews',
  'PUT /api/bookings/:id/reviews/mine': 'reviews',
  // a booking's rate confirmation: the shipper's planners read it with the bookings; it states the
  // carrier's pay, so a carrier's driver does not (decision 0246); accepted by who takes the work
  'GET /api/bookings/:id/rate-confirmation': { carrier: 'charges', shipper: 'bookings' },
  'POST /api/bookings/:id/rate-confirmation/accept': 'board',
  // notifications (decision 0241): the company's notifications are every member's to read and
  // mark read; where they are mailed (the account's mailbox) is the owner's choice
  'GET /api/notifications': 'reference',
  'POST /api/notifications/read-all': 'reference',
  'POST /api/notifications/:id/read': 'reference',
  'GET /api/notification-preferences': 'reference',
  'PUT /api/notification-preferences': 'team',
  // web push (decision 0253): any member's browser may receive the company's notifications;
  // which kinds are pushed is the owner's preference above
  'GET /api/push-subscriptions/key': 'reference',
  'POST /api/push-subscriptions': 'reference',
  'DELETE /api/push-subscriptions': 'reference',
  // messages (a paid booking's thread): read with the bookings, written by who runs the load
  'GET /api/bookings/:id/messages': 'bookings',
  // the booking's document bundle (decision 0250): who reads its documents, and who bills it
  'GET /api/bookings/:id/bundle': ['bookings', 'money'],
  'GET /api/bookings/:id/messages/:messageId/attachment': 'bookings',
  'POST /api/bookings/:id/messages': { carrier: 'status', shipper: 'loads' },
  'POST /api/bookings/:id/messages/attachments': { carrier: 'status', shipper: 'loads' },
  'POST /api/bookings/:id/messages/read': { carrier: 'status', shipper: 'loads' },
  'PATCH /api/bookings/:id/messages/:messageId': { carrier: 'status', shipper: 'loads' },
  // logistics
  'GET /api/drayage/terminals': 'reference',
  'GET /api/drayage/moves': 'bookings',
  'GET /api/drayage/moves/:id': 'bookings',
  'POST /api/drayage/moves': 'loads',
  'POST /api/drayage/moves/:id/cancel': 'loads',
  'GET /api/drayage/moves/open': 'board',
  'POST /api/drayage/moves/:id/accept': 'board',
  'POST /api/drayage/moves/:id/gate-out': 'status',
  'POST /api/drayage/moves/:id/empty-return': 'status',
  'POST /api/drayage/moves/:id/appointments': 'status',
  'POST /api/drayage/appointments/:id/status': 'status',
  'POST /api/expedited-jobs': 'loads',
  'GET /api/shipper/expedited-jobs': 'bookings',
  'POST /api/expedited-jobs/:id/payment-intent': 'pay',
  'POST /api/expedited-jobs/:id/cancel': 'loads',
  'GET /api/carrier/expedited-jobs/offers': 'board',
  'GET /api/carrier/expedited-jobs': 'bookings',
  'POST /api/expedited-jobs/:id/accept': 'board',
  'POST /api/expedited-jobs/:id/position': 'status',
  'POST /api/expedited-jobs/:id/pickup': 'status',
  'POST /api/expedited-jobs/:id/deliver': 'status',
  'GET /api/expedited-jobs/:id/stop-events': 'status',
  'POST /api/expedited-jobs/:id/stop-events': 'status',
  'POST /api/expedited-jobs/:id/stop-photos': 'status',
  'GET /api/expedited-jobs/:id/pod': { carrier: 'status', shipper: 'bookings' },
  // the driver's steps at the stops, from the phone (decision 0243)
  'GET /api/bookings/:id/stop-events': 'status',
  'POST /api/bookings/:id/stop-events': 'status',
  'POST /api/bookings/:id/stop-photos': 'status',
  // finance
  'GET /api/accessorials': 'reference',
  'GET /api/advanced-invoices': 'money',
  // a booking's charges are money: the carrier's owner, dispatcher and accounts, never a driver
  // (decision 0246); stop times are what the driver reports at the dock
  'GET /api/bookings/:id/charges': { carrier: 'charges', shipper: 'money' },
  'PUT /api/bookings/:id/stop-times': { carrier: 'status', shipper: 'loads' },
  'POST /api/bookings/:id/accessorials': { carrier: 'charges', shipper: 'loads' },
  'DELETE /api/bookings/:id/accessorials/:chargeId': { carrier: 'charges', shipper: 'loads' },
  'POST /api/bookings/:id/detention': { carrier: 'charges', shipper: 'loads' },
  'GET /api/bookings/:id/advanced-invoices': 'money',
  'POST /api/bookings/:id/advanced-invoices': 'money',
  'GET /api/drayage/moves/:id/invoices': 'money',
  'POST /api/drayage/moves/:id/invoices': 'money',
  'GET /api/advanced-invoices/:id/pdf': 'money',
  'POST /api/advanced-invoices/:id/issue': 'money',
  'POST /api/advanced-invoices/:id/void': 'money',
  'POST /api/advanced-invoices/:id/decision': 'money',
}

/** The route's key in `ROUTE_AREAS`: a HEAD is its GET. */
export function routeKey(method: string, pattern: string): string {
  const verb = method.toUpperCase()
  return `${verb === 'HEAD' ? 'GET' : verb} ${pattern}`
}

/** The areas a company of this kind uses the route in; empty when the route is unclassified. */
export function areasOf(kind: CompanyKind, method: string, pattern: string): readonly Area[] {
  const classified = ROUTE_AREAS[routeKey(method, pattern)]
  if (classified === undefined) return []
  const areas =
    typeof classified === 'string' || Array.isArray(classified)
      ? (classified as Areas)
      : (classified as { carrier?: Areas; shipper?: Areas })[kind]
  if (areas === undefined) return []
  return typeof areas === 'string' ? [areas as Area] : (areas as readonly Area[])
}

/** The (first) area a company of this kind uses the route in, or null when it is unclassified. */
export function areaOf(kind: CompanyKind, method: string, pattern: string): Area | null {
  return areasOf(kind, method, pattern)[0] ?? null
}

/** Whether a member of this role in a company of this kind may call the route. */
export function memberMay(
  kind: CompanyKind,
  role: string,
  method: string,
  pattern: string
): boolean {
  if (role === 'owner') return true
  const areas = (ROLE_AREAS[kind] as Record<string, readonly Area[] | undefined>)[role]
  if (!areas) return false
  return areasOf(kind, method, pattern).some((area) => areas.includes(area))
}

/** Whether the role exists for the kind of company. */
export function isMemberRole(kind: CompanyKind, role: string): role is MemberRole {
  return (MEMBER_ROLES[kind] as readonly string[]).includes(role)
}

export { memberRefusal } from '#core/middleware/auth_middleware'
