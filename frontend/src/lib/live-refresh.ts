import { useCallback, useEffect, useRef } from 'react'
import { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import { useLiveChannel } from '@/lib/live'

/**
 * "Something changed" notices (docs/decisions/0171): the kind of record, its id and the status
 * or change it went through, never who did it. The screen fetches again through the API.
 */
export type LiveNoticeKind =
  | 'booking'
  | 'load'
  | 'offer'
  | 'expedited'
  | 'account'
  | 'carrier'
  | 'drayage'
  | 'payout'
  | 'contact'
  | 'message'
  | 'company'
  | 'claim'
  | 'notification'
  | 'alert'
export type LiveNotice = { kind: LiveNoticeKind; id: number; change: string }

/** The signed-in user's own channel (the server lets only that user listen). */
export const userChannel = (userId: number) => `users/${userId}`
/** The admins' channel (admins signed in with two-factor). */
export const ADMIN_CHANNEL = 'admin'

/**
 * A cached read whose data is not the API's answer as it comes (its hook's fetcher reshapes it):
 * loaded again with `load`.
 */
export type LiveRead = { path: string; load: () => Promise<unknown> }

/**
 * Which cached reads a notice of each kind makes stale: API paths, each standing for itself,
 * `path?query` and `path/...` (a booking's history under `/api/bookings`; `path?` for the
 * queries alone; `*` for any one segment), loaded again with
 * `api.get` (the key is the path, its data the answer); or a `LiveRead` with its own loader.
 */
export type LiveRefreshRules = Partial<Record<LiveNoticeKind, readonly (string | LiveRead)[]>>

/** Notices that arrive together (a claim: the load, then its booking) cost one refetch. */
const COALESCE_MS = 50

/**
 * `path`, `path?query` and `path/...`; a path ending in `?` only its queries; a `*` segment
 * stands for any one segment (every booking's thread, `/api/bookings/<any id>/messages`, and
 * not the booking lists).
 */
const under = (path: string) => {
  if (path.includes('*')) {
    const escaped = path
      .split('*')
      .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
      .join('[^/?]+')
    const pattern = new RegExp(`^${escaped}(?:[?/].*)?$`)
    return (key: string) => pattern.test(key)
  }
  return (key: string) =>
    path.endsWith('?')
      ? key.startsWith(path)
      : key === path || key.startsWith(`${path}?`) || key.startsWith(`${path}/`)
}

/**
 * A channel whose subscription has not come back this long after another's is not waited for:
 * the reads are fetched again without it (and again when it does come back).
 */
const SUBSCRIBE_WAIT_MS = 2000

/**
 * Keeps the reads `rules` name fresh from the notices on `channels` (one or two; `null` for one
 * not listened to yet): each notice refetches every cached read its kind names, on screen or
 * not (the app never revalidates stale data on mount), keeping the old data until the new one
 * arrives and when the refetch fails. Once every channel is subscribed, and again whenever the
 * stream reconnected and every channel is subscribed again, everything the rules name is
 * refetched once (not once per channel): what was pushed meanwhile reached nobody. The screens'
 * own polls stay as the fallback.
 */
export function useLiveRefresh(
  channels: string | null | readonly [string | null, (string | null)?],
  rules: LiveRefreshRules,
  /** Also told of every notice (a toast for some kinds), after the refetches are queued. */
  onEach?: (notice: LiveNotice) => void
) {
  const [first = null, second = null] =
    typeof channels === 'string' || channels === null ? [channels] : channels
  const { cache, mutate } = useSWRConfig()
  const current = useRef(rules)
  const each = useRef(onEach)
  useEffect(() => {
    current.current = rules
    each.current = onEach
  })
  const pending = useRef(new Set<string | LiveRead>())
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  /** The channels not subscribed (again) since everything was last fetched on subscribing. */
  const unsubscribed = useRef(new Set<string>())
  const waitTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
      if (waitTimer.current) clearTimeout(waitTimer.current)
    },
    []
  )

  const flush = useCallback(() => {
    timer.current = null
    const reads = [...pending.current].map((read) =>
      typeof read === 'string'
        ? { matches: under(read), load: (key: string) => api.get(key) }
        : { matches: (key: string) => key === read.path, load: read.load }
    )
    pending.current.clear()
    for (const key of cache.keys()) {
      if (typeof key !== 'string' || key.startsWith('$')) continue
      if (cache.get(key)?.data === undefined) continue
      const read = reads.find(({ matches }) => matches(key))
      if (read) void mutate(key, read.load(key), { revalidate: false }).catch(() => undefined)
    }
  }, [cache, mutate])

  const stale = useCallback(
    (paths: readonly (string | LiveRead)[] | undefined) => {
      if (!paths?.length) return
      for (const path of paths) pending.current.add(path)
      timer.current ??= setTimeout(flush, COALESCE_MS)
    },
    [flush]
  )

  const onNotice = useCallback(
    (notice: LiveNotice) => {
      stale(current.current[notice?.kind])
      each.current?.(notice)
    },
    [stale]
  )

  const listening = [first, second].filter((channel): channel is string => channel !== null)
  const listeningKey = listening.join('\n')
  const refetchAll = useCallback(() => {
    if (waitTimer.current) clearTimeout(waitTimer.current)
    waitTimer.current = null
    for (const channel of listeningKey ? listeningKey.split('\n') : []) {
      unsubscribed.current.add(channel)
    }
    stale(Object.values(current.current).flatMap((paths) => paths ?? []))
  }, [listeningKey, stale])
  // A new set of channels: each is waited for once more.
  useEffect(() => {
    unsubscribed.current = new Set(listeningKey ? listeningKey.split('\n') : [])
  }, [listeningKey])
  const subscribed = useCallback(
    (channel: string) => {
      unsubscribed.current.delete(channel)
      if (unsubscribed.current.size === 0) refetchAll()
      else waitTimer.current ??= setTimeout(refetchAll, SUBSCRIBE_WAIT_MS)
    },
    [refetchAll]
  )
  const firstSubscribed = useCallback(() => first && subscribed(first), [first, subscribed])
  const secondSubscribed = useCallback(() => second && subscribed(second), [second, subscribed])
  useLiveChannel<LiveNotice>(first, onNotice, firstSubscribed)
  useLiveChannel<LiveNotice>(second, onNotice, secondSubscribed)
}
