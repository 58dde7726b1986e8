import { useCallback, useEffect, useRef } from 'react'
import { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'
import { useLiveChannel } from '@/lib/live'

/**
 * "Something changed" notices (docs/decisions/0171): the kind of record, its id and the status
 * or change it went through, never who did it. The screen fetches again through the API.
 */
export type LiveNoticeKind =
  'booking' | 'load' | 'expedited' | 'account' | 'carrier' | 'drayage' | 'payout' | 'contact'
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
 * queries alone), loaded again with
 * `api.get` (the key is the path, its data the answer); or a `LiveRead` with its own loader.
 */
export type LiveRefreshRules = Partial<Record<LiveNoticeKind, readonly (string | LiveRead)[]>>

/** Notices that arrive together (a claim: the load, then its booking) cost one refetch. */
const COALESCE_MS = 50

/** `path`, `path?query` and `path/...`; a path ending in `?` only its queries. */
const under = (path: string) => (key: string) =>
  path.endsWith('?')
    ? key.startsWith(path)
    : key === path || key.startsWith(`${path}?`) || key.startsWith(`${path}/`)

/**
 * Keeps the reads `rules` name fresh from the notices on `channel`: each notice refetches every
 * cached read its kind names, on screen or not (the app never revalidates stale data on mount),
 * keeping the old data until the new one arrives and when the refetch fails. Once subscribed,
 * and again whenever the stream reconnected, everything the rules name is refetched: what was
 * pushed meanwhile reached nobody. The screens' own polls stay as the fallback.
 */
export function useLiveRefresh(channel: string | null, rules: LiveRefreshRules) {
  const { cache, mutate } = useSWRConfig()
  const current = useRef(rules)
  useEffect(() => {
    current.current = rules
  })
  const pending = useRef(new Set<string | LiveRead>())
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null)
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current)
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
    (notice: LiveNotice) => stale(current.current[notice?.kind]),
    [stale]
  )
  const onSubscribed = useCallback(
    () => stale(Object.values(current.current).flatMap((paths) => paths ?? [])),
    [stale]
  )
  useLiveChannel<LiveNotice>(channel, onNotice, onSubscribed)
}
