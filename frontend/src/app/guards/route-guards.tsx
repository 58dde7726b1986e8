import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { PageSpinner } from '@/components/ui/spinner'
import { paths } from '@/config/paths'
import type { Role } from '@/features/auth/api/get-user'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { LiveUpdates } from '@/app/live-updates'
import { memberHasArea } from '@/config/role-nav'
import type { Area } from '../../../../contract/member_areas'
import {
  hasKnownRole,
  isUnapprovedCarrier,
  registerRedirectPath,
  roleHome,
} from '@/app/guards/redirects'

/** Where a signed-out browser goes: /auth, saying why when its session ended (decision 0167). */
function signInHref(reason: string | null) {
  return paths.auth.getHref('signin', reason)
}

/** Signed-in users only; an unapproved carrier may only see /carrier-pending. */
export function RequireAuth() {
  const { user, isLoading, signedOutReason } = useAuth()
  const location = useLocation()
  if (isLoading) return <PageSpinner />
  if (!user) {
    return <Navigate to={signInHref(signedOutReason)} replace state={{ from: location }} />
  }
  if (isUnapprovedCarrier(user)) return <Navigate to={paths.carrierPending.getHref()} replace />
  return <Outlet />
}

/**
 * One role's area; anyone else is sent to their own area (unknown role: '/'). An admin without
 * two-factor sign-in is sent to Settings to turn it on (the admin API refuses it until then).
 * With `area`, a company member whose role lacks that area of the role matrix (a shipper's
 * accounts member on Post a Load, a driver on the freight board) is sent to their own first
 * place too, instead of a form whose every request would be refused (decision 0237).
 */
export function RequireRole({ role, area }: { role: Role | readonly Role[]; area?: Area }) {
  const { user, isLoading, signedOutReason } = useAuth()
  if (isLoading) return <PageSpinner />
  if (!user) return <Navigate to={signInHref(signedOutReason)} replace />
  const allowed: readonly Role[] = typeof role === 'string' ? [role] : role
  if (!(allowed as readonly string[]).includes(user.role))
    return <Navigate to={roleHome(user)} replace />
  if (isUnapprovedCarrier(user)) return <Navigate to={paths.carrierPending.getHref()} replace />
  if (user.role === 'admin' && !user.twoFactorEnabled) {
    return <Navigate to={paths.settings.getHref()} replace />
  }
  if (area && !memberHasArea(user.member, area)) return <Navigate to={roleHome(user)} replace />
  return <Outlet />
}

/** /dashboard: always forwards to the role's own dashboard, keeping the #section. */
export function RoleHomeRedirect() {
  const { user, isLoading, signedOutReason } = useAuth()
  const { hash } = useLocation()
  if (isLoading) return <PageSpinner />
  if (!user) return <Navigate to={signInHref(signedOutReason)} replace />
  return <Navigate to={`${roleHome(user)}${hasKnownRole(user) ? hash : ''}`} replace />
}

/** /register: signed-in carriers go to /carrier (no approval check here), others home. */
export function RegisterGate() {
  const { user, isLoading } = useAuth()
  if (isLoading) return <PageSpinner />
  if (user) return <Navigate to={registerRedirectPath(user)} replace />
  return <Outlet />
}

/** /carrier-pending: only for signed-in, unapproved carriers. */
export function PendingGate() {
  const { user, isLoading, signedOutReason } = useAuth()
  if (isLoading) return <PageSpinner />
  if (!user) return <Navigate to={signInHref(signedOutReason)} replace />
  if (user.role !== 'carrier') return <Navigate to={paths.auth.getHref()} replace />
  if (user.isApproved) return <Navigate to={paths.carrier.getHref()} replace />
  // Outside the app layout: listens itself, so an approval or a reinstatement moves the carrier
  // on without a reload (docs/decisions/0171).
  return (
    <>
      <LiveUpdates />
      <Outlet />
    </>
  )
}
