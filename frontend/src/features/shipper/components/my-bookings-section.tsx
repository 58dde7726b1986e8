import { Card, CardContent } from '@/components/ui/card'
import { Skeleton } from '@/components/ui/skeleton'
import { useBookings } from '@/features/shipper/api/get-bookings'
import { LoadError } from '@/components/ui/load-error'
import { ShipmentAlerts } from '@/features/shipper/components/shipment-alerts'
import { ShipmentTable } from '@/features/shipper/components/shipment-table'
import { StatusBoard } from '@/features/shipper/components/status-board'
import { useDismissedAlerts } from '@/features/shipper/hooks/use-dismissed-alerts'
import { deriveShipmentAlerts } from '@/features/shipper/utils/shipment-alerts'
import type { ClaimSlot } from '@/types/claim-slot'
import type { ReviewSlot } from '@/types/review-slot'
import type { MessageSlot } from '@/types/message-slot'

/** My Bookings: alerts, the status board and the management table. */
export function MyBookingsSection({
  today,
  reviewAction,
  messageAction,
  claimAction,
}: {
  today: string
  reviewAction?: ReviewSlot
  messageAction?: MessageSlot
  claimAction?: ClaimSlot
}) {
  const { data, error, isLoading, isValidating, mutate } = useBookings()
  const { dismissed, dismiss } = useDismissedAlerts()
  const alerts = data
    ? deriveShipmentAlerts(data, today).filter((a) => !dismissed.includes(a.id))
    : []

  return (
    <section aria-labelledby="my-bookings-heading" className="space-y-6">
      <div>
        <h1 id="my-bookings-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          My Bookings
        </h1>
        <p className="mt-1 text-slate-600">Your shipments, their status and what needs you.</p>
      </div>
      {isLoading ? (
        <div className="space-y-6" role="status" aria-busy="true" aria-label="Loading bookings">
          <Skeleton className="h-16 w-full" />
          <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-40 w-full" />
            ))}
          </div>
          <Skeleton className="h-64 w-full" />
        </div>
      ) : error && data === undefined ? (
        <Card>
          <CardContent className="pt-6">
            <LoadError
              title="Could not load your bookings"
              error={error}
              onRetry={() => void mutate()}
              retrying={isValidating}
            />
          </CardContent>
        </Card>
      ) : (
        <>
          {error ? (
            // A reload failed: what was shown stays (an open dialog in a row with it).
            <p
              role="status"
              className="flex flex-wrap items-center gap-2 rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900"
            >
              Could not refresh your bookings; showing them as last loaded.
              <button
                type="button"
                className="font-medium underline"
                onClick={() => void mutate()}
                disabled={isValidating}
              >
                {isValidating ? 'Trying again...' : 'Try again'}
              </button>
            </p>
          ) : null}
          <ShipmentAlerts alerts={alerts} onDismiss={dismiss} />
          <StatusBoard bookings={data ?? []} />
          <ShipmentTable
            bookings={data ?? []}
            reviewAction={reviewAction}
            messageAction={messageAction}
            claimAction={claimAction}
          />
        </>
      )}
    </section>
  )
}
