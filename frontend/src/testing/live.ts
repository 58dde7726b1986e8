import { act } from '@testing-library/react'
import type { LiveClient, LiveSubscription } from '@/lib/live'

/** A transmit client without EventSource: tests push messages on a channel by hand. */
export function fakeLiveClient() {
  const handlers = new Map<string, Set<(message: unknown) => void>>()
  const resubscribed = new Set<(channel: string) => void>()
  /** Channels subscribed now (created, not deleted since). */
  const live = new Set<string>()
  const created: string[] = []
  const deleted: string[] = []
  const state = { closed: 0 }
  const subscriptions = new Map<string, LiveSubscription>()
  const client: LiveClient = {
    // Like transmit: one subscription per channel until it is deleted.
    subscription(channel: string) {
      const existing = subscriptions.get(channel)
      if (existing) return existing
      const set = handlers.get(channel) ?? new Set()
      handlers.set(channel, set)
      const subscription: LiveSubscription = {
        get handlerCount() {
          return set.size
        },
        create: async () => {
          created.push(channel)
          live.add(channel)
        },
        delete: async () => {
          deleted.push(channel)
          live.delete(channel)
          subscriptions.delete(channel)
        },
        onMessage<T>(handler: (message: T) => void) {
          const h = handler as (message: unknown) => void
          set.add(h)
          return () => void set.delete(h)
        },
      }
      subscriptions.set(channel, subscription)
      return subscription
    },
    onResubscribed(handler) {
      resubscribed.add(handler)
      return () => void resubscribed.delete(handler)
    },
    close() {
      state.closed += 1
    },
  }
  const push = (channel: string, message: unknown) =>
    act(() => handlers.get(channel)?.forEach((h) => h(message)))
  /** The stream came back (another instance): like transmit, every channel is subscribed again. */
  const reconnect = () =>
    act(() => live.forEach((channel) => resubscribed.forEach((h) => h(channel))))
  return { client, created, deleted, state, push, reconnect }
}
