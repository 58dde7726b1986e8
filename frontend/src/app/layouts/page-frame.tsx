import type * as React from 'react'
import { PageViewTracker } from '@/features/analytics/components/page-view-tracker'

/** What every page has around it, with the router (root-layout) or without (public-page). */
export function PageFrame({ children }: { children: React.ReactNode }) {
  return (
    <>
      <a
        href="#content"
        className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to content
      </a>
      <PageViewTracker />
      {children}
    </>
  )
}
