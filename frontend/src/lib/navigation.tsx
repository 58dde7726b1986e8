import * as React from 'react'

/**
 * Where the page is and how to go elsewhere, without the router. The public pages hydrate
 * without React Router (src/public-start.tsx supplies a navigator that hands over to the full
 * app), and in the full app src/app/router-navigation.tsx supplies React Router's; components
 * that appear on public pages use this and components/ui/link.tsx instead of react-router-dom.
 */
export type PageLocation = { pathname: string; search: string; hash: string; state?: unknown }
export type NavigateOptions = { replace?: boolean; state?: unknown }
export type Navigation = {
  location: PageLocation
  navigate: (to: string, options?: NavigateOptions) => void
}

const NavigationContext = React.createContext<Navigation | null>(null)

export const NavigationProvider = NavigationContext.Provider

export function useNavigation(): Navigation {
  const navigation = React.useContext(NavigationContext)
  if (!navigation) throw new Error('useNavigation must be used within a NavigationProvider')
  return navigation
}

export function usePageLocation() {
  return useNavigation().location
}

/** The query string, and a setter that changes it (in place with `replace`). */
export function usePageSearchParams() {
  const { location, navigate } = useNavigation()
  const params = React.useMemo(() => new URLSearchParams(location.search), [location.search])
  const setParams = React.useCallback(
    (next: URLSearchParams, options?: NavigateOptions) => {
      const search = next.toString()
      navigate(`${location.pathname}${search ? `?${search}` : ''}${location.hash}`, options)
    },
    [navigate, location.pathname, location.hash]
  )
  return [params, setParams] as const
}

/** Goes to `to` once rendered, as React Router's `<Navigate>` does. */
export function Navigate({ to, replace, state }: { to: string } & NavigateOptions) {
  const { navigate } = useNavigation()
  React.useEffect(() => {
    navigate(to, { replace, state })
  }, [navigate, to, replace, state])
  return null
}

/** A history entry as React Router writes them, so the full app reads its state later. */
export const historyEntry = (state: unknown) => ({
  usr: state ?? null,
  key: Math.random().toString(36).slice(2, 10),
})

/** The path part of a link target, for comparing with the current location. */
export function pathnameOf(to: string) {
  return new URL(to, 'http://link.invalid').pathname
}
