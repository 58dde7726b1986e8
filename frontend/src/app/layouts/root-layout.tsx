import { Outlet, ScrollRestoration } from 'react-router-dom'
import { PageViewTracker } from '@/features/analytics/components/page-view-tracker'

export function RootLayout() {
  return (
    <>
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <PageViewTracker />
      <ScrollRestoration />
      <Outlet />
    </>
  )
}
