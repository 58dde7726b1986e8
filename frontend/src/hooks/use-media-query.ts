import * as React from 'react'

/** Phones: below Tailwind's `md` (768 px), where wide tables become cards. */
export const PHONE_QUERY = '(max-width: 767.98px)'

/**
 * Whether a CSS media query matches now, following changes (a rotated phone, a resized
 * window). Read synchronously on the first render, so the page does not flash the other layout;
 * false where there is no window.
 */
export function useMediaQuery(query: string): boolean {
  const read = () => typeof window !== 'undefined' && window.matchMedia?.(query).matches === true
  const [matches, setMatches] = React.useState(read)
  React.useEffect(() => {
    const list = window.matchMedia?.(query)
    if (!list) return
    const update = () => setMatches(list.matches)
    update()
    list.addEventListener?.('change', update)
    return () => list.removeEventListener?.('change', update)
  }, [query])
  return matches
}
