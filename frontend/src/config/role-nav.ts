import type * as React from 'react'
import {
  Anchor,
  Banknote,
  BellRing,
  BarChart3,
  ClipboardList,
  Copy,
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
  ShieldAlert,
  Smartphone,
  Truck,
  Upload,
  Users,
  Wallet,
  Zap,
} from 'lucide-react'
import { paths } from '@/config/paths'
import { roleHasArea, type Area } from '../../../contract/member_areas'

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
  /**
   * The area of the role matrix (contract/member_areas.ts) the place's calls need: a company
   * member whose role lacks it does not see the place (decision 0237). None: every member.
   */
  area?: Area
  /** Shown only to company members of these roles (a driver's own work). */
  only?: readonly string[]
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
  area?: Area
  only?: undefined
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
    { label: 'Post a Load', icon: PackagePlus, to: paths.postLoad.getHref(), area: 'loads' },
    {
      label: 'Load Templates',
      icon: Copy,
      to: paths.loadTemplates.getHref(),
      area: 'loads',
    },
    { label: 'Import Loads', icon: Upload, to: paths.loadImport.getHref(), area: 'loads' },
    {
      label: 'Find Carriers',
      icon: Search,
      to: paths.shipper.getHref(),
      section: 'search',
      area: 'loads',
    },
    {
      label: 'Saved Searches',
      icon: BellRing,
      to: paths.shipper.getHref('saved-searches'),
      section: 'saved-searches',
      area: 'loads',
    },
    {
      label: 'My Bookings',
      icon: ClipboardList,
      to: paths.shipper.getHref('bookings'),
      section: 'bookings',
      area: 'bookings',
    },
    {
      label: 'Expedited',
      icon: Zap,
      to: paths.shipper.getHref('expedited'),
      section: 'expedited',
      area: 'loads',
    },
    {
      label: 'Invoices',
      icon: FileText,
      to: paths.shipper.getHref('invoices'),
      section: 'invoices',
      area: 'money',
    },
    {
      label: 'Tracking',
      icon: MapPin,
      to: paths.shipper.getHref('tracking'),
      section: 'tracking',
      area: 'bookings',
    },
    {
      label: 'Drayage',
      icon: Container,
      to: paths.shipper.getHref('drayage'),
      section: 'drayage',
      area: 'loads',
    },
    { label: 'Claims', icon: ShieldAlert, to: paths.claims.getHref(), area: 'money' },
    { ...TMS, area: 'loads' },
  ],
  carrier: [
    // A driver's own work comes first in their menu (decision 0237).
    {
      label: 'My Work',
      icon: Smartphone,
      to: paths.drive.getHref(),
      area: 'status',
      only: ['driver'],
    },
    {
      label: 'Dashboard',
      icon: LayoutDashboard,
      to: paths.carrier.getHref(),
      section: 'dashboard',
      area: 'dashboard',
    },
    {
      label: 'My Trucks',
      icon: Truck,
      to: paths.carrier.getHref('trucks'),
      section: 'trucks',
      area: 'fleet',
    },
    {
      label: 'My Listings',
      icon: List,
      to: paths.carrier.getHref('listings'),
      section: 'listings',
      area: 'fleet',
    },
    {
      label: 'Grab & Go Board',
      icon: PackageSearch,
      to: paths.carrier.getHref('freight-board'),
      section: 'freight-board',
      area: 'board',
    },
    {
      label: 'Saved Lanes',
      icon: BellRing,
      to: paths.carrier.getHref('saved-lanes'),
      section: 'saved-lanes',
      area: 'board',
    },
    {
      label: 'Expedited',
      icon: Zap,
      to: paths.carrier.getHref('expedited'),
      section: 'expedited',
      area: 'board',
    },
    {
      label: 'Bookings',
      icon: ClipboardList,
      to: paths.carrier.getHref('bookings'),
      section: 'bookings',
      area: 'bookings',
    },
    {
      label: 'Invoices',
      icon: FileText,
      to: paths.carrier.getHref('invoices'),
      section: 'invoices',
      area: 'money',
    },
    {
      label: 'Tracking',
      icon: MapPin,
      to: paths.carrier.getHref('tracking'),
      section: 'tracking',
      area: 'bookings',
    },
    {
      label: 'Payment Setup',
      icon: Wallet,
      to: paths.carrier.getHref('payments'),
      section: 'payments',
      area: 'payoutAccountRead',
    },
    {
      label: 'Payout History',
      icon: Banknote,
      to: paths.carrier.getHref('payouts'),
      section: 'payouts',
      area: 'money',
    },
    {
      label: 'Drayage',
      icon: Container,
      to: paths.carrier.getHref('drayage'),
      section: 'drayage',
      area: 'board',
    },
    { label: 'Claims', icon: ShieldAlert, to: paths.claims.getHref(), area: 'money' },
    { ...TMS, area: 'board' },
  ],
  admin: [
    {
      label: 'Dashboard',
      icon: LayoutDashboard,
      to: paths.admin.getHref(),
      section: 'dashboard',
    },
    { label: 'User Management', icon: Users, to: paths.adminUsers.getHref() },
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
    { label: 'Cargo Claims', icon: ShieldAlert, to: paths.adminClaims.getHref() },
    TMS,
  ],
}

/** A company member as the menus need them (`GET /api/user`'s `member`). */
export type NavMember = { role: string; companyKind: string } | null | undefined

/**
 * The role's menu; an unknown role has none. For a company member (decision 0237) only the
 * places their member role's areas open (contract/member_areas.ts, the server's role matrix),
 * so no entry leads to a 403; an owner, or a login in no company, sees them all.
 */
export function roleNav(role: string, member?: NavMember): readonly RoleNavEntry[] {
  const all = role === 'shipper' || role === 'carrier' || role === 'admin' ? ROLE_NAV[role] : []
  return all.filter((entry) => {
    if (entry.only && !(member && entry.only.includes(member.role))) return false
    if (!member || !entry.area) return true
    return roleHasArea(member.companyKind, member.role, entry.area)
  })
}

/**
 * Whether the signed-in login may use an area of the role matrix: anyone but a company member
 * whose role lacks it (an owner, or a login in no company, has every area).
 */
export function memberHasArea(member: NavMember, area: Area): boolean {
  return !member || roleHasArea(member.companyKind, member.role, area)
}

/**
 * The dashboard sections a member may open (those of their menu, and the profile) and the one
 * the dashboard opens on: the first of their menu (decision 0237). A section outside them falls
 * back to it, so a driver's /carrier opens on Bookings, not on a Dashboard that answers 403.
 */
export function memberSections<T extends string>(
  role: NavRole,
  member: NavMember,
  known: readonly T[]
): { sections: T[]; fallback: T } {
  const listed = roleNav(role, member)
    .map((entry) => entry.section)
    .filter((section): section is T => !!section && known.includes(section as T))
  const sections = [...listed, ...known.filter((s) => s === 'profile')]
  return { sections, fallback: listed[0] ?? sections[0] ?? known[0] }
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
