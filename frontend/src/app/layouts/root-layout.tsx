import { useEffect } from 'react'
import { Outlet, ScrollRestoration, useLocation } from 'react-router-dom'
import { pageMeta } from '@/config/page-meta'
import { PageFrame } from '@/app/layouts/page-frame'
import { RouterNavigation } from '@/app/router-navigation'

/**
 * Each public page's title (the prerendered HTML has it too); the site's title elsewhere. Only
 * the full app changes pages, so a public page hydrated on its own needs none of this.
 */
function DocumentTitle() {
  const { pathname } = useLocation()
  useEffect(() => {
    document.title = pageMeta(pathname).title
  }, [pathname])
  return null
}

export function RootLayout() {
  return (
    <RouterNavigation>
      <PageFrame>
        <DocumentTitle />
        <ScrollRestoration />
        <Outlet />
      </PageFrame>
    </RouterNavigation>
  )
}
