import { useRefreshCarrierBookings } from '@/app/refresh-carrier-bookings'
import { CarrierDashboard } from '@/features/carrier/components/carrier-dashboard'
import { ProfileForm } from '@/features/auth/components/profile-form'
import { FreightBoard } from '@/features/freight-board/components/freight-board'
import { BookingReviewsDialog } from '@/features/reviews/components/booking-reviews-dialog'
import { reviewWindowClosed } from '@/lib/review-window'
import { CarrierDrayage } from '@/features/drayage/components/carrier-drayage'
import { CarrierExpedited } from '@/features/expedited/components/carrier-expedited'
import { DrayageInvoicePanel } from '@/features/finance/components/drayage-invoice-panel'
import { BookingChargesDialog } from '@/features/finance/components/booking-charges-dialog'

export default function CarrierRoute() {
  const refreshBookings = useRefreshCarrierBookings()
  return (
    <CarrierDashboard
      accountPanel={
        <ProfileForm title="Account" description="The carrier account you are signed in with." />
      }
      freightBoard={<FreightBoard idPrefix="grab-and-go" onClaimed={refreshBookings} />}
      drayage={
        <CarrierDrayage
          completed={(moveId) => <DrayageInvoicePanel moveId={moveId} role="carrier" />}
        />
      }
      expedited={<CarrierExpedited />}
      reviewAction={(booking) => (
        <>
          <BookingChargesDialog bookingId={booking.id} reference={booking.reference} />
          <BookingReviewsDialog
            bookingId={booking.id}
            reference={booking.reference}
            side="carrier"
            windowClosed={reviewWindowClosed(booking)}
          />
        </>
      )}
    />
  )
}
