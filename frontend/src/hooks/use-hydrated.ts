import { useSyncExternalStore } from 'react'

const noUpdates = () => () => {}

/**
 * False in a prerendered page's HTML and while React hydrates it, true from then on (and at
 * once in a page React renders itself). A form in prerendered HTML is inert until then: React
 * would reset what someone typed into it before hydration.
 */
export function useHydrated() {
  return useSyncExternalStore(
    noUpdates,
    () => true,
    () => false
  )
}
