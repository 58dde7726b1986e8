import { ShipperDashboard } from '@/features/shipper/components/shipper-dashboard'
import { ProfileForm } from '@/features/auth/components/profile-form'
import { useUser } from '@/features/auth/api/get-user'
import { BookingReviewsDialog } from '@/features/reviews/components/booking-reviews-dialog'
import { reviewWindowClosed } from '@/lib/review-window'
import { ShipperDrayage } from '@/features/drayage/components/shipper-drayage'
import { todayIso } from '@/features/shipper/utils/dates'
import { ShipperExpedited } from '@/features/expedited/components/shipper-expedited'
import type { ExpeditedPaymentFormProps } from '@/features/expedited/components/expedited-pay-panel'
import { CardPaymentForm } from '@/features/payments/components/card-payment-form'
import { paths } from '@/config/paths'
import { DrayageInvoicePanel } from '@/features/finance/components/drayage-invoice-panel'
import { ShipperFreightInvoices } from '@/features/finance/components/shipper-freight-invoices'

// An expedited job is paid with the same card form as a booking; Stripe comes back here.
function renderExpeditedPayment(form: ExpeditedPaymentFormProps) {
  return <CardPaymentForm {...form} returnPath={paths.shipper.getHref('expedited')} />
}

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
      expedited={
        user ? (
          <ShipperExpedited shipperId={user.id} renderPaymentForm={renderExpeditedPayment} />
        ) : null
      }
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
