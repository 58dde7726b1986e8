import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom'
import { pageMeta } from '@/config/page-meta'
import { PageViewTracker } from '@/features/analytics/components/page-view-tracker'

/** Each public page's title (the prerendered HTML has it too); the site's title elsewhere. */
function DocumentTitle() {
  const { pathname } = useLocation()
  useEffect(() => {
    document.title = pageMeta(pathname).title
  }, [pathname])
  return null
}

export function RootLayout() {
  return (
    <>
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <DocumentTitle />
      <PageViewTracker />
      <ScrollRestoration />
      <Outlet />
    </>
  )
}
