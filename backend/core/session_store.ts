import { configProvider } from '@adonisjs/core'
import { MessageBuilder } from '@adonisjs/core/helpers'
import string from '@adonisjs/core/helpers/string'
import { stores } from '@adonisjs/session'
import type {
  SessionData,
  SessionStoreFactory,
  SessionStoreWithTaggingContract,
} from '@adonisjs/session/types'
import type { HttpContext } from '@adonisjs/core/http'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { ReadCache, readCacheMs } from '#core/read_cache'

/** A session's expiry is pushed forward at most this often, not on every request. */
export const TOUCH_EVERY_MS = 15 * 60 * 1000

type SessionRow = { data: string; expiresAt: number }

/** The request's session store, when it is this one (on the context: see sessionStoreOf). */
const SESSION_STORE = Symbol('palletline.sessionStore')
type RequestWithStore = HttpContext & { [SESSION_STORE]?: { expiryUnchanged: boolean } }

/** The request's database session store, if the session driver is `database`. */
export function sessionStoreOf(ctx: HttpContext): { expiryUnchanged: boolean } | undefined {
  return (ctx as RequestWithStore)[SESSION_STORE]
}

/** Session rows read lately, by session id; every write, touch and destroy here evicts. */
export const sessionRows = new ReadCache<SessionRow>(10_000, readCacheMs(), 'session')

type Contents = SessionData

/** What each cached row's data verified to, for the session id it was verified against. */
const verified = new WeakMap<
  SessionRow,
  { sessionId: string; contents: Contents | null; flat: boolean }
>()

const isFlat = (contents: Contents | null) =>
  contents !== null &&
  Object.values(contents).every((value) => value === null || typeof value !== 'object')

/**
 * The session's values stored in a row, checked against the session id they were written for
 * (no values when they were not). The session changes the object it is given, so each request
 * gets its own: a copy of the row's verified values when they are flat (a signed-in session
 * holds the user's id and little else), else a fresh parse. Rows are never changed once read
 * (a write replaces the cached row), so the first answer for a row stays true.
 */
function contentsOf(row: SessionRow, sessionId: string): Contents | null {
  let known = verified.get(row)
  if (known?.sessionId !== sessionId) {
    const contents = verify(row.data, sessionId)
    known = { sessionId, contents, flat: isFlat(contents) }
    verified.set(row, known)
  }
  if (known.contents === null) return null
  return known.flat ? { ...known.contents } : verify(row.data, sessionId)
}

function verify(data: string, sessionId: string): Contents | null {
  try {
    return new MessageBuilder().verify(data, sessionId)
  } catch {
    return null
  }
}

/**
 * The database session store, with two changes: a row read lately is answered from
 * `sessionRows` (docs/decisions/0071), and a signed-in request does not rewrite the
 * session's expiry when it was pushed forward less than TOUCH_EVERY_MS ago, so reading the
 * current user costs one read instead of a read and a write. Expiry is still exact to within
 * that interval; writes, destroys and tags go to AdonisJS's store unchanged.
 */
class ThriftyDatabaseStore implements SessionStoreWithTaggingContract {
  #expiresAt: number | null = null
  #inner: SessionStoreWithTaggingContract | null = null

  /**
   * Made per request, so it makes only what the request uses: AdonisJS's store (and its
   * database client) on the first write, destroy, touch or tag, the client for a read only
   * when the row is not in `sessionRows`. A signed-in read answered from the cache makes
   * neither.
   */
  constructor(
    private makeInner: () => SessionStoreWithTaggingContract,
    private client: () => QueryClientContract,
    private tableName: string,
    private ttlMs: number
  ) {}

  private get inner() {
    this.#inner ??= this.makeInner()
    return this.#inner
  }

  async read(sessionId: string): Promise<SessionData | null> {
    const row = sessionRows.get(sessionId) ?? (await this.#readRow(sessionId))
    if (!row) return null
    if (Date.now() > row.expiresAt) {
      await this.destroy(sessionId)
      return null
    }
    this.#expiresAt = row.expiresAt
    return contentsOf(row, sessionId)
  }

  async #readRow(sessionId: string): Promise<SessionRow | null> {
    const stamp = sessionRows.stamp()
    const row = await this.client()
      .from(this.tableName)
      .where('id', sessionId)
      .select('data', 'expires_at')
      .first()
    if (!row) return null
    const fresh = { data: row.data as string, expiresAt: new Date(row.expires_at).getTime() }
    sessionRows.set(sessionId, fresh, stamp)
    return fresh
  }

  async write(sessionId: string, values: SessionData) {
    sessionRows.evict(sessionId)
    await this.inner.write(sessionId, values)
    await sessionRows.evict(sessionId)
  }

  async destroy(sessionId: string) {
    sessionRows.evict(sessionId)
    await this.inner.destroy(sessionId)
    await sessionRows.evict(sessionId)
  }

  /**
   * Whether the session read this request was pushed forward less than TOUCH_EVERY_MS ago, so
   * a touch would change nothing (and the cookie sent then still expires with the row).
   */
  get expiryUnchanged() {
    return this.#expiresAt !== null && this.#expiresAt - Date.now() > this.ttlMs - TOUCH_EVERY_MS
  }

  async touch(sessionId: string) {
    if (this.expiryUnchanged) return
    await this.inner.touch(sessionId)
    await sessionRows.evict(sessionId)
  }

  tag(sessionId: string, userId: string) {
    return this.inner.tag(sessionId, userId)
  }

  untag(sessionId: string, userId: string) {
    return this.inner.untag(sessionId, userId)
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
    const ttlByAge = new Map<string | number, number>()
    const ttlMsOf = (age: string | number) => {
      let ttlMs = ttlByAge.get(age)
      if (ttlMs === undefined) {
        ttlMs = string.seconds.parse(age) * 1000
        ttlByAge.set(age, ttlMs)
      }
      return ttlMs
    }
    return ((ctx, sessionConfig) => {
      const store = new ThriftyDatabaseStore(
        () => factory(ctx, sessionConfig) as SessionStoreWithTaggingContract,
        () => db.connection(),
        config.tableName,
        ttlMsOf(sessionConfig.age)
      )
      // AdonisJS's SessionCollection (ending a user's other sessions) makes one with no request.
      if (ctx) (ctx as RequestWithStore)[SESSION_STORE] = store
      return store
    }) satisfies SessionStoreFactory
  })
}
