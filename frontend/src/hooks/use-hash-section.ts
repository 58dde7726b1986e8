import { useCallback } from 'react'
import { useLocation, useNavigate } from 'react-router-dom'

/**
 * The dashboard section named by the URL hash (`/carrier#listings`), falling back to the first
 * known section. Selecting a section pushes a history entry so Back returns to the previous one.
 */
export function useHashSection<T extends string>(sections: readonly T[], fallback: T) {
  const { hash, pathname, search } = useLocation()
  const navigate = useNavigate()
  const requested = decodeURIComponent(hash.replace(/^#/, '')) as T
  const current = sections.includes(requested) ? requested : fallback

  const select = useCallback(
    (next: T) => {
      if (next === current) return
      navigate({ pathname, search, hash: next === fallback ? '' : `#${next}` })
      if (typeof window !== 'undefined' && typeof window.scrollTo === 'function') {
        try {
          window.scrollTo({ top: 0 })
        } catch {
          // jsdom and old browsers
        }
      }
    },
    [current, fallback, navigate, pathname, search]
  )

  return [current, select] as const
}
