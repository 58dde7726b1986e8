/** The rules of a booking's message thread (docs/decisions/0230), in one place. */
import { MAX_UPLOAD_BYTES } from '#core/uploads'

/** Longest message, in characters. */
export const MESSAGE_MAX_LENGTH = 4000
/** How long after sending its author may still edit a message. */
export const EDIT_WINDOW_MINUTES = 5
/** Largest attachment: the same 10 MB as every upload. */
export const MAX_ATTACHMENT_BYTES = MAX_UPLOAD_BYTES
/** Messages (sent, with a file, or edited) one user may write per minute before a 429. */
export const MESSAGES_PER_MINUTE = 20

export const BOOKING_NOT_FOUND = 'Booking not found'
export const MESSAGE_NOT_FOUND = 'Message not found'
export const THREAD_NOT_OPEN =
  'Messages open once the booking is paid: until then the shipper and the carrier stay anonymous'
export const NOT_AUTHOR = 'Only its author can edit a message'
export const EDIT_WINDOW_CLOSED = `A message can be edited for ${EDIT_WINDOW_MINUTES} minutes after it is sent`
export const ADMIN_NEEDS_DISPUTE =
  "Admins read a booking's messages only when a dispute or a cargo claim names the booking"
/** Before the payment there is no bundle: it names both companies (docs/decisions/0250). */
export const NO_BUNDLE_YET = 'No document bundle yet: it is ready once the booking is paid'
export const ADMIN_NEEDS_DISPUTE_OR_CLAIM =
  "Admins download a booking's bundle only when a dispute or a claim names the booking"
