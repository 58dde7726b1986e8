import { useEffect, useRef } from 'react'
import { trackPageView } from '@/lib/analytics'
import { usePageLocation } from '@/lib/navigation'

/** Reports a page view on every route (pathname) change. Renders nothing. */
export function PageViewTracker() {
  const { pathname } = usePageLocation()
  // StrictMode runs effects twice in development; report each path change once.
  const last = useRef<string | null>(null)
  useEffect(() => {
    if (last.current === pathname) return
    last.current = pathname
    trackPageView(pathname)
  }, [pathname])
  return null
}
