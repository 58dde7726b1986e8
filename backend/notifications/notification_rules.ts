/**
 * The notification centre's rules (docs/decisions/0241, 0242): the kinds of notification, the
 * channels a user may choose per kind, and the defaults. Pure, shared by the services, the
 * validators and the tests.
 */

/** What a notification is about; each has one preference per user. */
export const NOTIFICATION_KINDS = [
  /** a booking's status changed or it was cancelled (both parties) */
  'booking',
  /** a booking was paid (the shipper's payment confirmed it) */
  'payment',
  /** the carrier's payouts were released, paid, failed or held */
  'payout',
  /** a freight-board hold or a posted load expired */
  'hold_expiry',
  /** the account was approved, rejected, suspended or reinstated; a carrier's vetting */
  'vetting',
  /** a delivered booking is open for review */
  'reviews_due',
  /** an invite to a load or a team */
  'invite',
  /** an offer on a posted load moved a step */
  'offer',
  /** a message on a booking's thread */
  'message',
  /** a cargo claim was filed or moved a step */
  'claim',
  /** a saved lane or search matched a new load or listing */
  'alert',
] as const

export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

/**
 * Where a kind goes: `in_app` (the bell and the page only), `email_immediate` (and a mail at
 * once), `email_digest` (and the day's digest mail), `off` (not kept at all).
 */
export const NOTIFICATION_CHANNELS = ['in_app', 'email_immediate', 'email_digest', 'off'] as const

export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number]

/** Every kind starts in the app only: the transactional mails the modules send stay as they are. */
export const DEFAULT_CHANNEL: NotificationChannel = 'in_app'

/** A page of the list: newest first, at most this many (the page size the client may ask for). */
export const MAX_PAGE_SIZE = 50
export const DEFAULT_PAGE_SIZE = 20

/** What a notification's text may hold (longer text is cut with an ellipsis). */
export const MAX_TITLE = 200
export const MAX_BODY = 1000

/** Links stay inside the app: a path, never another host. */
export function isAppPath(link: string): boolean {
  return link.startsWith('/') && !link.startsWith('//') && !link.includes('\\')
}

export function isNotificationKind(value: unknown): value is NotificationKind {
  return typeof value === 'string' && (NOTIFICATION_KINDS as readonly string[]).includes(value)
}

/** Labels for mail subjects and the preferences screen. */
export const KIND_LABELS: Record<NotificationKind, string> = {
  booking: 'Booking status',
  payment: 'Payments',
  payout: 'Payouts',
  hold_expiry: 'Holds and expiry',
  vetting: 'Account and vetting',
  reviews_due: 'Reviews due',
  invite: 'Invites',
  offer: 'Offers',
  message: 'Messages',
  claim: 'Cargo claims',
  alert: 'Lane and search alerts',
}

export const NOTIFICATION_NOT_FOUND = 'Notification not found'
