import type * as React from 'react'
import { lazyComponent, SectionSuspense } from '@/components/lazy-section'
import { SectionLayout } from '@/components/section-layout'
import { memberHasArea, memberSections, roleNav, type NavMember } from '@/config/role-nav'
import { useHashSection } from '@/hooks/use-hash-section'
import type { ReviewSlot } from '@/types/review-slot'
import type { MessageSlot } from '@/types/message-slot'
import type { DriverSlot } from '@/types/driver-slot'
import { SectionHeader } from '@/features/carrier/components/section-header'

// One section is shown at a time: each is its own chunk, loaded when shown (decision 0219).
const CarrierBookings = lazyComponent(() =>
  import('@/features/carrier/components/carrier-bookings').then((m) => m.CarrierBookings)
)
const CarrierInvoices = lazyComponent(() =>
  import('@/features/carrier/components/carrier-invoices').then((m) => m.CarrierInvoices)
)
const CarrierTracking = lazyComponent(() =>
  import('@/features/carrier/components/carrier-tracking').then((m) => m.CarrierTracking)
)
const CompanyProfile = lazyComponent(() =>
  import('@/features/carrier/components/company-profile').then((m) => m.CompanyProfile)
)
const DashboardOverview = lazyComponent(() =>
  import('@/features/carrier/components/dashboard-overview').then((m) => m.DashboardOverview)
)
const FleetManagement = lazyComponent(() =>
  import('@/features/carrier/components/fleet-management').then((m) => m.FleetManagement)
)
const MyListings = lazyComponent(() =>
  import('@/features/carrier/components/my-listings').then((m) => m.MyListings)
)
const PaymentSetup = lazyComponent(() =>
  import('@/features/carrier/components/payment-setup').then((m) => m.PaymentSetup)
)
const PayoutHistory = lazyComponent(() =>
  import('@/features/carrier/components/payout-history').then((m) => m.PayoutHistory)
)

export type CarrierSection =
  | 'dashboard'
  | 'trucks'
  | 'listings'
  | 'freight-board'
  | 'saved-lanes'
  | 'expedited'
  | 'bookings'
  | 'invoices'
  | 'tracking'
  | 'payments'
  | 'payouts'
  | 'drayage'
  | 'profile'

type SectionInfo = { id: CarrierSection; title: string; description?: string }

/**
 * Sections and titles of docs/spec.md §2 ("Carrier dashboard"). The menu (config/role-nav.ts)
 * lists all but Company Profile, which the account menu leads to.
 */
export const CARRIER_SECTIONS: SectionInfo[] = [
  {
    id: 'dashboard',
    title: 'Carrier Dashboard',
    description: 'An overview of your bookings, listings, fleet and earnings.',
  },
  {
    id: 'trucks',
    title: 'My Trucks',
    description: 'Manage the trucks in your fleet.',
  },
  {
    id: 'listings',
    title: 'My Listings',
    description: 'Capacity you offer to shippers on your routes.',
  },
  {
    id: 'freight-board',
    title: 'Grab & Go Board',
    description: 'Loads posted by shippers, ready to hold or claim.',
  },
  {
    id: 'saved-lanes',
    title: 'Saved Lanes',
    description: 'The lanes you run: we tell you the moment a matching load is posted.',
  },
  {
    id: 'expedited',
    title: 'Expedited',
    description:
      'Time-critical jobs for carriers running Expedited (EXP): accept one, then drive it here.',
  },
  {
    id: 'bookings',
    title: 'Bookings',
    description: 'Shipments booked on your trucks.',
  },
  {
    id: 'invoices',
    title: 'Invoices',
    description: 'Invoices for delivered shipments.',
  },
  {
    id: 'tracking',
    title: 'Tracking',
    description: 'Shipments currently on the road.',
  },
  {
    id: 'payments',
    title: 'Payment Setup',
    description: 'Set up a bank account to receive payments from shipments',
  },
  {
    id: 'payouts',
    title: 'Payout History',
    description: 'Earnings and payouts from completed shipments',
  },
  {
    id: 'drayage',
    title: 'Drayage',
    description: 'Container moves from port and rail terminals, for carriers with DRAY.',
  },
  {
    id: 'profile',
    title: 'Company Profile',
  },
]

const IDS = CARRIER_SECTIONS.map((s) => s.id)

/** /carrier: in-page section switcher driven by the URL hash (/carrier#listings). */
/**
 * `accountPanel`: the signed-in account's card under Company Profile; `freightBoard`: the
 * Grab & Go board; `expedited`: the Expedited section. They come from other features, so the
 * route (app/) composes them.
 */
export function CarrierDashboard({
  accountPanel,
  freightBoard,
  expedited,
  reviewAction,
  messageAction,
  drayage,
  savedLanes,
  member,
  driverAction,
}: {
  /** "Assign driver" on each booking, for owners and dispatchers (decision 0237) */
  driverAction?: DriverSlot
  /** the signed-in company member: the menu shows only their role's places (decision 0237) */
  member?: NavMember
  accountPanel: React.ReactNode
  freightBoard: React.ReactNode
  /** the Saved Lanes section, from the alerts feature: given the section's header */
  savedLanes?: (header: (actions: React.ReactNode) => React.ReactNode) => React.ReactNode
  /** the Drayage section (open and accepted container moves), from the drayage feature */
  drayage?: React.ReactNode
  expedited?: React.ReactNode
  /** "Rate this shipper" on delivered bookings */
  reviewAction?: ReviewSlot
  /** "Messages" on paid bookings */
  messageAction?: MessageSlot
}) {
  const { sections, fallback } = memberSections('carrier', member, IDS)
  const [current, select] = useHashSection<CarrierSection>(sections, fallback)
  const section = CARRIER_SECTIONS.find((s) => s.id === current) ?? CARRIER_SECTIONS[0]

  let content: React.ReactNode
  switch (current) {
    case 'dashboard':
      content = <DashboardOverview />
      break
    case 'trucks':
      content = <FleetManagement />
      break
    case 'listings':
      content = <MyListings />
      break
    case 'bookings':
      content = (
        <CarrierBookings
          reviewAction={reviewAction}
          messageAction={messageAction}
          driverAction={driverAction}
          showMoney={memberHasArea(member, 'charges')}
        />
      )
      break
    case 'invoices':
      content = <CarrierInvoices />
      break
    case 'tracking':
      content = <CarrierTracking />
      break
    case 'payments':
      content = <PaymentSetup />
      break
    case 'payouts':
      content = <PayoutHistory />
      break
    case 'profile':
      content = <CompanyProfile accountPanel={accountPanel} />
      break
    case 'drayage':
      content = (
        <div className="space-y-6">
          <SectionHeader title={section.title} description={section.description} />
          {drayage}
        </div>
      )
      break
    case 'saved-lanes':
      content = savedLanes?.((actions) => (
        <SectionHeader title={section.title} description={section.description} actions={actions} />
      ))
      break
    case 'freight-board':
    case 'expedited':
      content = (
        <div className="space-y-6">
          <SectionHeader title={section.title} description={section.description} />
          {current === 'expedited' ? expedited : freightBoard}
        </div>
      )
      break
  }

  return (
    <SectionLayout
      navLabel="Carrier dashboard"
      mobileTitle={section.title}
      nav={roleNav('carrier', member)}
      current={current}
      onSelect={select}
    >
      <div className="mx-auto max-w-6xl">
        <SectionSuspense>{content}</SectionSuspense>
      </div>
    </SectionLayout>
  )
}
