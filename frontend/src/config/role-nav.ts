import type * as React from 'react'
import {
  Anchor,
  Banknote,
  BarChart3,
  ClipboardList,
  Container,
  FileText,
  Fuel,
  LayoutDashboard,
  List,
  MapPin,
  PackagePlus,
  PackageSearch,
  Route,
  Search,
  Truck,
  Users,
  Wallet,
  Zap,
} from 'lucide-react'
import { paths } from '@/config/paths'

type Icon = React.ComponentType<{ className?: string }>

/**
 * A place the role can go: a screen of its own (`to`), or a section of its dashboard, which
 * `section` names (the dashboard shows it in place; `to` is its URL, the hash naming it).
 */
export type RoleNavLink = {
  label: string
  icon: Icon
  to: string
  section?: string
  unavailable?: undefined
}

/**
 * A place that has no screen yet: both menus list it, greyed out and marked "Not available
 * yet", never as a link that lands somewhere else.
 */
export type RoleNavUnavailable = {
  label: string
  icon: Icon
  unavailable: true
  to?: undefined
  section?: undefined
}

export type RoleNavEntry = RoleNavLink | RoleNavUnavailable

export type NavRole = 'shipper' | 'carrier' | 'admin'

/** What an unavailable entry says, visibly and as its accessible description. */
export const NOT_AVAILABLE_YET = 'Not available yet'

const TMS: RoleNavLink = { label: 'TMS', icon: Route, to: paths.tms.getHref() }

/**
 * Each role's menu, in order. The dashboard's sidebar (desktop) and the drawer (phone) both
 * render this one list, so both offer the same places (docs/decisions/0164). Profile and
 * Settings are in the account menu, on every screen size.
 */
const ROLE_NAV: Record<NavRole, readonly RoleNavEntry[]> = {
  shipper: [
    { label: 'Post a Load', icon: PackagePlus, to: paths.postLoad.getHref() },
    { label: 'Find Carriers', icon: Search, to: paths.shipper.getHref(), section: 'search' },
    {
      label: 'My Bookings',
      icon: ClipboardList,
      to: paths.shipper.getHref('bookings'),
      section: 'bookings',
    },
    { label: 'Expedited', icon: Zap, to: paths.shipper.getHref('expedited'), section: 'expedited' },
    {
      label: 'Invoices',
      icon: FileText,
      to: paths.shipper.getHref('invoices'),
      section: 'invoices',
    },
    { label: 'Tracking', icon: MapPin, to: paths.shipper.getHref('tracking'), section: 'tracking' },
    {
      label: 'Drayage',
      icon: Container,
      to: paths.shipper.getHref('drayage'),
      section: 'drayage',
    },
    TMS,
  ],
  carrier: [
    {
      label: 'Dashboard',
      icon: LayoutDashboard,
      to: paths.carrier.getHref(),
      section: 'dashboard',
    },
    { label: 'My Trucks', icon: Truck, to: paths.carrier.getHref('trucks'), section: 'trucks' },
    {
      label: 'My Listings',
      icon: List,
      to: paths.carrier.getHref('listings'),
      section: 'listings',
    },
    {
      label: 'Grab & Go Board',
      icon: PackageSearch,
      to: paths.carrier.getHref('freight-board'),
      section: 'freight-board',
    },
    { label: 'Expedited', icon: Zap, to: paths.carrier.getHref('expedited'), section: 'expedited' },
    {
      label: 'Bookings',
      icon: ClipboardList,
      to: paths.carrier.getHref('bookings'),
      section: 'bookings',
    },
    {
      label: 'Invoices',
      icon: FileText,
      to: paths.carrier.getHref('invoices'),
      section: 'invoices',
    },
    { label: 'Tracking', icon: MapPin, to: paths.carrier.getHref('tracking'), section: 'tracking' },
    {
      label: 'Payment Setup',
      icon: Wallet,
      to: paths.carrier.getHref('payments'),
      section: 'payments',
    },
    {
      label: 'Payout History',
      icon: Banknote,
      to: paths.carrier.getHref('payouts'),
      section: 'payouts',
    },
    {
      label: 'Drayage',
      icon: Container,
      to: paths.carrier.getHref('drayage'),
      section: 'drayage',
    },
    TMS,
  ],
  admin: [
    {
      label: 'Dashboard',
      icon: LayoutDashboard,
      to: paths.admin.getHref(),
      section: 'dashboard',
    },
    { label: 'User Management', icon: Users, unavailable: true },
    {
      label: 'Fleet Oversight',
      icon: Truck,
      to: paths.admin.getHref('fleet'),
      section: 'fleet',
    },
    {
      label: 'Platform Analytics',
      icon: BarChart3,
      to: paths.admin.getHref('analytics'),
      section: 'analytics',
    },
    {
      label: 'Terminals',
      icon: Anchor,
      to: paths.admin.getHref('terminals'),
      section: 'terminals',
    },
    { label: 'Finance', icon: Fuel, to: paths.adminFinance.getHref() },
    TMS,
  ],
}

/** The role's menu; an unknown role has none. */
export function roleNav(role: string): readonly RoleNavEntry[] {
  return role === 'shipper' || role === 'carrier' || role === 'admin' ? ROLE_NAV[role] : []
}

/** Where Profile and Settings in the account menu lead. */
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
