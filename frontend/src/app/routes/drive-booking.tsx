import { useParams } from 'react-router-dom'
import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { DriveBooking } from '@/features/drive/components/drive-booking'
import NotFoundRoute from '@/app/routes/not-found'

/** /drive/bookings/:id: the driver's phone screen (docs/decisions/0243). */
export default function DriveBookingRoute() {
  const { id } = useParams()
  const bookingId = Number(String(id ?? '').replace(/^TRT-/i, ''))
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) return <NotFoundRoute />
  return (
    <WithBackToDashboard>
      <main className="mx-auto max-w-4xl px-4 py-4 sm:px-6">
        <div className="max-w-xl">
          <DriveBooking bookingId={bookingId} />
        </div>
      </main>
    </WithBackToDashboard>
  )
}
