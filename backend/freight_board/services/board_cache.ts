import { gzipSync } from 'node:zlib'
import { LRUCache } from 'lru-cache'
import emitter from '@adonisjs/core/services/emitter'
import env from '#start/env'
import { invalidationBus } from '#core/invalidation_bus'
import { SingleFlight } from '#core/single_flight'
import type { BoardLoad } from '#freight_board/services/freight_presenter'

/** A board page as every carrier without a hold on it or an invite sees it. */
export type BoardPage = {
  loads: BoardLoad[]
  /** the same, serialised once */
  json: string
  /** a strong validator of `json`, for refreshes that changed nothing (304) */
  etag: string
  /** `json` gzipped, made on the first read that accepts it */
  gzip?: Buffer
  /** carrier id → the loads it holds on this page (found once per page, not once per read) */
  heldBy: Map<number, Set<number>>
  /** epoch ms: the first hold, load or invite expiry that changes the page without a write */
  validUntil: number
  /**
   * epoch ms: when a page that ends only by the cache's bound (no expiry on it) is read again
   * in the background while it is still served; unset when an expiry ends it first
   */
  renewAt?: number
}

/**
 * The page's JSON gzipped, compressed once per page instead of once per read: a board page is
 * about 14 kB of JSON and 2 kB gzipped, and every browser asks for gzip.
 */
export function gzippedPage(page: Pick<BoardPage, 'json' | 'gzip'>): Buffer {
  page.gzip ??= gzipSync(page.json)
  return page.gzip
}

/** Whether an Accept-Encoding header takes gzip (a plain split: no negotiation per read). */
export function acceptsGzip(header: string | undefined): boolean {
  if (!header) return false
  for (const part of header.split(',')) {
    const [coding, ...params] = part.split(';')
    if (coding.trim().toLowerCase() !== 'gzip') continue
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
    return q === undefined || Number(q.slice(2)) > 0
  }
  return false
}

/** Carriers with an invite in its exclusive window, and when the first such window ends. */
export type InviteIndex = { carriers: Set<number>; validUntil: number }

/**
 * The board's shared pages, by filter set (docs/decisions/0072). Every change to a load
 * (`freight:changed`, after its transaction commits) empties the cache of every instance
 * through the invalidation bus (decision 0148); a page also ends at its first time-based
 * change (a hold or load expiring, an invite window closing) and, when a message is lost,
 * after `BOARD_CACHE_MS` at most.
 */
class BoardCache {
  #ttlMs: number
  #generation = 0
  #pages = new LRUCache<string, BoardPage>({ max: 500 })
  #invites: InviteIndex | null = null
  /** what is being read from the database now, by key, tagged with its generation */
  #building = new SingleFlight<unknown>()
  /** user id → carrier id: never changes for a user */
  readonly carrierIds = new LRUCache<number, number>({ max: 10_000 })

  constructor(ttlMs: number) {
    this.#ttlMs = ttlMs
  }

  get enabled() {
    return this.#ttlMs > 0
  }

  /** The latest time a page built at `nowMs` may be served. */
  horizon(nowMs: number) {
    return nowMs + this.#ttlMs
  }

  /**
   * When a page built at `nowMs` that ends at the bound is read again ahead of time: two thirds
   * of the way (2 s of 3), so under load no request waits for the periodic read.
   */
  renewAt(nowMs: number) {
    return nowMs + Math.floor((this.#ttlMs * 2) / 3)
  }

  /** Take before reading; a put() with an older stamp is dropped (a change overtook it). */
  stamp() {
    return this.#generation
  }

  /**
   * One database read per key at a time (single flight): a read that misses joins a build
   * begun in the current generation, so a page ending under load sends one query to the
   * database instead of one per waiting request. A build begun before a change is never
   * joined: its rows may predate the change. `make` gets the stamp to put its result under.
   */
  shared<T>(key: string, make: (stamp: number) => Promise<T>): Promise<T> {
    const stamp = this.#generation
    return this.#building.run(key, String(stamp), () => make(stamp)) as Promise<T>
  }

  page(key: string, nowMs: number) {
    const page = this.#pages.get(key)
    return page && nowMs < page.validUntil ? page : undefined
  }

  putPage(key: string, page: BoardPage, stamp: number) {
    if (this.enabled && stamp === this.#generation) this.#pages.set(key, page)
  }

  invites(nowMs: number) {
    return this.#invites && nowMs < this.#invites.validUntil ? this.#invites : undefined
  }

  putInvites(index: InviteIndex, stamp: number) {
    if (this.enabled && stamp === this.#generation) this.#invites = index
  }

  invalidate() {
    this.#generation++
    this.#pages.clear()
    this.#invites = null
  }

  /** For tests: switch it on or off, forgetting everything (their databases reuse ids). */
  configure(ttlMs: number) {
    this.#ttlMs = ttlMs
    this.forget()
  }

  forget() {
    this.invalidate()
    this.carrierIds.clear()
  }
}

export const boardCache = new BoardCache(
  env.get('BOARD_CACHE_MS', env.get('NODE_ENV') === 'test' ? 0 : 3000)
)

// A change on any instance empties every instance's pages (decision 0148); BOARD_CACHE_MS
// bounds what a lost message leaves behind.
invalidationBus.on('freight-board', () => boardCache.invalidate())
emitter.on('freight:changed', () => invalidationBus.publish('freight-board'))
