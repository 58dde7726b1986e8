import { paths } from '@/config/paths'
import type { User } from '@/features/auth/api/get-user'

type RoleUser = Pick<User, 'role' | 'isApproved'> & {
  member?: { role: string } | null
}

/**
 * Each role's own area (docs/spec.md §2); an unknown role has none and goes to '/'. A carrier's
 * driver member's is their work (decision 0237).
 */
export function roleHome(user: RoleUser): string {
  if (user.role === 'carrier' && user.member?.role === 'driver') return paths.drive.getHref()
  switch (user.role) {
    case 'shipper':
      return paths.shipper.getHref()
    case 'carrier':
      return paths.carrier.getHref()
    case 'admin':
      return paths.admin.getHref()
    default:
      return paths.home.getHref()
  }
}

export function hasKnownRole(user: RoleUser) {
  return user.role === 'shipper' || user.role === 'carrier' || user.role === 'admin'
}

/** Where a user lands after signing in, or when already signed in on /login or /auth. */
export function postLoginPath(user: RoleUser): string {
  if (user.role === 'carrier')
    return user.isApproved ? roleHome(user) : paths.carrierPending.getHref()
  return roleHome(user)
}

/** /register sends signed-in carriers to /carrier without the approval check (the /carrier guard does it). */
export function registerRedirectPath(user: RoleUser): string {
  return roleHome(user)
}

export function isUnapprovedCarrier(user: RoleUser) {
  return user.role === 'carrier' && !user.isApproved
}
