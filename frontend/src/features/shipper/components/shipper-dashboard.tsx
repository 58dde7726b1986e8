import { ClipboardList, FileText, MapPin, Search, User } from 'lucide-react'
import { AccountDetails, type AccountSummary } from '@/components/account-details'
import { SectionLayout, type SectionNavItem } from '@/components/section-layout'
import { SectionPlaceholder } from '@/components/section-placeholder'
import { useHashSection } from '@/hooks/use-hash-section'

export type ShipperSection = 'search' | 'bookings' | 'invoices' | 'tracking' | 'profile'

type SectionInfo = SectionNavItem<ShipperSection> & {
  title: string
  description?: string
  emptyText: string
}

export const SHIPPER_SECTIONS: SectionInfo[] = [
  {
    id: 'search',
    label: 'Find Carriers',
    title: 'Find Carriers',
    icon: Search,
    description: 'Ship My Freight: find carriers with space on your lane at a fixed price.',
    emptyText:
      'Carrier search will appear here: enter pickup, delivery, pallets and pickup date to see available carriers and their prices.',
  },
  {
    id: 'bookings',
    label: 'My Bookings',
    title: 'My Bookings',
    icon: ClipboardList,
    description: 'Your shipments and their status.',
    emptyText:
      'Your bookings will appear here, grouped by status, with alerts for delayed or overdue shipments.',
  },
  {
    id: 'invoices',
    label: 'Invoices',
    title: 'Invoices',
    icon: FileText,
    description: 'Invoices for your shipments.',
    emptyText: 'Invoices for your completed shipments will appear here.',
  },
  {
    id: 'tracking',
    label: 'Tracking',
    title: 'Tracking',
    icon: MapPin,
    description: 'Follow your shipments on the road.',
    emptyText: 'Status updates for your shipments in transit will appear here.',
  },
  { id: 'profile', label: 'Profile', title: 'Profile', icon: User, emptyText: '' },
]

const NAV_ITEMS = SHIPPER_SECTIONS.filter((s) => s.id !== 'profile')
const IDS = SHIPPER_SECTIONS.map((s) => s.id)

/** /shipper: sidebar tabs Find Carriers, My Bookings, Invoices, Tracking (hash-addressable). */
export function ShipperDashboard({ account }: { account: AccountSummary }) {
  const [current, select] = useHashSection<ShipperSection>(IDS, 'search')
  const section = SHIPPER_SECTIONS.find((s) => s.id === current) ?? SHIPPER_SECTIONS[0]

  return (
    <SectionLayout
      navLabel="Shipper dashboard"
      mobileTitle="Shipper Dashboard"
      items={NAV_ITEMS}
      current={current}
      onSelect={select}
    >
      <div className="mx-auto max-w-6xl">
        {current === 'profile' ? (
          <div className="space-y-4">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">Profile</h1>
            <AccountDetails account={account} />
          </div>
        ) : (
          <SectionPlaceholder
            title={section.title}
            description={section.description}
            emptyText={section.emptyText}
            icon={section.icon}
          />
        )}
      </div>
    </SectionLayout>
  )
}
