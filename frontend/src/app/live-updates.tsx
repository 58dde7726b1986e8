import { useUser, userKey } from '@/features/auth/api/get-user'
import { companyInvitesKey, companyKey } from '@/features/team/api/team'
import { bookingsKey } from '@/features/shipper/api/get-bookings'
import { dashboardMetricsKey } from '@/features/shipper/api/get-dashboard-metrics'
import { shipperInvoicesKey } from '@/features/shipper/api/get-shipper-invoices'
import { shipperLoadsKey } from '@/features/freight-board/api/get-shipper-loads'
import { myOffersKey } from '@/features/freight-board/api/offers'
import { carrierBookingsKey } from '@/features/carrier/api/get-carrier-bookings'
import { carrierDashboardKey } from '@/features/carrier/api/get-carrier-dashboard'
import { carrierInvoicesKey } from '@/features/carrier/api/get-carrier-invoices'
import { carrierPayoutsKey } from '@/features/carrier/api/get-payouts'
import { carrierExpeditedKey } from '@/features/expedited/api/get-carrier-expedited-jobs'
import { pendingUsersKey } from '@/features/admin/api/get-pending-users'
import { adminDashboardKey } from '@/features/admin/api/get-admin-dashboard'
import { flaggedCarriersKey, getFlaggedCarriers } from '@/features/admin/api/carrier-vetting'
import { payoutsAttentionKey } from '@/features/admin/api/payouts-attention'
import { ADMIN_USERS_PATH, USER_ACTIONS_KEY } from '@/features/admin/api/user-management'
import { escrowKey } from '@/features/tms/api/get-escrow'
import { notificationsKey } from '@/features/tms/api/get-notifications'
import { drayageMovesKey } from '@/features/drayage/api/get-drayage-moves'
import { STANDING_KEY } from '@/features/auth/api/standing'
import { driverWorkKey } from '@/features/driver/api/driver-work'
import { companyDriversKey } from '@/features/team/api/team'
import { adminClaimsKey, claimsKey } from '@/features/claims/api/claims'
import { notificationsKey as centreKey } from '@/features/notifications/api/notifications'
import { savedLanesKey, savedSearchesKey } from '@/features/alerts/api/saved-lanes'
import { showAlertToast } from '@/features/alerts/components/alert-toasts'
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
/** Every booking's message thread (and its files), not the booking lists (decision 0230). */
const THREADS = '/api/bookings/*/messages'
/** An expedited job's driver steps (decision 0263). */
const EXPEDITED_STEPS = '/api/expedited-jobs/*/stop-events'
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
    // A carrier offered, countered, withdrew or accepted (docs/decisions/0234): each load's
    // offers; an accept is a claim and a booking.
    offer: ['/api/freight-listings', shipperLoadsKey, bookingsKey],
    // A carrier accepted, gated out or returned a move, or changed its appointment.
    drayage: [DRAYAGE],
    // The carrier wrote, edited or read a message.
    message: [THREADS],
    // The team changed: a member's own role, the owners' Team panel (decision 0223).
    company: [userKey, companyKey, companyInvitesKey],
    // A carrier answered a claim, an admin decided it (decision 0233).
    claim: [claimsKey, bookingsKey],
    // The notification centre: a new one, or one read by another member (decision 0241).
    notification: [centreKey],
    // Capacity matched a saved search (decision 0239): its alert count.
    alert: [savedSearchesKey],
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
      // a booking assigned to or taken from a driver: the driver's work (decision 0237)
      driverWorkKey,
      companyDriversKey,
    ],
    // The shipper countered, accepted or declined an offer; an offer closed with its load.
    offer: [myOffersKey, carrierBookingsKey],
    // The shipper cancelled a job the carrier is on; it was flagged at risk; a driver's step
    // (decision 0263): the job's steps on the phone.
    expedited: [carrierExpeditedKey, driverWorkKey, EXPEDITED_STEPS],
    // Approved, suspended, reinstated (the waiting page's reason too).
    account: [userKey, STANDING_KEY],
    // The shipper cancelled a move the carrier is on; its appointments; a move assigned to or
    // taken from a driver (decision 0246).
    drayage: [DRAYAGE, driverWorkKey],
    // The payout job released, paid, failed or held the carrier's payouts.
    payout: [carrierPayoutsKey, carrierDashboardKey],
    // The shipper wrote, edited or read a message.
    message: [THREADS],
    // The team changed: a member's own role, the owners' Team panel (decision 0223).
    company: [userKey, companyKey, companyInvitesKey],
    // A shipper filed, accepted or escalated a claim; an admin decided it (decision 0233).
    claim: [claimsKey, carrierPayoutsKey],
    // The notification centre: a new one, or one read by another member (decision 0241).
    notification: [centreKey],
    // A load matched a saved lane (decision 0239): the lane's count. The board hears of the
    // posted load on its own channel (freight/board), so it is not fetched twice.
    alert: [savedLanesKey],
  },
  admin: {
    // Registered, approved, suspended, reinstated; user management's actions and the requests
    // for a second admin: the user list's pages, each user's page, the pending confirmations.
    account: [pendingUsersKey, adminDashboardKey, FLEET, ADMIN_USERS_PATH, USER_ACTIONS_KEY],
    carrier: [pendingUsersKey, FLAGGED, FLEET],
    booking: [adminDashboardKey, payoutsAttentionKey],
    // A payout batch released, paid, failed or held payouts.
    payout: [payoutsAttentionKey],
    // A message came through the contact form.
    contact: [CONTACT_INBOX],
    // A claim was filed, answered or escalated (decision 0233); its carrier's record too.
    claim: [adminClaimsKey, FLEET],
    // The admin's own notification centre (decision 0241).
    notification: [centreKey],
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
  // One refresher for both channels: subscribing to both refetches each read once.
  useLiveRefresh(
    [user ? userChannel(user.id) : null, role === 'admin' ? ADMIN_CHANNEL : null],
    rules,
    // A saved lane's or search's match also shows as a toast with a link (decision 0239).
    showAlertToast
  )
  return null
}
