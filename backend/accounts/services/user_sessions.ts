import { createHash } from 'node:crypto'
import { DateTime } from 'luxon'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { readTimestamp } from '#core/timestamps'
import { SessionCollection, errors } from '@adonisjs/session'
import type { Session } from '@adonisjs/session'

/**
 * Which server-side sessions belong to which user (docs/decisions/0051), so a password change
 * can end every other session of that user. The database, Redis and memory stores keep the
 * tag; the cookie store cannot, and there a password change ends only the current session.
 */
export async function tagSession(session: Session, userId: number) {
  try {
    await session.tag(String(userId))
  } catch (error) {
    if (!(error instanceof errors.E_SESSION_TAGGING_NOT_SUPPORTED)) throw error
  }
}

/** Ends every session of the user except `keep`; the count ended. */
export async function endOtherSessions(userId: number, keep: string): Promise<number> {
  const sessions = await app.container.make(SessionCollection)
  if (!sessions.supportsTagging()) return 0
  let ended = 0
  for (const { id } of await sessions.tagged(String(userId))) {
    if (id === keep) continue
    await sessions.destroy(id)
    ended++
  }
  return ended
}

/** Ends every session of the user (an admin's action, decision 0210); the count ended. */
export async function endAllSessions(userId: number): Promise<number> {
  const sessions = await app.container.make(SessionCollection)
  if (!sessions.supportsTagging()) return 0
  let ended = 0
  for (const { id } of await sessions.tagged(String(userId))) {
    await sessions.destroy(id)
    ended++
  }
  return ended
}

/** A session as admins see it: a fingerprint of its id (never the id, which signs one in). */
export type SessionSummary = { ref: string; expiresAt: string | null }

/**
 * The user's live sessions. The database store says when each expires (an expired row not yet
 * swept is left out); other stores keep only live sessions and do not say.
 */
export async function listSessions(userId: number): Promise<SessionSummary[]> {
  const sessions = await app.container.make(SessionCollection)
  if (!sessions.supportsTagging()) return []
  const ids = (await sessions.tagged(String(userId))).map(({ id }) => id)
  if (ids.length === 0) return []
  const rows = await db.from('sessions').whereIn('id', ids).select('id', 'expires_at')
  const expiry = new Map(rows.map((row) => [row.id as string, readTimestamp(row.expires_at)]))
  const now = DateTime.now()
  return ids
    .filter((id) => {
      const at = expiry.get(id)
      return !at || at > now
    })
    .map((id) => ({
      ref: createHash('sha256').update(id).digest('hex').slice(0, 12),
      expiresAt: expiry.get(id)?.toUTC().toISO() ?? null,
    }))
    .sort((a, b) => (b.expiresAt ?? '').localeCompare(a.expiresAt ?? ''))
}
