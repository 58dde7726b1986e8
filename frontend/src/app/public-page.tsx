import * as React from 'react'
import { App } from '@/app'
import { GuestOnly, HomeGate } from '@/app/guards/public-gates'
import { PageFrame } from '@/app/layouts/page-frame'
import { PublicLayout } from '@/app/layouts/public-layout'
import type { AppCache } from '@/app/provider'
import {
  historyEntry,
  NavigationProvider,
  type NavigateOptions,
  type Navigation,
  type PageLocation,
} from '@/lib/navigation'

type Gate = (props: { children: React.ReactNode }) => React.ReactNode
type PublicPageModule = { load: () => Promise<{ default: React.ComponentType }>; gate?: Gate }

/**
 * The prerendered pages (frontend/prerender.ts), each with the gate router.tsx puts it behind.
 * They are rendered at build time and hydrated by this tree, without the router.
 */
export const PUBLIC_PAGES: Readonly<Record<string, PublicPageModule>> = {
  '/': { load: () => import('@/app/routes/landing'), gate: HomeGate },
  '/overview': { load: () => import('@/app/routes/overview') },
  '/about': { load: () => import('@/app/routes/about') },
  '/contact': { load: () => import('@/app/routes/contact') },
  '/auth': { load: () => import('@/app/routes/auth'), gate: GuestOnly },
  '/login': { load: () => import('@/app/routes/login'), gate: GuestOnly },
  '/terms': { load: () => import('@/app/routes/terms') },
  '/privacy': { load: () => import('@/app/routes/privacy') },
  '/agreement': { load: () => import('@/app/routes/agreement') },
}

const NoGate: Gate = ({ children }) => children

const browserLocation = (): PageLocation => ({
  pathname: window.location.pathname,
  search: window.location.search,
  hash: window.location.hash,
  state: (window.history.state as { usr?: unknown } | null)?.usr,
})

/**
 * The page's own navigation: a change of query or hash (the /auth tabs) stays on this page; any
 * other page, or Back to one, is the full app's, which takes over (`handOver`).
 */
function PageNavigation({
  pathname,
  location: initial,
  handOver,
  children,
}: {
  pathname: string
  location?: PageLocation
  handOver: (to?: string, options?: NavigateOptions) => void
  children: React.ReactNode
}) {
  const [location, setLocation] = React.useState(() => initial ?? browserLocation())

  React.useEffect(() => {
    const onPopState = () => {
      if (window.location.pathname === pathname) setLocation(browserLocation())
      else handOver()
    }
    window.addEventListener('popstate', onPopState)
    return () => window.removeEventListener('popstate', onPopState)
  }, [pathname, handOver])

  const navigate = React.useCallback(
    (to: string, options: NavigateOptions = {}) => {
      const url = new URL(to, window.location.href)
      if (url.origin !== window.location.origin) return window.location.assign(url.href)
      if (url.pathname !== pathname) return handOver(to, options)
      const method = options.replace ? 'replaceState' : 'pushState'
      window.history[method](historyEntry(options.state), '', url.pathname + url.search + url.hash)
      setLocation(browserLocation())
    },
    [pathname, handOver]
  )

  const navigation = React.useMemo<Navigation>(() => ({ location, navigate }), [location, navigate])
  return <NavigationProvider value={navigation}>{children}</NavigationProvider>
}

/**
 * A public page as the prerender renders it (src/prerender.tsx) and public-start.tsx hydrates
 * it: the same tree in both, so hydration finds the same markup and the same ids.
 */
export function PublicPage({
  page: Page,
  gate: Gate = NoGate,
  pathname,
  location,
  cache,
  handOver,
}: {
  page: React.ComponentType
  gate?: Gate
  pathname: string
  /** The prerender's; the browser's by default. */
  location?: PageLocation
  cache?: AppCache
  handOver: (to?: string, options?: NavigateOptions) => void
}) {
  return (
    <React.StrictMode>
      <App prerendered cache={cache}>
        <PageNavigation pathname={pathname} location={location} handOver={handOver}>
          <PageFrame>
            <PublicLayout>
              <Gate>
                <Page />
              </Gate>
            </PublicLayout>
          </PageFrame>
        </PageNavigation>
      </App>
    </React.StrictMode>
  )
}
