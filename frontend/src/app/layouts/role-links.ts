import { paths } from '@/config/paths'

export type NavLinkItem = { label: string; to: string }

/** Role links of the signed-in mobile drawer (SPEC point 2). */
export function roleLinks(role: string): NavLinkItem[] {
  const home = { label: 'Home', to: paths.home.getHref() }
  switch (role) {
    case 'carrier':
      return [
        home,
        { label: 'Dashboard', to: paths.carrier.getHref() },
        { label: 'Freight Board', to: paths.freightBoard.getHref() },
        { label: 'My Listings', to: paths.carrier.getHref('listings') },
        { label: 'Fleet Management', to: paths.carrier.getHref('trucks') },
        { label: 'Company Profile', to: paths.carrier.getHref('profile') },
        { label: 'Drayage', to: paths.carrier.getHref('drayage') },
        { label: 'TMS', to: paths.tms.getHref() },
      ]
    case 'shipper':
      return [
        home,
        { label: 'Dashboard', to: paths.shipper.getHref() },
        { label: 'Post Load', to: paths.postLoad.getHref() },
        { label: 'Find Carriers', to: paths.shipper.getHref('search') },
        { label: 'My Bookings', to: paths.shipper.getHref('bookings') },
        { label: 'Drayage', to: paths.shipper.getHref('drayage') },
        { label: 'Profile', to: paths.shipper.getHref('profile') },
        { label: 'TMS', to: paths.tms.getHref() },
      ]
    case 'admin':
      return [
        home,
        { label: 'Admin Dashboard', to: paths.admin.getHref() },
        { label: 'User Management', to: paths.admin.getHref('users') },
        { label: 'Platform Analytics', to: paths.admin.getHref('analytics') },
        { label: 'Terminals', to: paths.admin.getHref('terminals') },
        { label: 'TMS', to: paths.tms.getHref() },
        { label: 'Debug Tools', to: paths.debug.getHref() },
      ]
    default:
      return [home]
  }
}

/** Where Profile and Settings in the user menu lead. */
export function profileHref(role: string): string {
  switch (role) {
    case 'carrier':
      return paths.carrier.getHref('profile')
    case 'shipper':
      return paths.shipper.getHref('profile')
    case 'admin':
      return paths.admin.getHref('profile')
    default:
      return paths.home.getHref()
  }
}
