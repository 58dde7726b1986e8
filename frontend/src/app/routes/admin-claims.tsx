import { Suspense } from 'react'
import { lazyComponent } from '@/components/lazy-section'
import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { AdminClaims } from '@/features/claims/components/admin-claims'

// The messages feature's read-only thread, loaded when a card shows its button (decision 0231).
const AdminThreadDialog = lazyComponent(() =>
  import('@/features/messages/components/admin-thread-dialog').then((m) => m.AdminThreadDialog)
)

export default function AdminClaimsRoute() {
  return (
    <WithBackToDashboard width="wide">
      <AdminClaims
        readMessages={(claim) => (
          <Suspense fallback={null}>
            <AdminThreadDialog bookingId={claim.bookingId} reference={claim.reference} />
          </Suspense>
        )}
      />
    </WithBackToDashboard>
  )
}
