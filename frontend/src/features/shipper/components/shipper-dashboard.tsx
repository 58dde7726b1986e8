import type * as React from 'react'
import { lazyComponent, SectionSuspense } from '@/components/lazy-section'
import type { SearchCriteria } from '@/features/shipper/api/search-listings'
import { SectionLayout } from '@/components/section-layout'
import { memberSections, roleNav, type NavMember } from '@/config/role-nav'
import { useHashSection } from '@/hooks/use-hash-section'
import { todayIso } from '@/features/shipper/utils/dates'
import type { ClaimSlot } from '@/types/claim-slot'
import type { ReviewSlot } from '@/types/review-slot'
import type { MessageSlot } from '@/types/message-slot'

// One section is shown at a time: each is its own chunk, loaded when shown (decision 0219).
const FindCarriersSection = lazyComponent(() =>
  import('@/features/shipper/components/find-carriers-section').then((m) => m.FindCarriersSection)
)
const InvoicesSection = lazyComponent(() =>
  import('@/features/shipper/components/invoices-section').then((m) => m.InvoicesSection)
)
const MyBookingsSection = lazyComponent(() =>
  import('@/features/shipper/components/my-bookings-section').then((m) => m.MyBookingsSection)
)
const TrackingSection = lazyComponent(() =>
  import('@/features/shipper/components/tracking-section').then((m) => m.TrackingSection)
)

export type ShipperSection =
  | 'search'
  | 'saved-searches'
  | 'bookings'
  | 'expedited'
  | 'invoices'
  | 'tracking'
  | 'drayage'
  | 'profile'

/**
 * The sections /shipper#<section> shows. The menu (config/role-nav.ts) lists all but Profile,
 * which the account menu leads to.
 */
const SECTIONS: ShipperSection[] = [
  'search',
  'saved-searches',
  'bookings',
  'expedited',
  'invoices',
  'tracking',
  'drayage',
  'profile',
]

/** /shipper: Find Carriers, My Bookings, Invoices and Tracking (hash-addressable). */
/**
 * `accountPanel`: the Profile section's content; `expedited`: the Expedited section; both
 * composed by the route (app/).
 */
export function ShipperDashboard({
  accountPanel,
  expedited,
  reviewAction,
  messageAction,
  claimAction,
  drayage,
  freightInvoices,
  savedSearches,
  saveSearch,
  member,
}: {
  /** the Saved Searches section, from the alerts feature (decision 0239) */
  savedSearches?: React.ReactNode
  /** "Save this search" under Find Carriers once a search ran, from the alerts feature */
  saveSearch?: (criteria: SearchCriteria) => React.ReactNode
  accountPanel: React.ReactNode
  /** the Drayage section (container moves), from the drayage feature */
  drayage?: React.ReactNode
  expedited?: React.ReactNode
  /** the itemised, audited freight invoices, composed by the route (app/) */
  freightInvoices?: React.ReactNode
  /** "Rate this carrier" on delivered bookings */
  reviewAction?: ReviewSlot
  /** "Messages" on paid bookings */
  messageAction?: MessageSlot
  /** "File a claim" on delivered, paid bookings, from the claims feature (decision 0233) */
  claimAction?: ClaimSlot
  /** the signed-in company member: the menu shows only their role's places (decision 0237) */
  member?: NavMember
}) {
  const { sections, fallback } = memberSections('shipper', member, SECTIONS)
  const [current, select] = useHashSection<ShipperSection>(sections, fallback)
  const today = todayIso()

  return (
    <SectionLayout
      navLabel="Shipper dashboard"
      mobileTitle="Shipper Dashboard"
      nav={roleNav('shipper', member)}
      current={current}
      onSelect={select}
    >
      <div className="mx-auto max-w-6xl">
        <SectionSuspense>
          {current === 'search' ? (
            <FindCarriersSection today={today} saveSearch={saveSearch} />
          ) : null}
          {current === 'saved-searches' ? savedSearches : null}
          {current === 'bookings' ? (
            <MyBookingsSection
              today={today}
              reviewAction={reviewAction}
              messageAction={messageAction}
              claimAction={claimAction}
            />
          ) : null}
          {current === 'expedited' ? expedited : null}
          {current === 'invoices' ? (
            <div className="space-y-6">
              {freightInvoices}
              <InvoicesSection />
            </div>
          ) : null}
          {current === 'tracking' ? <TrackingSection /> : null}
          {current === 'drayage' ? drayage : null}
          {current === 'profile' ? (
            <div className="space-y-4">
              <h1 className="text-2xl font-bold tracking-tight text-slate-900">Profile</h1>
              {accountPanel}
            </div>
          ) : null}
        </SectionSuspense>
      </div>
    </SectionLayout>
  )
}
