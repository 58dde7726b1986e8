import { describe, expect, it } from 'vitest'
import { memberSections, roleNav, type NavMember } from '@/config/role-nav'
import { ROLE_AREAS, roleHasArea } from '../../../contract/member_areas'

const member = (companyKind: string, role: string): NavMember => ({ companyKind, role })
const labels = (role: 'shipper' | 'carrier', m: NavMember) => roleNav(role, m).map((e) => e.label)

describe('menus per member role (decision 0237): only the places the role may use', () => {
  it('an owner, and a login in no company, see every place; only a driver has My Work', () => {
    const all = roleNav('carrier').map((e) => e.label)
    expect(all).not.toContain('My Work')
    expect(labels('carrier', member('carrier', 'owner'))).toEqual(all)
    expect(labels('shipper', member('shipper', 'owner'))).toEqual(
      roleNav('shipper').map((e) => e.label)
    )
  })

  it('a driver sees their work and bookings, not Fleet, the board or money', () => {
    expect(labels('carrier', member('carrier', 'driver'))).toEqual([
      'My Work',
      'Bookings',
      'Tracking',
    ])
  })

  it('a dispatcher sees trucks, listings, the board and bookings, not money', () => {
    expect(labels('carrier', member('carrier', 'dispatcher'))).toEqual([
      'Dashboard',
      'My Trucks',
      'My Listings',
      'Grab & Go Board',
      'Saved Lanes',
      'Expedited',
      'Bookings',
      'Tracking',
      'Drayage',
      'TMS',
    ])
  })

  it('carrier accounts see money, not the board', () => {
    expect(labels('carrier', member('carrier', 'accounts'))).toEqual([
      'Invoices',
      'Payment Setup',
      'Payout History',
      'Claims',
    ])
  })

  it('a planner sees loads, booking and tracking; shipper accounts see money', () => {
    expect(labels('shipper', member('shipper', 'planner'))).toEqual([
      'Post a Load',
      'Load Templates',
      'Import Loads',
      'Find Carriers',
      'Saved Searches',
      'My Bookings',
      'Expedited',
      'Tracking',
      'Drayage',
      'TMS',
    ])
    expect(labels('shipper', member('shipper', 'accounts'))).toEqual(['Invoices', 'Claims'])
  })

  it('every entry a member sees is in an area of their role (no link that answers 403)', () => {
    for (const kind of ['carrier', 'shipper'] as const) {
      for (const role of Object.keys(ROLE_AREAS[kind])) {
        for (const entry of roleNav(kind, member(kind, role))) {
          expect(entry.area, `${kind} ${entry.label} names its area`).toBeDefined()
          expect(roleHasArea(kind, role, entry.area!), `${kind} ${role}: ${entry.label}`).toBe(true)
        }
      }
    }
  })

  it('a dashboard opens on the first place of the member’s menu; other sections fall back to it', () => {
    const ids = ['dashboard', 'trucks', 'bookings', 'invoices', 'payouts', 'profile'] as const
    expect(memberSections('carrier', member('carrier', 'driver'), ids)).toEqual({
      sections: ['bookings', 'profile'],
      fallback: 'bookings',
    })
    expect(memberSections('carrier', member('carrier', 'accounts'), ids).fallback).toBe('invoices')
    expect(memberSections('carrier', member('carrier', 'owner'), ids).fallback).toBe('dashboard')
  })
})
