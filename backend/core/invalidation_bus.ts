import { randomUUID } from 'node:crypto'
import type { RedisConnection } from '@adonisjs/redis'
import env from '#start/env'
import { redisChannel, redisUnavailable, redisUnreachable } from '#core/redis_resilience'

/**
 * What the in-process caches keep about rows another instance may change: a user, a session, a
 * bearer token (each by id; decision 0071), the freight board's shared pages and the search
 * answers (emptied whole; decisions 0072, 0089), a login's company membership (by user id;
 * decision 0223).
 */
export type InvalidationTopic =
  'user' | 'session' | 'access-token' | 'freight-board' | 'search' | 'membership'

type Handler = (key: string | null) => void

/** What carries evictions to the other instances: Redis pub/sub, or nothing (one instance). */
export type BusTransport = {
  publish(channel: string, message: string): Promise<unknown>
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>
}

/**
 * The pub/sub channel every instance of a deployment publishes and listens on: `invalidate`
 * under REDIS_KEY_PREFIX (`palletline:invalidate` by default), so another deployment on the
 * same Redis never empties this one's caches (docs/decisions/0160).
 */
export function invalidationChannel(prefix?: string) {
  return redisChannel('invalidate', prefix)
}

/** The longest a write waits for Redis to take its message. */
const PUBLISH_WAIT_MS = 1000

/** Redis is part of the deployment when any store uses it, or REDIS_HOST names a server. */
export function redisConfigured(vars: Record<string, string | undefined>): boolean {
  return (
    vars.SESSION_DRIVER === 'redis' ||
    vars.LIMITER_STORE === 'redis' ||
    vars.TRANSMIT_TRANSPORT === 'redis' ||
    Boolean(vars.REDIS_HOST)
  )
}

/** redisConfigured() for this process's environment. */
export function deploymentUsesRedis() {
  return redisConfigured({
    SESSION_DRIVER: env.get('SESSION_DRIVER'),
    LIMITER_STORE: env.get('LIMITER_STORE'),
    TRANSMIT_TRANSPORT: env.get('TRANSMIT_TRANSPORT'),
    REDIS_HOST: env.get('REDIS_HOST'),
  })
}

/**
 * One cluster-wide invalidation bus (decision 0148). A cache registers a handler per topic; a
 * write publishes the topic (and the id it changed): every handler in this process runs at
 * once, and with Redis configured the message goes to every other instance, whose handlers run
 * as it arrives. A process ignores its own messages (already applied). Without Redis, or while
 * Redis is away, only this process hears: each cache's time bound is the fallback.
 */
export class InvalidationBus {
  readonly origin = randomUUID()
  #handlers = new Map<InvalidationTopic, Set<Handler>>()
  #transport: BusTransport | null = null
  #channel = ''
  #received = 0

  on(topic: InvalidationTopic, handler: Handler) {
    let handlers = this.#handlers.get(topic)
    if (!handlers) this.#handlers.set(topic, (handlers = new Set()))
    handlers.add(handler)
  }

  /**
   * Evicts here at once and tells the other instances. The promise settles when Redis took the
   * message (it has then been handed to every subscriber); it never rejects: a lost message
   * leaves the other instances to their time bound.
   */
  publish(topic: InvalidationTopic, key: string | number | null = null): Promise<void> {
    const id = key === null ? null : String(key)
    this.#deliver(topic, id)
    if (!this.#transport) return Promise.resolve()
    const message = JSON.stringify({ origin: this.origin, topic, key: id })
    let timer: NodeJS.Timeout | undefined
    // Redis away must not hold a request: after a second the others fall back to their bound.
    const giveUp = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, PUBLISH_WAIT_MS).unref()
    })
    const sent = this.#transport.publish(this.#channel, message).then(
      () => {},
      () => {}
    )
    return Promise.race([sent, giveUp]).finally(() => clearTimeout(timer))
  }

  /** Messages from other instances applied so far (the operations test reads it). */
  get received() {
    return this.#received
  }

  get connected() {
    return this.#transport !== null
  }

  /** Carries messages through `transport` from now on; listens when `listen` (web processes). */
  async connect(transport: BusTransport, options: { listen: boolean; channel?: string }) {
    this.#channel = options.channel ?? invalidationChannel()
    this.#transport = transport
    if (options.listen) await transport.subscribe(this.#channel, (m) => this.receive(m))
  }

  /**
   * Empties every cache that listens here (each handler gets a whole-topic eviction): what a
   * process does when it may have missed messages, after Redis was away (decision 0160).
   */
  flushLocal() {
    for (const topic of this.#handlers.keys()) this.#deliver(topic, null)
  }

  disconnect() {
    this.#transport = null
  }

  /** A message from the channel: applied unless it is this process's own. */
  receive(raw: string) {
    let message: { origin?: unknown; topic?: unknown; key?: unknown }
    try {
      message = JSON.parse(raw)
    } catch {
      return
    }
    if (message.origin === this.origin || typeof message.topic !== 'string') return
    if (!this.#handlers.has(message.topic as InvalidationTopic)) return
    this.#received++
    const key = typeof message.key === 'string' ? message.key : null
    this.#deliver(message.topic as InvalidationTopic, key)
  }

  #deliver(topic: InvalidationTopic, key: string | null) {
    for (const handler of this.#handlers.get(topic) ?? []) handler(key)
  }
}

export const invalidationBus = new InvalidationBus()

/**
 * Connects `bus` to Redis through `connection` (decision 0148), for good: nothing here gives up
 * while Redis comes and goes (decision 0160).
 * - A publish while Redis is unreachable is skipped at once (the other instances fall back to
 *   their caches' time bounds) instead of holding the request for the next reconnection attempt.
 * - With `listen`, the subscription is made now, and again whenever the subscriber connection
 *   is ready while it is missing (Redis was away at boot); once made, ioredis renews it after
 *   each reconnection.
 * - Each time the subscriber connection is ready (again, after Redis was away), every cache
 *   listening to the bus is emptied: an eviction published meanwhile was not heard.
 * The promise settles with the first subscription attempt (it rejects while Redis is away;
 * the subscription follows when Redis comes).
 */
export function connectBusOverRedis(
  bus: InvalidationBus,
  connection: RedisConnection,
  options: { listen: boolean; channel?: string }
): Promise<void> {
  const channel = options.channel ?? invalidationChannel()
  const publish = (target: string, message: string) =>
    redisUnreachable(connection)
      ? Promise.reject(redisUnavailable())
      : connection.publish(target, message)

  let listener: { channel: string; onMessage: (message: string) => void } | null = null
  let subscription: 'none' | 'pending' | 'made' = 'none'
  const attempt = () =>
    new Promise<void>((resolve, reject) => {
      subscription = 'pending'
      connection.subscribe(listener!.channel, listener!.onMessage, {
        onSubscription: () => {
          subscription = 'made'
          resolve()
        },
        onError: (error) => {
          subscription = 'none'
          reject(error)
        },
      })
    })
  const subscribe = (target: string, onMessage: (message: string) => void) => {
    listener = { channel: target, onMessage }
    return attempt()
  }

  // Ready again after Redis was away (or at last, after a boot without it): whatever was
  // published meanwhile was not heard, so every cache listening here starts afresh.
  connection.on('subscriber:ready', () => {
    bus.flushLocal()
    if (listener && subscription === 'none') attempt().catch(() => {})
  })
  return bus.connect({ publish, subscribe }, { listen: options.listen, channel })
}
