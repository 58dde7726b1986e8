import { SectionLayout } from '@/components/section-layout'
import { roleNav } from '@/config/role-nav'
import { useHashSection } from '@/hooks/use-hash-section'
import { FindCarriersSection } from '@/features/shipper/components/find-carriers-section'
import { InvoicesSection } from '@/features/shipper/components/invoices-section'
import { MyBookingsSection } from '@/features/shipper/components/my-bookings-section'
import { TrackingSection } from '@/features/shipper/components/tracking-section'
import { todayIso } from '@/features/shipper/utils/dates'
import type { ReviewSlot } from '@/types/review-slot'

export type ShipperSection =
  'search' | 'bookings' | 'expedited' | 'invoices' | 'tracking' | 'drayage' | 'profile'

/**
 * The sections /shipper#<section> shows. The menu (config/role-nav.ts) lists all but Profile,
 * which the account menu leads to.
 */
const SECTIONS: ShipperSection[] = [
  'search',
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
  drayage,
  freightInvoices,
}: {
  accountPanel: React.ReactNode
  /** the Drayage section (container moves), from the drayage feature */
  drayage?: React.ReactNode
  expedited?: React.ReactNode
  /** the itemised, audited freight invoices, composed by the route (app/) */
  freightInvoices?: React.ReactNode
  /** "Rate this carrier" on delivered bookings */
  reviewAction?: ReviewSlot
}) {
  const [current, select] = useHashSection<ShipperSection>(SECTIONS, 'search')
  const today = todayIso()

  return (
    <SectionLayout
      navLabel="Shipper dashboard"
      mobileTitle="Shipper Dashboard"
      nav={roleNav('shipper')}
      current={current}
      onSelect={select}
    >
      <div className="mx-auto max-w-6xl">
        {current === 'search' ? <FindCarriersSection today={today} /> : null}
        {current === 'bookings' ? (
          <MyBookingsSection today={today} reviewAction={reviewAction} />
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
      </div>
    </SectionLayout>
  )
}
