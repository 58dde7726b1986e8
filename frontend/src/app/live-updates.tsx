import { useUser, userKey } from '@/features/auth/api/get-user'
import { bookingsKey } from '@/features/shipper/api/get-bookings'
import { dashboardMetricsKey } from '@/features/shipper/api/get-dashboard-metrics'
import { shipperInvoicesKey } from '@/features/shipper/api/get-shipper-invoices'
import { shipperLoadsKey } from '@/features/freight-board/api/get-shipper-loads'
import { carrierBookingsKey } from '@/features/carrier/api/get-carrier-bookings'
import { carrierDashboardKey } from '@/features/carrier/api/get-carrier-dashboard'
import { carrierInvoicesKey } from '@/features/carrier/api/get-carrier-invoices'
import { carrierPayoutsKey } from '@/features/carrier/api/get-payouts'
import { carrierExpeditedKey } from '@/features/expedited/api/get-carrier-expedited-jobs'
import { pendingUsersKey } from '@/features/admin/api/get-pending-users'
import { adminDashboardKey } from '@/features/admin/api/get-admin-dashboard'
import { flaggedCarriersKey, getFlaggedCarriers } from '@/features/admin/api/carrier-vetting'
import { payoutsAttentionKey } from '@/features/admin/api/payouts-attention'
import { escrowKey } from '@/features/tms/api/get-escrow'
import { notificationsKey } from '@/features/tms/api/get-notifications'
import { drayageMovesKey } from '@/features/drayage/api/get-drayage-moves'
import { STANDING_KEY } from '@/features/auth/api/standing'
import {
  ADMIN_CHANNEL,
  userChannel,
  useLiveRefresh,
  type LiveRefreshRules,
} from '@/lib/live-refresh'

/** A shipment's tracking (`/api/tms/shipments/{id}` and its events), any of them. */
const TRACKING = '/api/tms/shipments'
/** Every carrier of Fleet Oversight, each page and filter (not the flagged list below). */
const FLEET = '/api/admin/carriers?'
/** The flagged carriers: the hook keeps the answer's `carriers`. */
const FLAGGED = { path: flaggedCarriersKey, load: getFlaggedCarriers }
/** Every drayage read: the moves, the open ones, one move, its invoices. */
const DRAYAGE = drayageMovesKey
/** The contact inbox, each page. */
const CONTACT_INBOX = '/api/admin/contact-messages'

/** What each role's screens show that another party can change (docs/decisions/0171). */
type LiveRole = 'shipper' | 'carrier' | 'admin'

export const LIVE_RULES: Record<LiveRole, LiveRefreshRules> = {
  shipper: {
    // A carrier confirmed, picked up, delivered; a payment came through.
    booking: [bookingsKey, dashboardMetricsKey, shipperInvoicesKey, TRACKING, escrowKey],
    // A carrier held, released or claimed a load; its funding settled. A claim is a booking.
    load: [shipperLoadsKey, bookingsKey, dashboardMetricsKey],
    // A carrier accepted, gated out or returned a move, or changed its appointment.
    drayage: [DRAYAGE],
  },
  carrier: {
    // The shipper paid, cancelled or completed; its booking history is under /api/bookings.
    booking: [
      carrierBookingsKey,
      carrierDashboardKey,
      carrierInvoicesKey,
      carrierPayoutsKey,
      '/api/bookings',
      TRACKING,
      notificationsKey,
    ],
    // The shipper cancelled a job the carrier is on; it was flagged at risk.
    expedited: [carrierExpeditedKey],
    // Approved, suspended, reinstated (the waiting page's reason too).
    account: [userKey, STANDING_KEY],
    // The shipper cancelled a move the carrier is on; its appointments.
    drayage: [DRAYAGE],
    // The payout job released, paid, failed or held the carrier's payouts.
    payout: [carrierPayoutsKey, carrierDashboardKey],
  },
  admin: {
    account: [pendingUsersKey, adminDashboardKey, FLEET],
    carrier: [pendingUsersKey, FLAGGED, FLEET],
    booking: [adminDashboardKey, payoutsAttentionKey],
    // A payout batch released, paid, failed or held payouts.
    payout: [payoutsAttentionKey],
    // A message came through the contact form.
    contact: [CONTACT_INBOX],
  },
}

const NONE: LiveRefreshRules = {}

/**
 * Keeps every signed-in screen fresh: the user's own notices, and the admins' for admins. Part
 * of the app layout, so the reads of every section (on screen or not) follow what others do.
 */
export function LiveUpdates() {
  const { data: user } = useUser()
  const role = user?.role
  const rules = role && Object.hasOwn(LIVE_RULES, role) ? LIVE_RULES[role as LiveRole] : NONE
  useLiveRefresh(user ? userChannel(user.id) : null, rules)
  useLiveRefresh(role === 'admin' ? ADMIN_CHANNEL : null, rules)
  return null
}
