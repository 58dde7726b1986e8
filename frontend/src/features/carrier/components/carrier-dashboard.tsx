import {
  Banknote,
  Building2,
  ClipboardList,
  Container,
  FileText,
  LayoutDashboard,
  List,
  MapPin,
  PackageSearch,
  Truck,
  Wallet,
  Zap,
} from 'lucide-react'
import type * as React from 'react'
import { SectionLayout, TMS_LINK, type SectionNavItem } from '@/components/section-layout'
import { useHashSection } from '@/hooks/use-hash-section'
import { CarrierBookings } from '@/features/carrier/components/carrier-bookings'
import { CarrierInvoices } from '@/features/carrier/components/carrier-invoices'
import { CarrierTracking } from '@/features/carrier/components/carrier-tracking'
import { CompanyProfile } from '@/features/carrier/components/company-profile'
import { DashboardOverview } from '@/features/carrier/components/dashboard-overview'
import { FleetManagement } from '@/features/carrier/components/fleet-management'
import { MyListings } from '@/features/carrier/components/my-listings'
import { PaymentSetup } from '@/features/carrier/components/payment-setup'
import { PayoutHistory } from '@/features/carrier/components/payout-history'
import type { ReviewSlot } from '@/types/review-slot'
import { SectionHeader } from '@/features/carrier/components/section-header'

export type CarrierSection =
  | 'dashboard'
  | 'trucks'
  | 'listings'
  | 'freight-board'
  | 'expedited'
  | 'bookings'
  | 'invoices'
  | 'tracking'
  | 'payments'
  | 'payouts'
  | 'drayage'
  | 'profile'

type SectionInfo = SectionNavItem<CarrierSection> & {
  title: string
  description?: string
}

/** Sections and titles of SPEC point 2 ("Carrier dashboard"); profile is reachable by #profile only. */
export const CARRIER_SECTIONS: SectionInfo[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    title: 'Carrier Dashboard',
    icon: LayoutDashboard,
    description: 'An overview of your bookings, listings, fleet and earnings.',
  },
  {
    id: 'trucks',
    label: 'My Trucks',
    title: 'My Trucks',
    icon: Truck,
    description: 'Manage the trucks in your fleet.',
  },
  {
    id: 'listings',
    label: 'My Listings',
    title: 'My Listings',
    icon: List,
    description: 'Capacity you offer to shippers on your routes.',
  },
  {
    id: 'freight-board',
    label: 'Grab & Go Board',
    title: 'Grab & Go Board',
    icon: PackageSearch,
    description: 'Loads posted by shippers, ready to hold or claim.',
  },
  {
    id: 'expedited',
    label: 'Expedited',
    title: 'Expedited',
    icon: Zap,
    description:
      'Time-critical jobs for carriers running Expedited (EXP): accept one, then drive it here.',
  },
  {
    id: 'bookings',
    label: 'Bookings',
    title: 'Bookings',
    icon: ClipboardList,
    description: 'Shipments booked on your trucks.',
  },
  {
    id: 'invoices',
    label: 'Invoices',
    title: 'Invoices',
    icon: FileText,
    description: 'Invoices for delivered shipments.',
  },
  {
    id: 'tracking',
    label: 'Tracking',
    title: 'Tracking',
    icon: MapPin,
    description: 'Shipments currently on the road.',
  },
  {
    id: 'payments',
    label: 'Payment Setup',
    title: 'Payment Setup',
    icon: Wallet,
    description: 'Set up a bank account to receive payments from shipments',
  },
  {
    id: 'payouts',
    label: 'Payout History',
    title: 'Payout History',
    icon: Banknote,
    description: 'Earnings and payouts from completed shipments',
  },
  {
    id: 'drayage',
    label: 'Drayage',
    title: 'Drayage',
    icon: Container,
    description: 'Container moves from port and rail terminals, for carriers with DRAY.',
  },
  {
    id: 'profile',
    label: 'Company Profile',
    title: 'Company Profile',
    icon: Building2,
  },
]

const NAV_ITEMS = CARRIER_SECTIONS.filter((s) => s.id !== 'profile')
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
  drayage,
}: {
  accountPanel: React.ReactNode
  freightBoard: React.ReactNode
  /** the Drayage section (open and accepted container moves), from the drayage feature */
  drayage?: React.ReactNode
  expedited?: React.ReactNode
  /** "Rate this shipper" on delivered bookings */
  reviewAction?: ReviewSlot
}) {
  const [current, select] = useHashSection<CarrierSection>(IDS, 'dashboard')
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
      content = <CarrierBookings reviewAction={reviewAction} />
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
      items={NAV_ITEMS}
      links={[TMS_LINK]}
      current={current}
      onSelect={select}
    >
      <div className="mx-auto max-w-6xl">{content}</div>
    </SectionLayout>
  )
}
