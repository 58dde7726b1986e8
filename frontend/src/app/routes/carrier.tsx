import { Suspense } from 'react'
import { lazyComponent, PartSuspense } from '@/components/lazy-section'
import { useRefreshCarrierBookings } from '@/app/refresh-carrier-bookings'
import { CarrierDashboard } from '@/features/carrier/components/carrier-dashboard'
import { reviewWindowClosed, reviewWindowNotOpen } from '@/lib/review-window'
import { useUser } from '@/features/auth/api/get-user'
import { memberHasArea } from '@/config/role-nav'

// The sections' parts load with the section that shows them (decision 0219).
const BookingChargesDialog = lazyComponent(() =>
  import('@/features/finance/components/booking-charges-dialog').then((m) => m.BookingChargesDialog)
)
const BookingReviewsDialog = lazyComponent(() =>
  import('@/features/reviews/components/booking-reviews-dialog').then((m) => m.BookingReviewsDialog)
)
const BookingMessagesDialog = lazyComponent(() =>
  import('@/features/messages/components/booking-messages-dialog').then(
    (m) => m.BookingMessagesDialog
  )
)
const AssignDriver = lazyComponent(() =>
  import('@/features/team/components/assign-driver').then((m) => m.AssignDriver)
)
const AssignMoveDriver = lazyComponent(() =>
  import('@/features/team/components/assign-driver').then((m) => m.AssignMoveDriver)
)
const AssignExpeditedDriver = lazyComponent(() =>
  import('@/features/team/components/assign-driver').then((m) => m.AssignExpeditedDriver)
)
const TeamPanel = lazyComponent(() =>
  import('@/features/team/components/team-panel').then((m) => m.TeamPanel)
)
const ProfileForm = lazyComponent(() =>
  import('@/features/auth/components/profile-form').then((m) => m.ProfileForm)
)
const FreightBoard = lazyComponent(() =>
  import('@/features/freight-board/components/freight-board').then((m) => m.FreightBoard)
)
const CarrierDrayage = lazyComponent(() =>
  import('@/features/drayage/components/carrier-drayage').then((m) => m.CarrierDrayage)
)
const CarrierExpedited = lazyComponent(() =>
  import('@/features/expedited/components/carrier-expedited').then((m) => m.CarrierExpedited)
)
const SavedLanes = lazyComponent(() =>
  import('@/features/alerts/components/saved-lanes').then((m) => m.SavedLanes)
)
const DrayageInvoicePanel = lazyComponent(() =>
  import('@/features/finance/components/drayage-invoice-panel').then((m) => m.DrayageInvoicePanel)
)

export default function CarrierRoute() {
  const refreshBookings = useRefreshCarrierBookings()
  const { data: user } = useUser()
  // Owners and dispatchers of a company assign its work to its drivers (decisions 0237, 0246).
  const assigns = user?.member?.role === 'owner' || user?.member?.role === 'dispatcher'
  return (
    <CarrierDashboard
      member={user?.member}
      driverAction={
        assigns
          ? (booking) => (
              <Suspense fallback={null}>
                <AssignDriver booking={booking} />
              </Suspense>
            )
          : undefined
      }
      accountPanel={
        <>
          <ProfileForm title="Account" description="The carrier account you are signed in with." />
          {/* The company's team, for its owners (decision 0223). */}
          {user?.member?.role === 'owner' ? <TeamPanel personId={user.member.userId} /> : null}
        </>
      }
      freightBoard={<FreightBoard idPrefix="grab-and-go" onClaimed={refreshBookings} />}
      drayage={
        <CarrierDrayage
          completed={(moveId) => (
            <PartSuspense>
              <DrayageInvoicePanel moveId={moveId} role="carrier" />
            </PartSuspense>
          )}
          // Owners and dispatchers put a move on a driver, as a booking (decision 0246).
          driverAction={
            assigns
              ? (move) => (
                  <Suspense fallback={null}>
                    <AssignMoveDriver move={move} />
                  </Suspense>
                )
              : undefined
          }
        />
      }
      expedited={
        <CarrierExpedited
          driverAction={
            assigns
              ? (job) => (
                  <Suspense fallback={null}>
                    <AssignExpeditedDriver job={job} />
                  </Suspense>
                )
              : undefined
          }
        />
      }
      savedLanes={(header) => <SavedLanes header={header} />}
      messageAction={(booking) => (
        <Suspense fallback={null}>
          <BookingMessagesDialog
            bookingId={booking.id}
            reference={booking.reference}
            side="carrier"
          />
        </Suspense>
      )}
      reviewAction={
        // Charges are money and ratings the dispatcher's: neither is a driver's (decision 0246).
        memberHasArea(user?.member, 'charges') || memberHasArea(user?.member, 'reviews')
          ? (booking) => (
              // A row's actions appear once their code is there (with the bookings, decision 0219).
              <Suspense fallback={null}>
                {memberHasArea(user?.member, 'charges') ? (
                  <BookingChargesDialog bookingId={booking.id} reference={booking.reference} />
                ) : null}
                {memberHasArea(user?.member, 'reviews') ? (
                  <BookingReviewsDialog
                    bookingId={booking.id}
                    reference={booking.reference}
                    side="carrier"
                    windowClosed={reviewWindowClosed(booking)}
                    windowNotOpen={reviewWindowNotOpen(booking)}
                  />
                ) : null}
              </Suspense>
            )
          : undefined
      }
    />
  )
}
