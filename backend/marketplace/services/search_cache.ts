import Database, { type Statement } from 'better-sqlite3'
import { LRUCache } from 'lru-cache'
import emitter from '@adonisjs/core/services/emitter'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { invalidationBus } from '#core/invalidation_bus'
import { SingleFlight } from '#core/single_flight'
import { WalHeaderWatch } from '#core/sqlite_wal_watch'
import { sqliteWrites } from '#core/sqlite_statements'

/**
 * SQLite: how long a commit by another process may go unseen by the version (decisions 0155
 * and 0156); this process's own writes are seen at once.
 */
export const SQLITE_RECHECK_MS = 1

/**
 * A search answer as sent: the page's JSON, encoded once (a cached answer is sent many times,
 * and a string body is encoded again on every send), and where it stands.
 */
export type CachedSearch = {
  json: Buffer
  total: number
  page: number
  perPage: number
  nextPage: number | null
}

type Entry = CachedSearch & { version: string; storedAt: number }

/**
 * Search answers by request (decision 0089): the same shipment, date, pallets and page answer
 * the same JSON until something search reads changes. The database keeps a version that
 * triggers move on every such write (listings, bookings, trucks, approvals; migration 0533),
 * read once per request: an entry stored under another version is never served. An entry
 * also ends after `SEARCH_CACHE_MS` (3,000 ms; `0` turns the cache off, as the test suite
 * does except the test that proves it), which bounds what the version cannot see: on
 * PostgreSQL a sequence moves before its transaction commits, so a search running in that
 * instant could store the old answer under the new version. Bookings, the commonest such
 * write, close that gap: once committed, a booking made or changing status empties every
 * instance's entries through the invalidation bus (decision 0148).
 */
class SearchCache {
  #ttlMs: number
  #entries = new LRUCache<string, Entry>({ max: 1000 })
  #generation = 0
  /** the version a LISTEN connection announces (PostgreSQL, decision 0150); null: read it */
  #announced: string | null = null
  /** SQLite: the version read on a read-only handle of its own, prepared once */
  #sqliteVersion: Statement<[], unknown> | null = null
  /** SQLite: whether anything committed since the version was last read (decision 0155) */
  #sqliteCommits: WalHeaderWatch | null = null
  #sqliteSeen = 'none'
  /** when the `-shm` header was last looked at, and this process's write count then */
  #sqliteCheckedAt = 0
  #sqliteCheckedWrites = -1
  /** the searches under way, by key, with the version and generation they began under */
  #running = new SingleFlight<CachedSearch>()

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs
  }

  get enabled() {
    return this.#ttlMs > 0
  }

  /** Turns the cache on or off (the test that proves it); empties it either way. */
  configure(ttlMs: number) {
    this.#ttlMs = ttlMs
    this.#entries.clear()
  }

  /**
   * Set by the search version feed while it listens, `null` when it stops. Versions announced
   * and versions read never look alike, so a switch between them serves nothing stored before.
   */
  announce(version: string | null) {
    this.#announced = version
  }

  /** The current version of what search reads. */
  async version(): Promise<string> {
    if (this.#announced !== null) return this.#announced
    // SQLite, once its handle is open and no global transaction (the tests') is under way:
    // without building a query client, and without a statement unless a commit may have moved
    // the version (decision 0155).
    if (this.#sqliteVersion !== null && db.connectionGlobalTransactions.size === 0) {
      return this.readSqliteVersion()
    }
    const connection = db.connection()
    if (connection.dialect.name === 'postgres') {
      const result = await connection.rawQuery(
        'SELECT last_value, is_called FROM search_version_seq'
      )
      const row = result.rows[0]
      return `${row.last_value}:${row.is_called}`
    }
    // A read-only handle of this process's own on the database file answers in microseconds
    // (a prepared statement, no pool), and sees every committed write of any process, as the
    // pool's connection would. Inside the tests' global transaction the version must come
    // through it, which also sees the transaction's own writes.
    if (!connection.isTransaction) {
      const statement = this.sqliteVersion(
        db.manager.get(connection.connectionName)?.config.connection
      )
      if (statement) return this.readSqliteVersion()
    }
    const rows = await connection.rawQuery('SELECT version FROM search_version WHERE id = 1')
    return String(rows[0]?.version ?? 'none')
  }

  private sqliteVersion(config: unknown) {
    if (this.#sqliteVersion) return this.#sqliteVersion
    const filename = (config as { filename?: unknown } | undefined)?.filename
    if (typeof filename !== 'string' || filename === ':memory:' || filename === '') return null
    const handle = new Database(filename, { readonly: true, fileMustExist: true })
    this.#sqliteVersion = handle
      .prepare<[], unknown>('SELECT version FROM search_version WHERE id = 1')
      .pluck()
    // Read once first: the handle's connection then holds the database open in WAL mode, so its
    // `-shm` file stays while the watch reads it.
    this.#sqliteSeen = String(this.#sqliteVersion.get() ?? 'none')
    this.#sqliteCommits = new WalHeaderWatch(filename)
    return this.#sqliteVersion
  }

  /**
   * The version on the read-only handle, read again only when a commit may have moved it. The
   * `-shm` header is looked at after any write of this process's own, and otherwise at most
   * every SQLITE_RECHECK_MS for other processes' commits: under load, one request in many
   * pays for the look.
   */
  private readSqliteVersion(): string {
    const now = Date.now()
    const writes = sqliteWrites()
    if (writes === this.#sqliteCheckedWrites && now - this.#sqliteCheckedAt < SQLITE_RECHECK_MS) {
      return this.#sqliteSeen
    }
    this.#sqliteCheckedWrites = writes
    this.#sqliteCheckedAt = now
    if (this.#sqliteCommits!.changed()) {
      this.#sqliteSeen = String(this.#sqliteVersion!.get() ?? 'none')
    }
    return this.#sqliteSeen
  }

  /** Drops every entry, and any answer whose search was under way (the bus's 'search'). */
  forget() {
    this.#generation++
    this.#entries.clear()
  }

  /** Take before searching; set() drops an answer a forget() overtook. */
  stamp() {
    return this.#generation
  }

  get(key: string, version: string): CachedSearch | null {
    const entry = this.#entries.get(key)
    if (!entry) return null
    if (entry.version !== version || Date.now() - entry.storedAt > this.#ttlMs) {
      this.#entries.delete(key)
      return null
    }
    return entry
  }

  /**
   * The answer for a key that missed, searched once however many requests miss it at once
   * (single flight): a request joins a search begun under the same version and generation,
   * so when an entry ends under load the database sees one search instead of one per
   * connection. The answer is stored as set() would.
   */
  shared(
    key: string,
    version: string,
    stamp: number,
    search: () => Promise<CachedSearch>
  ): Promise<CachedSearch> {
    return this.#running.run(key, `${version}@${stamp}`, async () => {
      const found = await search()
      this.set(key, version, found, stamp)
      return found
    })
  }

  set(key: string, version: string, answer: CachedSearch, stamp: number) {
    if (this.enabled && stamp === this.#generation) {
      this.#entries.set(key, { ...answer, version, storedAt: Date.now() })
    }
  }
}

export const searchCache = new SearchCache(
  env.get('SEARCH_CACHE_MS', env.get('NODE_ENV') === 'test' ? 0 : 3000)
)

invalidationBus.on('search', () => searchCache.forget())
emitter.on('booking:status_changed', () => invalidationBus.publish('search'))
