import type { Session } from '@adonisjs/session'
import type { DateTime } from 'luxon'

/** How long a right password waits for its second factor before it must be typed again. */
export const SECOND_FACTOR_MINUTES = 5

const KEY = 'second_factor_pending'

export type PendingSignIn = { userId: number; username: string }

/**
 * The "second factor pending" state of a session (docs/decisions/0097): the password was right,
 * but nobody is signed in until the code is; only the code step reads this.
 */
export function startPendingSignIn(session: Session, pending: PendingSignIn, now: DateTime) {
  session.put(KEY, { ...pending, until: now.plus({ minutes: SECOND_FACTOR_MINUTES }).toMillis() })
}

/** The pending sign-in, unless none was started or it has expired. */
export function pendingSignIn(session: Session | undefined, now: DateTime): PendingSignIn | null {
  const value = session?.get(KEY) as (PendingSignIn & { until: number }) | undefined
  if (!value || typeof value.userId !== 'number' || typeof value.until !== 'number') return null
  if (value.until <= now.toMillis()) return null
  return { userId: value.userId, username: String(value.username) }
}

export function endPendingSignIn(session: Session) {
  session.forget(KEY)
}
