import { configProvider } from '@adonisjs/core'
import { MessageBuilder } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import { stores } from '@adonisjs/session'
import type {
  SessionData,
  SessionStoreFactory,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** A session's expiry is pushed forward at most this often, not on every request. */
export const TOUCH_EVERY_MS = 15 * 60 * 1000

/**
 * The database session store, with one change: a signed-in request does not rewrite the
 * session's expiry when it was pushed forward less than TOUCH_EVERY_MS ago, so reading the
 * current user costs one read instead of a read and a write. Expiry is still exact to within
 * that interval; writes, destroys and tags go to AdonisJS's store unchanged.
 */
class ThriftyDatabaseStore implements SessionStoreWithTaggingContract {
  #expiresAt: number | null = null

  constructor(
    private inner: SessionStoreWithTaggingContract,
    private client: QueryClientContract,
    private tableName: string,
    private ttlMs: number
  ) {}

  async read(sessionId: string): Promise<SessionData | null> {
    const row = await this.client
      .from(this.tableName)
      .where('id', sessionId)
      .select('data', 'expires_at')
      .first()
    if (!row) return null
    const expiresAt = new Date(row.expires_at).getTime()
    if (Date.now() > expiresAt) {
      await this.inner.destroy(sessionId)
      return null
    }
    this.#expiresAt = expiresAt
    try {
      return new MessageBuilder().verify(row.data, sessionId)
    } catch {
      return null
    }
  }

  write(sessionId: string, values: SessionData) {
    return this.inner.write(sessionId, values)
  }

  destroy(sessionId: string) {
    return this.inner.destroy(sessionId)
  }

  async touch(sessionId: string) {
    const fresh =
      this.#expiresAt !== null && this.#expiresAt - Date.now() > this.ttlMs - TOUCH_EVERY_MS
    if (!fresh) await this.inner.touch(sessionId)
  }

  tag(sessionId: string, userId: string) {
    return this.inner.tag(sessionId, userId)
  }

  tagged(userId: string) {
    return this.inner.tagged(userId)
  }
}

/** `stores.database` with the thrifty touch above. */
export function thriftyDatabaseStore(config: { tableName: string }) {
  return configProvider.create(async (app) => {
    const factory = await stores.database(config).resolver(app)
    const db = await app.container.make('lucid.db')
    return ((ctx, sessionConfig) =>
      new ThriftyDatabaseStore(
        factory(ctx, sessionConfig) as SessionStoreWithTaggingContract,
        db.connection(),
        config.tableName,
        string.seconds.parse(sessionConfig.age) * 1000
      )) satisfies SessionStoreFactory
  })
}
