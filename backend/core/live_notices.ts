import transmit from '@adonisjs/transmit/services/main'

/**
 * "Something changed" notices on per-user and admin channels (docs/decisions/0171). A notice
 * names the kind of record and its id (and the status or change it went through), never who did
 * it: the screen that hears it fetches again through the API, which applies the anonymity rule
 * (decision 0157). Broadcast from event listeners after the commit, so a rolled-back change is
 * never announced. With TRANSMIT_TRANSPORT=redis a broadcast reaches the streams of every
 * instance (backend/config/transmit.ts).
 */

/** One user's channel (authorized in backend/start/transmit.ts to that user only). */
export const USER_CHANNEL = 'users/:id'
/** The admins' channel (admins with two-factor sign-in on). */
export const ADMIN_CHANNEL = 'admin'

export const userChannel = (userId: number) => `users/${userId}`

export type LiveNoticeKind =
  /** a booking's status changed (`change`: the new status), `rate_confirmation_accepted` or `rate_confirmation_revised` */
  | 'booking'
  /** a posted load was funded, held, released, claimed, cancelled, expired, reopened, invited */
  | 'load'
  /** an offer on a posted load was made, countered, accepted, declined, withdrawn or closed (`id`: the load) */
  | 'offer'
  /** an expedited job the carrier is on changed (`change`: requested, accepted, ...) */
  | 'expedited'
  /** an account registered, was approved, rejected, suspended or reinstated */
  | 'account'
  /** a carrier failed vetting (the admins' flagged list) */
  | 'carrier'
  /** a drayage move was accepted, gated out, returned, cancelled, or its appointment changed */
  | 'drayage'
  /** the payout job released, paid or failed payouts (`id`: the batch's first booking) */
  | 'payout'
  /** a message came through the contact form (the admins' inbox) */
  | 'contact'
  /** a booking's message thread changed (`change`: sent, edited, read; `id`: the booking) */
  | 'message'
  /** a company's team changed (`id`: the company; every member reads its own role again) */
  | 'company'
  /** a cargo claim was filed or moved a step (`change`: its new status; decision 0233) */
  | 'claim'
  /** the notification centre: one created, read, or all read (`id`: the notification, 0 for all; decision 0241) */
  | 'notification'
  /** a new load or capacity listing matched a saved lane or search (`id`: the load or listing; `change`: saved_lane or saved_search; decision 0239) */
  | 'alert'

export type LiveNotice = { kind: LiveNoticeKind; id: number; change: string }

/** Tells each of `userIds` (each once; missing ids skipped) that something of theirs changed. */
export function notifyUsers(userIds: Iterable<number | null | undefined>, notice: LiveNotice) {
  const payload = { kind: notice.kind, id: notice.id, change: notice.change }
  for (const id of new Set(userIds)) {
    if (typeof id === 'number' && Number.isInteger(id) && id > 0) {
      transmit.broadcast(userChannel(id), payload)
    }
  }
}

/** Tells the admins' screens (approvals, attention lists, figures) that something changed. */
export function notifyAdmins(notice: LiveNotice) {
  transmit.broadcast(ADMIN_CHANNEL, { kind: notice.kind, id: notice.id, change: notice.change })
}
