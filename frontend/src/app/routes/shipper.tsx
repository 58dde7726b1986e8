import { ShipperDashboard } from '@/features/shipper/components/shipper-dashboard'
import { ProfileForm } from '@/features/auth/components/profile-form'
import { BookingReviewsDialog } from '@/features/reviews/components/booking-reviews-dialog'
import { ShipperFreightInvoices } from '@/features/finance/components/shipper-freight-invoices'

export default function ShipperRoute() {
  return (
    <ShipperDashboard
      accountPanel={<ProfileForm />}
      freightInvoices={<ShipperFreightInvoices />}
      reviewAction={(booking) => (
        <BookingReviewsDialog bookingId={booking.id} reference={booking.reference} side="shipper" />
      )}
    />
  )
}
