import { LRUCache } from 'lru-cache'
import env from '#start/env'
import { invalidationBus, type InvalidationTopic } from '#core/invalidation_bus'

/**
 * How long a process may answer a signed-in request from memory instead of reading the
 * session row and the user row again (docs/decisions/0071). Writes through this process evict
 * at once, and through the invalidation bus on every instance when Redis is configured
 * (decision 0148); the bound matters only for a write whose message was lost.
 */
export function readCacheMs() {
  return env.get('AUTH_READ_CACHE_MS', env.get('NODE_ENV') === 'test' ? 0 : 5000)
}

/**
 * A bounded, short-lived cache of rows read on every signed-in request. A TTL of 0 turns it
 * off (the test suite, whose rolled-back transactions reuse ids). An eviction goes through the
 * invalidation bus under `topic`, so every instance forgets the row.
 */
export class ReadCache<Value extends {}> {
  #ttlMs: number
  #evictions = 0
  #entries: LRUCache<string, Value>

  constructor(
    max: number,
    ttlMs: number,
    private topic: InvalidationTopic
  ) {
    this.#ttlMs = ttlMs
    this.#entries = new LRUCache<string, Value>({ max, ttl: Math.max(ttlMs, 1) })
    invalidationBus.on(topic, (key) => this.#forget(key))
  }

  get enabled() {
    return this.#ttlMs > 0
  }

  get(key: string | number): Value | undefined {
    return this.#ttlMs > 0 ? this.#entries.get(String(key)) : undefined
  }

  /** Take before reading the row; pass to set(), which drops a row an eviction overtook. */
  stamp() {
    return this.#evictions
  }

  set(key: string | number, value: Value, stamp: number) {
    if (this.#ttlMs > 0 && stamp === this.#evictions) this.#entries.set(String(key), value)
  }

  /**
   * Forgets the row here and on every other instance; the promise settles when Redis took the
   * message (await it before answering a logout or a revocation).
   */
  evict(key: string | number): Promise<void> {
    return invalidationBus.publish(this.topic, key)
  }

  #forget(key: string | null) {
    this.#evictions++
    if (key === null) this.#entries.clear()
    else this.#entries.delete(key)
  }

  /** For a test that proves the cache: switch it on or off, empty either way. */
  configure(ttlMs: number) {
    this.#ttlMs = ttlMs
    this.#entries = new LRUCache<string, Value>({ max: this.#entries.max, ttl: Math.max(ttlMs, 1) })
  }

  clear() {
    this.#entries.clear()
  }
}
