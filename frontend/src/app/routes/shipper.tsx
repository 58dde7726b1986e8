import { ShipperDashboard } from '@/features/shipper/components/shipper-dashboard'
import { ProfileForm } from '@/features/auth/components/profile-form'
import { BookingReviewsDialog } from '@/features/reviews/components/booking-reviews-dialog'
import { ShipperDrayage } from '@/features/drayage/components/shipper-drayage'
import { todayIso } from '@/features/shipper/utils/dates'

export default function ShipperRoute() {
  return (
    <ShipperDashboard
      accountPanel={<ProfileForm />}
      drayage={<ShipperDrayage today={todayIso()} />}
      reviewAction={(booking) => (
        <BookingReviewsDialog bookingId={booking.id} reference={booking.reference} side="shipper" />
      )}
    />
  )
}
