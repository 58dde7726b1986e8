import { randomUUID } from 'node:crypto'
import env from '#start/env'

/**
 * What the in-process caches keep about rows another instance may change: a user, a session, a
 * bearer token (each by id; decision 0071), the freight board's shared pages and the search
 * answers (emptied whole; decisions 0072, 0089).
 */
export type InvalidationTopic = 'user' | 'session' | 'access-token' | 'freight-board' | 'search'

type Handler = (key: string | null) => void

/** What carries evictions to the other instances: Redis pub/sub, or nothing (one instance). */
export type BusTransport = {
  publish(channel: string, message: string): Promise<unknown>
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>
}

/** The pub/sub channel every instance of a deployment publishes and listens on. */
export const INVALIDATION_CHANNEL = 'palletline:invalidate'

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
class InvalidationBus {
  readonly origin = randomUUID()
  #handlers = new Map<InvalidationTopic, Set<Handler>>()
  #transport: BusTransport | null = null
  #channel = INVALIDATION_CHANNEL
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
    this.#channel = options.channel ?? INVALIDATION_CHANNEL
    if (options.listen) await transport.subscribe(this.#channel, (m) => this.receive(m))
    this.#transport = transport
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
