import { useEffect, useRef } from 'react'
import { Transmit } from '@adonisjs/transmit-client'
import { readXsrfToken } from '@/lib/api-client'

/** The part of a transmit subscription the app uses. */
export type LiveSubscription = {
  readonly handlerCount: number
  create(): Promise<void>
  delete(): Promise<void>
  onMessage<T>(handler: (message: T) => void): () => void
}

/** The part of the transmit client the app uses (a fake in tests). */
export type LiveClient = {
  subscription(channel: string): LiveSubscription
  /**
   * Calls `handler` with a channel each time its subscription is made again because the stream
   * reconnected; returns the function that stops it.
   */
  onResubscribed(handler: (channel: string) => void): () => void
  close(): void
}

/**
 * Reconnection attempts before the client gives up (the screens then keep their 30-second
 * refresh). An instance that shuts down asks for a reconnect in half a second
 * (docs/operations.md, "Shutdown"), so this covers about 20 s of a restarting single server;
 * behind a balancer the first attempt reaches a live instance.
 */
const RECONNECT_ATTEMPTS = 40

// The client copies the cookie as stored (URL-encoded); the server compares the decoded token.
export function withXsrfHeader(request: Request) {
  const token = readXsrfToken()
  if (token) request.headers.set('X-XSRF-TOKEN', token)
}

type TransmitOptions = ConstructorParameters<typeof Transmit>[0]

/**
 * The transmit client. When its stream reconnects (the instance holding it shut down, the
 * network came back), Transmit subscribes every channel again; what was pushed in between
 * reached nobody, so those re-subscriptions are announced (`onResubscribed`) for the screens to
 * fetch again. Tests pass their own EventSource.
 */
export function transmitClient(options: TransmitOptions): LiveClient {
  const subscribed = new Set<string>()
  const resubscribed = new Set<(channel: string) => void>()
  const transmit = new Transmit({
    beforeSubscribe: withXsrfHeader,
    beforeUnsubscribe: withXsrfHeader,
    maxReconnectAttempts: RECONNECT_ATTEMPTS,
    ...options,
    onSubscription: (channel) => {
      if (!subscribed.has(channel)) return void subscribed.add(channel)
      for (const handler of resubscribed) handler(channel)
    },
    onUnsubscription: (channel) => void subscribed.delete(channel),
  })
  return {
    subscription: (channel) => transmit.subscription(channel),
    onResubscribed(handler) {
      resubscribed.add(handler)
      return () => void resubscribed.delete(handler)
    },
    close: () => transmit.close(),
  }
}

function createTransmit(): LiveClient | null {
  if (typeof window === 'undefined' || typeof window.EventSource === 'undefined') return null
  return transmitClient({ baseUrl: window.location.origin })
}

let factory: () => LiveClient | null = createTransmit
let shared: { client: LiveClient; users: number } | null = null
// Listeners of one channel leaving together unsubscribe it once.
const deleting = new WeakSet<LiveSubscription>()

/** Tests swap the transmit client for a fake; `null` restores the real one. */
export function setLiveClientFactory(next: (() => LiveClient | null) | null) {
  shared?.client.close()
  shared = null
  factory = next ?? createTransmit
}

function acquire(): LiveClient | null {
  if (!shared) {
    const client = factory()
    if (!client) return null
    shared = { client, users: 0 }
  }
  shared.users += 1
  return shared.client
}

function release(client: LiveClient) {
  if (!shared || shared.client !== client) return
  shared.users -= 1
  if (shared.users === 0) {
    client.close()
    shared = null
  }
}

/**
 * Call `onMessage` for every message pushed on `channel` while the component is mounted.
 * One transmit connection serves every channel of the page: opened by the first user,
 * closed after the last one has unsubscribed. Without EventSource (tests, old browsers) it does nothing, and the
 * screens fall back to their 30-second refresh.
 *
 * `onSubscribed` runs once the server has the subscription: whatever changed between the
 * screen's first fetch and that moment was pushed to nobody, so a screen fetches again then.
 * It runs again each time the subscription is made again after the stream reconnected (to
 * another instance, when the one holding it shut down), for what was pushed while it was away.
 */
export function useLiveChannel<T>(
  /** `null`: nothing to listen to yet (the user is still loading). */
  channel: string | null,
  onMessage: (message: T) => void,
  onSubscribed?: () => void
) {
  const handler = useRef(onMessage)
  const subscribed = useRef(onSubscribed)
  useEffect(() => {
    handler.current = onMessage
    subscribed.current = onSubscribed
  })

  useEffect(() => {
    if (!channel) return undefined
    const client = acquire()
    if (!client) return undefined
    const subscription = client.subscription(channel)
    const stop = subscription.onMessage<T>((message) => handler.current(message))
    const stopResubscribed = client.onResubscribed((name) => {
      if (name === channel) subscribed.current?.()
    })
    const created = subscription.create()
    let mounted = true
    created.then(() => mounted && subscribed.current?.()).catch(() => undefined)
    return () => {
      mounted = false
      stop()
      stopResubscribed()
      // Unsubscribe once the subscription exists (a delete before that is ignored), and keep
      // the connection until then: closing it first would leave the pending create retrying.
      void created
        .then(() => {
          if (subscription.handlerCount > 0 || deleting.has(subscription)) return undefined
          deleting.add(subscription)
          return subscription.delete()
        })
        .catch(() => undefined)
        .finally(() => release(client))
    }
  }, [channel])
}
