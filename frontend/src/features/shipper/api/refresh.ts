import type { Cache, ScopedMutator } from 'swr'

type SWRTools = { cache: Cache; mutate: ScopedMutator }

/**
 * Load `key` again and store the answer whether or not a component shows it right now.
 * A plain `mutate(key)` only revalidates mounted hooks, and with data never going stale on
 * its own, a tab opened later would show the old data. Mounted views keep their current
 * data until the new one arrives (no skeleton flash); a failed reload keeps the old data.
 * A key never loaded has nothing stale and is left alone: it loads when first shown.
 */
export function refresh<T>({ cache, mutate }: SWRTools, key: string, load: () => Promise<T>) {
  if (cache.get(key)?.data === undefined) return Promise.resolve(undefined)
  return mutate(key, load(), { revalidate: false }).catch(() => undefined)
}
