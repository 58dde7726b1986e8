import { ShipperDashboard } from '@/features/shipper/components/shipper-dashboard'
import { ProfileForm } from '@/features/auth/components/profile-form'
import { BookingReviewsDialog } from '@/features/reviews/components/booking-reviews-dialog'
import { ShipperExpedited } from '@/features/expedited/components/shipper-expedited'

export default function ShipperRoute() {
  return (
    <ShipperDashboard
      accountPanel={<ProfileForm />}
      expedited={<ShipperExpedited />}
      reviewAction={(booking) => (
        <BookingReviewsDialog bookingId={booking.id} reference={booking.reference} side="shipper" />
      )}
    />
  )
}
