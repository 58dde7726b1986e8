import { createHash } from 'node:crypto'
import db from '@adonisjs/lucid/services/db'
import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import { isConnectionLost, markIdempotent } from '#core/connection_loss'
import { isUniqueViolation } from '#core/validation'
import { sqlTimestamp } from '#core/timestamps'

export const IDEMPOTENCY_HEADER = 'idempotency-key'

/** How long a key answers retries; after that the same key starts a new request. */
export const IDEMPOTENCY_KEY_HOURS = 24
/** A claim older than this whose request never finished (a crashed process) is taken over. */
const ABANDONED_AFTER_SECONDS = 60

const KEY_FORMAT = /^[\x21-\x7e]{1,255}$/

/**
 * Waits before each attempt of a key's bookkeeping write (release, answer), in milliseconds.
 * The first goes at once; a connection that died under the request may still be handed out
 * until its socket's end is seen, then the pool discards it and the next attempt gets another.
 */
export const BOOKKEEPING_WAITS_MS: readonly number[] = [0, 25, 100, 400, 1500]

type KeyRow = {
  id: number
  fingerprint: string
  state: 'in_flight' | 'done'
  response_status: number | null
  response_body: string | null
  created_at: unknown
}

/** JSON with object keys sorted, so the same request always has the same fingerprint. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonical(item)}`).join(',')}}`
  }
  return JSON.stringify(value ?? null)
}

const toTime = (value: unknown) =>
  value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromSQL(String(value))

/**
 * `Idempotency-Key` on creates that move money or capacity (docs/decisions/0052). The first
 * request with a key runs and its answer is kept for 24 hours; a retry with the same key and
 * the same body gets that answer again (`Idempotent-Replayed: true`) and runs nothing; the same
 * key with another body is a 422; a retry while the first is still running is a 409. Keys are
 * per user and route. A request without the header runs as usual.
 *
 * A request that fails releases its key, on a healthy connection: the write is retried on a
 * fresh connection from the pool until it lands (docs/decisions/0162), so a killed database
 * connection never leaves the key in flight for the 60-second takeover. A request whose
 * database connection was lost answers 503 with `Retry-After`: its outcome is unknown, and the
 * retry with the same key finds what it did (a booking through `bookings.idempotency_key`) or
 * runs again.
 */
export default class IdempotencyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const key = ctx.request.header(IDEMPOTENCY_HEADER)
    if (key === undefined) return next()
    if (!KEY_FORMAT.test(key)) {
      return ctx.response.badRequest({
        message: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
      })
    }
    const user = ctx.auth.getUserOrFail()
    const scope = `${ctx.request.method()} ${ctx.route?.pattern ?? ctx.request.url()}`
    const fingerprint = createHash('sha256')
      .update(canonical({ params: ctx.params, body: ctx.request.body() }))
      .digest('hex')

    // A lost connection from here on answers 503 (the error handler, #core/connection_loss).
    markIdempotent(ctx)
    const claim = await this.claim(user.id, scope, key, fingerprint)
    if (claim.kind === 'replay') {
      ctx.response.header('Idempotent-Replayed', 'true')
      return ctx.response
        .status(claim.status)
        .send(claim.body === null ? '' : JSON.parse(claim.body))
    }
    if (claim.kind === 'mismatch') {
      return ctx.response.unprocessableEntity({
        message: 'This Idempotency-Key was already used for a different request',
      })
    }
    if (claim.kind === 'in_flight') {
      return ctx.response.conflict({
        message: 'A request with this Idempotency-Key is still being processed',
      })
    }

    try {
      await next()
    } catch (error) {
      await this.release(claim.id)
      throw error
    }
    // An exception inside was answered by the error handler: a 5xx (a lost connection is a
    // 503) releases the key, so a retry runs again and finds what a committed create made.
    const status = ctx.response.getStatus()
    if (status >= 500) {
      await this.release(claim.id)
      return
    }
    const body = ctx.response.getBody()
    const stored = await this.bookkeeping(() =>
      this.storeAnswer(
        claim.id,
        status,
        body === undefined || body === null ? null : JSON.stringify(body)
      )
    )
    // The work is done and its answer goes out; a key whose answer could not be kept is
    // released instead, so a retry runs again rather than waiting on a claim nobody holds.
    if (!stored) await this.release(claim.id)
  }

  /** Waits between bookkeeping attempts (tests make them zero). */
  protected waitsMs: readonly number[] = BOOKKEEPING_WAITS_MS

  /**
   * Runs a bookkeeping write until it lands: each attempt takes a connection from the pool
   * afresh, so one that died under the request is not used twice. False when every attempt
   * failed (the database stayed unreachable); the key is then left to the 60-second takeover.
   */
  protected async bookkeeping(write: () => Promise<unknown>): Promise<boolean> {
    let failure: unknown
    for (const wait of this.waitsMs) {
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      try {
        await write()
        return true
      } catch (error) {
        failure = error
      }
    }
    logger.error({ err: failure }, 'Idempotency-Key bookkeeping did not reach the database')
    return false
  }

  /** Releases a claim (a failed request): a retry with the key runs again at once. */
  protected release(id: number) {
    return this.bookkeeping(() => this.deleteKey(id))
  }

  protected async deleteKey(id: number) {
    await db.from('idempotency_keys').where('id', id).delete()
  }

  protected async storeAnswer(id: number, status: number, body: string | null) {
    await db
      .from('idempotency_keys')
      .where('id', id)
      .update({ state: 'done', response_status: status, response_body: body })
  }

  private async claim(
    userId: number,
    scope: string,
    key: string,
    fingerprint: string
  ): Promise<
    | { kind: 'claimed'; id: number }
    | { kind: 'replay'; status: number; body: string | null }
    | { kind: 'mismatch' }
    | { kind: 'in_flight' }
  > {
    const connection = db.connection()
    for (let attempt = 0; attempt < 3; attempt++) {
      const now = DateTime.now()
      const claim = {
        user_id: userId,
        scope,
        key,
        fingerprint,
        state: 'in_flight',
        created_at: sqlTimestamp(now, connection),
      }
      try {
        const [inserted] = await connection.table('idempotency_keys').insert(claim).returning('id')
        const id = typeof inserted === 'object' ? Number(inserted.id) : Number(inserted)
        if (Math.random() < 0.01) await this.forgetExpired(now).catch(() => {})
        return { kind: 'claimed', id }
      } catch (error) {
        if (isConnectionLost(error)) {
          // The insert's answer was lost, not necessarily the insert: release what it may
          // have claimed before answering that the outcome is unknown.
          await this.bookkeeping(() => db.from('idempotency_keys').where(claim).delete())
          throw error
        }
        if (!isUniqueViolation(error)) throw error
      }
      const row = (await connection
        .from('idempotency_keys')
        .where({ user_id: userId, scope, key })
        .first()) as KeyRow | null
      if (!row) continue
      const age = now.diff(toTime(row.created_at), 'seconds').seconds
      const expired = age > IDEMPOTENCY_KEY_HOURS * 3600
      const abandoned = row.state === 'in_flight' && age > ABANDONED_AFTER_SECONDS
      if (expired || abandoned) {
        await connection.from('idempotency_keys').where('id', row.id).delete()
        continue
      }
      if (row.fingerprint !== fingerprint) return { kind: 'mismatch' }
      if (row.state === 'in_flight') return { kind: 'in_flight' }
      return { kind: 'replay', status: row.response_status ?? 200, body: row.response_body }
    }
    return { kind: 'in_flight' }
  }

  private async forgetExpired(now: DateTime) {
    const before = now.minus({ hours: IDEMPOTENCY_KEY_HOURS })
    await db
      .from('idempotency_keys')
      .where('created_at', '<', sqlTimestamp(before, db.connection()))
      .delete()
  }
}
