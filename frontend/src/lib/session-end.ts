/**
 * Why a browser that was signed in no longer is (docs/decisions/0167). The browser remembers
 * that it had a signed-in user (one flag in localStorage, shared by its tabs), so a 401 after
 * that, or a page load that finds no session, means the session ended without a sign-out
 * here: it expired, or it was ended on another device (a sign-out there, a password change).
 * A sign-out in another tab of this browser clears the flag, which the other tabs hear.
 */

export const SIGNED_IN_KEY = 'palletline.signedIn'

export type SignedOutReason = 'session-ended' | 'signed-out-elsewhere'

/** What /auth says for each reason (`/auth?reason=...`). */
export const SIGNED_OUT_MESSAGES: Record<SignedOutReason, string> = {
  'session-ended':
    'Your session expired, or it was ended on another device (a sign-out or a password change). Sign in again to continue.',
  'signed-out-elsewhere': 'You signed out in another tab or window. Sign in again to continue.',
}

export function isSignedOutReason(value: string | null): value is SignedOutReason {
  return value !== null && Object.hasOwn(SIGNED_OUT_MESSAGES, value)
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null // storage blocked: the reason is simply not told
  }
}

/** A user is signed in in this browser. */
export function rememberSignedIn() {
  try {
    storage()?.setItem(SIGNED_IN_KEY, '1')
  } catch {
    // full or blocked storage: nothing to remember with
  }
}

/** Signed out, on purpose or because the session ended. */
export function forgetSignedIn() {
  try {
    storage()?.removeItem(SIGNED_IN_KEY)
  } catch {
    // blocked storage
  }
}

export function wasSignedIn(): boolean {
  try {
    return storage()?.getItem(SIGNED_IN_KEY) === '1'
  } catch {
    return false
  }
}
