import app from '@adonisjs/core/services/app'
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
