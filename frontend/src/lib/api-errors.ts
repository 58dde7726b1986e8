import { isApiError } from '@/lib/api-client'

/** The server's own message for a failed call, without the status prefix; null when none. */
export function serverMessageOf(error: unknown): string | null {
  if (isApiError(error)) {
    const body = error.body
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) {
      return body.message
    }
    if (typeof body === 'string' && body.trim()) return body.trim()
    return null
  }
  if (error instanceof Error && error.message) return error.message
  return null
}

/**
 * The server's own message for a failed call (`This truck is used by active listings...`),
 * without the status prefix; `fallback` when the server sent none.
 */
export function serverMessage(error: unknown, fallback: string): string {
  return serverMessageOf(error) ?? fallback
}

/** Field errors of a 422 answer as `{ field: message }` (the first message per field). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!isApiError(error)) return out
  for (const { field, message } of error.fieldErrors) {
    if (field && !(field in out)) out[field] = message
  }
  return out
}

/** The server's generic refusal, which says nothing a person can act on. */
const GENERIC_REFUSAL = 'You do not have access to this resource'
/** Status texts that repeat the status and add nothing. */
const GENERIC_FAILURE =
  /^(internal server error|server error|something went wrong|service unavailable|bad gateway|gateway timeout)$/i

/**
 * Why a screen's data did not load, in words a person can act on (decision 0174), never a bare
 * status code: what happened, and the server's own reason when it adds something (a member's
 * role, a record's state).
 */
export function loadFailure(error: unknown): { reason: string; detail: string | null } {
  if (isApiError(error)) {
    const said = serverMessageOf(error)
    const specific = (generic: (text: string) => boolean) => (said && !generic(said) ? said : null)
    if (error.status === 401) {
      return { reason: 'You are signed out. Sign in again to see this.', detail: null }
    }
    if (error.status === 403) {
      return {
        reason: 'Your account cannot see this.',
        detail: specific((text) => text === GENERIC_REFUSAL),
      }
    }
    if (error.status === 404) {
      return {
        reason: 'This was not found: it may have been removed, or it is not yours to see.',
        detail: null,
      }
    }
    if (error.status === 429) {
      return { reason: 'Too many requests just now. Wait a moment, then try again.', detail: null }
    }
    if (error.status >= 500) {
      return {
        reason:
          error.status === 503
            ? 'PalletLine is busy or restarting. Try again in a moment.'
            : 'The server could not answer. Try again; if it keeps failing, tell support.',
        detail: specific((text) => GENERIC_FAILURE.test(text)),
      }
    }
    return { reason: said ?? 'The request was refused.', detail: null }
  }
  if (error instanceof TypeError) {
    return {
      reason: 'PalletLine could not be reached. Check your connection, then try again.',
      detail: null,
    }
  }
  return { reason: error instanceof Error ? error.message : String(error), detail: null }
}
