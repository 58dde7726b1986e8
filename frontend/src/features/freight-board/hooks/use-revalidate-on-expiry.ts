import { useEffect, useRef } from 'react'

/**
 * Reload once when a hold shown on screen runs out, so the load shows as free (or gone)
 * when its countdown reaches zero rather than at the next 30-second refresh.
 */
export function useRevalidateOnExpiry(
  expiries: (string | null)[],
  now: number,
  revalidate: () => void
) {
  const done = useRef(new Set<string>())
  useEffect(() => {
    const due = expiries.filter(
      (at): at is string => at != null && !done.current.has(at) && new Date(at).getTime() <= now
    )
    if (due.length === 0) return
    for (const at of due) done.current.add(at)
    revalidate()
  }, [expiries, now, revalidate])
}
