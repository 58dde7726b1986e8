/**
 * The company member roles and what each may use, by area (issue 35, docs/decisions/0223 and
 * 0237): one pure module the server's role matrix (`backend/accounts/member_roles.ts`, which
 * classifies every route in an area) and the screens' menus (`frontend/src/config/role-nav.ts`,
 * which show a member only the places their role's areas open) both import, so a menu never
 * offers a place that answers 403. contract/ is the one folder both sides may import.
 */

export const MEMBER_ROLES = {
  carrier: ['owner', 'dispatcher', 'driver', 'accounts'],
  shipper: ['owner', 'planner', 'accounts'],
} as const

export type CompanyKind = keyof typeof MEMBER_ROLES
export type CarrierRole = (typeof MEMBER_ROLES.carrier)[number]
export type ShipperRole = (typeof MEMBER_ROLES.shipper)[number]
export type MemberRole = CarrierRole | ShipperRole

export type Area =
  /** the login's own settings: password, two-factor, email, name, API tokens, sign-out */
  | 'self'
  /** lists every signed-in user reads: terminals, accessorials, notices, the card form's key */
  | 'reference'
  /** the company's members and invites */
  | 'team'
  /** bookings, their history, documents and tracking, read */
  | 'bookings'
  /** a booking's or expedited job's status, positions, stop times and proof of delivery */
  | 'status'
  /** trucks, capacity listings, the carrier profile and insurance */
  | 'fleet'
  /** the freight board, drayage and expedited offers: hold, claim, accept */
  | 'board'
  /** the carrier dashboard (bookings and earnings at a glance) */
  | 'dashboard'
  /** invoices, payouts, quick pay */
  | 'money'
  /** whether the payout account can receive transfers */
  | 'payoutAccountRead'
  /** setting up or replacing the payout account: owners only */
  | 'payoutAccountChange'
  /** a shipper's posted loads, searches, quotes, drayage moves and expedited jobs, and booking */
  | 'loads'
  /** paying for a booking, a load or an expedited job */
  | 'pay'
  /** what a shipper paid and holds in escrow, read */
  | 'paymentsRead'
  /** ratings after delivery */
  | 'reviews'
  /** assigning bookings, expedited jobs and drayage moves to the company's drivers (decision 0237) */
  | 'assign'
  /** a carrier's charges on a booking (accessorials, detention) and its rate confirmation:
   * money the dispatcher and accounts handle, never a driver (decision 0246) */
  | 'charges'

/** Each member role's areas; `owner` has every area. */
export const ROLE_AREAS: {
  carrier: Record<Exclude<CarrierRole, 'owner'>, readonly Area[]>
  shipper: Record<Exclude<ShipperRole, 'owner'>, readonly Area[]>
} = {
  carrier: {
    dispatcher: [
      'self',
      'reference',
      'bookings',
      'status',
      'fleet',
      'board',
      'dashboard',
      'reviews',
      'assign',
      'charges',
    ],
    driver: ['self', 'reference', 'bookings', 'status'],
    accounts: ['self', 'reference', 'money', 'payoutAccountRead', 'charges'],
  },
  shipper: {
    planner: ['self', 'reference', 'bookings', 'loads', 'pay', 'reviews'],
    accounts: ['self', 'reference', 'money', 'paymentsRead'],
  },
}

/** Whether a member of this role, in a company of this kind, may use the area. */
export function roleHasArea(kind: string, role: string, area: Area): boolean {
  if (role === 'owner') return true
  const byRole = (ROLE_AREAS as Record<string, Record<string, readonly Area[]> | undefined>)[kind]
  return byRole?.[role]?.includes(area) ?? false
}
