import { Suspense } from 'react'
import { lazyComponent, PartSuspense } from '@/components/lazy-section'
import { ShipperDashboard } from '@/features/shipper/components/shipper-dashboard'
import { useUser } from '@/features/auth/api/get-user'
import { reviewWindowClosed, reviewWindowNotOpen } from '@/lib/review-window'
import { todayIso } from '@/features/shipper/utils/dates'
import type { ExpeditedPaymentFormProps } from '@/features/expedited/components/expedited-pay-panel'
import { paths } from '@/config/paths'

// The sections' parts load with the section that shows them (decision 0219).
const BookingReviewsDialog = lazyComponent(() =>
  import('@/features/reviews/components/booking-reviews-dialog').then((m) => m.BookingReviewsDialog)
)
const BookingMessagesDialog = lazyComponent(() =>
  import('@/features/messages/components/booking-messages-dialog').then(
    (m) => m.BookingMessagesDialog
  )
)
const TeamPanel = lazyComponent(() =>
  import('@/features/team/components/team-panel').then((m) => m.TeamPanel)
)
const FileClaimDialog = lazyComponent(() =>
  import('@/features/claims/components/file-claim-dialog').then((m) => m.FileClaimDialog)
)
const SavedSearches = lazyComponent(() =>
  import('@/features/alerts/components/saved-searches').then((m) => m.SavedSearches)
)
const SaveSearchButton = lazyComponent(() =>
  import('@/features/alerts/components/save-search-button').then((m) => m.SaveSearchButton)
)
const ProfileForm = lazyComponent(() =>
  import('@/features/auth/components/profile-form').then((m) => m.ProfileForm)
)
const ShipperDrayage = lazyComponent(() =>
  import('@/features/drayage/components/shipper-drayage').then((m) => m.ShipperDrayage)
)
const ShipperExpedited = lazyComponent(() =>
  import('@/features/expedited/components/shipper-expedited').then((m) => m.ShipperExpedited)
)
const CardPaymentForm = lazyComponent(() =>
  import('@/features/payments/components/card-payment-form').then((m) => m.CardPaymentForm)
)
const DrayageInvoicePanel = lazyComponent(() =>
  import('@/features/finance/components/drayage-invoice-panel').then((m) => m.DrayageInvoicePanel)
)
const ShipperFreightInvoices = lazyComponent(() =>
  import('@/features/finance/components/shipper-freight-invoices').then(
    (m) => m.ShipperFreightInvoices
  )
)

// An expedited job is paid with the same card form as a booking; Stripe comes back here.
function renderExpeditedPayment(form: ExpeditedPaymentFormProps) {
  return (
    <PartSuspense>
      <CardPaymentForm {...form} returnPath={paths.shipper.getHref('expedited')} />
    </PartSuspense>
  )
}

export default function ShipperRoute() {
  const { data: user } = useUser()
  return (
    <ShipperDashboard
      member={user?.member}
      accountPanel={
        <>
          <ProfileForm />
          {/* The company's team, for its owners (decision 0223). */}
          {user?.member?.role === 'owner' ? <TeamPanel personId={user.member.userId} /> : null}
        </>
      }
      drayage={
        <ShipperDrayage
          today={todayIso()}
          completed={(moveId) => (
            <PartSuspense>
              <DrayageInvoicePanel moveId={moveId} role="shipper" />
            </PartSuspense>
          )}
        />
      }
      expedited={
        user ? (
          <ShipperExpedited shipperId={user.id} renderPaymentForm={renderExpeditedPayment} />
        ) : null
      }
      freightInvoices={<ShipperFreightInvoices />}
      savedSearches={<SavedSearches />}
      saveSearch={(criteria) => (
        <Suspense fallback={null}>
          <SaveSearchButton search={criteria} />
        </Suspense>
      )}
      messageAction={(booking) => (
        <Suspense fallback={null}>
          <BookingMessagesDialog
            bookingId={booking.id}
            reference={booking.reference}
            side="shipper"
          />
        </Suspense>
      )}
      claimAction={(booking) => (
        <Suspense fallback={null}>
          <FileClaimDialog bookingId={booking.id} reference={booking.reference} />
        </Suspense>
      )}
      reviewAction={(booking) => (
        // A row's action appears once its code is there (with the bookings, decision 0219).
        <Suspense fallback={null}>
          <BookingReviewsDialog
            bookingId={booking.id}
            reference={booking.reference}
            side="shipper"
            windowClosed={reviewWindowClosed(booking)}
            windowNotOpen={reviewWindowNotOpen(booking)}
          />
        </Suspense>
      )}
    />
  )
}
