import { ShipperDashboard } from '@/features/shipper/components/shipper-dashboard'
import { ProfileForm } from '@/features/auth/components/profile-form'
import { useUser } from '@/features/auth/api/get-user'
import { BookingReviewsDialog } from '@/features/reviews/components/booking-reviews-dialog'
import { reviewWindowClosed } from '@/lib/review-window'
import { ShipperDrayage } from '@/features/drayage/components/shipper-drayage'
import { todayIso } from '@/features/shipper/utils/dates'
import { ShipperExpedited } from '@/features/expedited/components/shipper-expedited'
import { DrayageInvoicePanel } from '@/features/finance/components/drayage-invoice-panel'
import { ShipperFreightInvoices } from '@/features/finance/components/shipper-freight-invoices'

export default function ShipperRoute() {
  const { data: user } = useUser()
  return (
    <ShipperDashboard
      accountPanel={<ProfileForm />}
      drayage={
        <ShipperDrayage
          today={todayIso()}
          completed={(moveId) => <DrayageInvoicePanel moveId={moveId} role="shipper" />}
        />
      }
      expedited={user ? <ShipperExpedited shipperId={user.id} /> : null}
      freightInvoices={<ShipperFreightInvoices />}
      reviewAction={(booking) => (
        <BookingReviewsDialog
          bookingId={booking.id}
          reference={booking.reference}
          side="shipper"
          windowClosed={reviewWindowClosed(booking)}
        />
      )}
    />
  )
}
