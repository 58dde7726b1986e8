import type * as React from 'react'
import { PageSpinner } from '@/components/ui/spinner'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { Navigate } from '@/lib/navigation'
import { hasKnownRole, postLoginPath, roleHome } from '@/app/guards/redirects'
import { usePrerenderedPage } from '@/app/prerendered-page'

// The gates of the public pages, without the router: they run in the full app (router.tsx) and
// when a public page hydrates on its own (public-start.tsx).

/** '/': the landing page for visitors; signed-in users with a known role go to their area. */
export function HomeGate({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useAuth()
  const prerendered = usePrerenderedPage()
  if (isLoading) return prerendered ? children : <PageSpinner />
  if (user && hasKnownRole(user)) return <Navigate to={roleHome(user)} replace />
  return children
}

/** /login and /auth: a signed-in user is sent where a fresh login would send them. */
export function GuestOnly({ children }: { children: React.ReactNode }) {
  const { user, isLoading } = useAuth()
  const prerendered = usePrerenderedPage()
  if (isLoading) return prerendered ? children : <PageSpinner />
  if (user) return <Navigate to={postLoginPath(user)} replace />
  return children
}
