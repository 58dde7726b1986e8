/**
 * Errors that mean the database connection went away under a statement (a restart, a failover,
 * `pg_terminate_backend`): the statement's outcome, and a transaction's commit, are unknown to
 * this process. The pool discards such a connection (knex marks it when its socket ends and
 * drops it on the next acquire), so the next statement gets a new one (docs/decisions/0162).
 */

/** SQLSTATEs of a connection the server ended: admin_shutdown, crash_shutdown, cannot_connect_now. */
const ENDED_BY_SERVER = new Set(['57P01', '57P02', '57P03'])
/** Socket errors of a connection that is gone. */
const SOCKET_GONE = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'ENOTCONN'])
/** What pg and knex say when the socket closed under a query, or a dead client is used again. */
const LOST_MESSAGES = [
  /Connection terminated/i,
  /Connection ended unexpectedly/i,
  /terminating connection due to/i,
  /Client has encountered a connection error and is not queryable/i,
  /Client was closed and is not queryable/i,
]

export function isConnectionLost(error: unknown): boolean {
  for (let e = error as any, depth = 0; e && depth < 5; e = e.cause, depth++) {
    const code = typeof e.code === 'string' ? e.code : ''
    // SQLSTATE class 08: connection exception.
    if (ENDED_BY_SERVER.has(code) || SOCKET_GONE.has(code) || /^08[0-9A-Z]{3}$/.test(code)) {
      return true
    }
    const message = typeof e.message === 'string' ? e.message : ''
    if (LOST_MESSAGES.some((pattern) => pattern.test(message))) return true
  }
  return false
}

/** Seconds a client waits before retrying a request whose outcome is unknown (a 503). */
export const OUTCOME_UNKNOWN_RETRY_AFTER_SECONDS = 1
export const OUTCOME_UNKNOWN_MESSAGE =
  'The database connection was lost before this request finished, so it may or may not have been applied. Retry it with the same Idempotency-Key: it answers what was done, or runs again.'

/** Requests running under an Idempotency-Key claim (marked by the idempotency middleware). */
const keyedRequests = new WeakSet<object>()

export function markIdempotent(ctx: object) {
  keyedRequests.add(ctx)
}

/**
 * A lost connection under a request with an Idempotency-Key: its outcome is unknown, and a
 * retry with the same key is safe (the key is released; a create that committed is found
 * again through it). The error handler answers 503 with `Retry-After`; without a key the same
 * error stays a 500, since a blind retry could do the work twice.
 */
export function isOutcomeUnknown(error: unknown, ctx: object): boolean {
  return keyedRequests.has(ctx) && isConnectionLost(error)
}

/** Methods that read: sending one again changes nothing. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])
/** Other requests their route declared safe to send again (a sign-in). */
const repeatableRequests = new WeakSet<object>()

/** Seconds a client waits before sending again a read or sign-in whose connection was lost. */
export const CONNECTION_LOST_RETRY_AFTER_SECONDS = 1
export const CONNECTION_LOST_MESSAGE =
  'The database connection was lost before this request finished. Please try again in a moment.'

/**
 * Declares the request safe to send again as it is: what it does twice is what it does once
 * (a sign-in starts one more session). A lost connection under it is then a 503, like a read's.
 */
export function markSafeToRepeat(ctx: object) {
  repeatableRequests.add(ctx)
}

/**
 * A lost connection under a request that is safe to send again: a read (GET, HEAD, OPTIONS)
 * or one its route marked (`markSafeToRepeat`). The error handler answers 503 with
 * `Retry-After` instead of a 500 (docs/decisions/0168): the client sends it again and it works.
 */
export function isRetryableLoss(error: unknown, ctx: { request: { method(): string } }): boolean {
  return (
    (SAFE_METHODS.has(ctx.request.method()) || repeatableRequests.has(ctx)) &&
    isConnectionLost(error)
  )
}
