import { useCallback } from 'react'
import { useSWRConfig } from 'swr'
import { api } from '@/lib/api-client'

export type KeyMatcher = (key: string) => boolean

/** Matches `path` itself and anything under it: `path?query`, `path/123/history`. */
export function under(path: string): KeyMatcher {
  return (key) => key === path || key.startsWith(`${path}?`) || key.startsWith(`${path}/`)
}

/**
 * Refetch every cached read whose key matches, whether or not a component shows it right now.
 * The app never revalidates stale data on mount, so a plain `mutate(key)` would leave the data of
 * a section that is not on screen (the dashboard while you edit trucks) stale until a reload.
 */
export function useRefresh() {
  const { cache, mutate } = useSWRConfig()
  return useCallback(
    async (...matchers: KeyMatcher[]) => {
      const keys = [...cache.keys()].filter(
        (key): key is string =>
          typeof key === 'string' && !key.startsWith('$') && matchers.some((m) => m(key))
      )
      await Promise.all(
        keys.map((key) => mutate(key, api.get(key), { revalidate: false }).catch(() => undefined))
      )
    },
    [cache, mutate]
  )
}
