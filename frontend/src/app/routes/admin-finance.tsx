import { Suspense } from 'react'
import { lazyComponent } from '@/components/lazy-section'
import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { FinanceAdminPage } from '@/features/finance/components/finance-admin-page'

// The messages feature's read-only thread, loaded when a card shows its button (decision 0231).
const AdminThreadDialog = lazyComponent(() =>
  import('@/features/messages/components/admin-thread-dialog').then((m) => m.AdminThreadDialog)
)

export default function AdminFinanceRoute() {
  return (
    <WithBackToDashboard width="wide">
      <FinanceAdminPage
        readMessages={(bookingId, reference) => (
          <Suspense fallback={null}>
            <AdminThreadDialog bookingId={bookingId} reference={reference} />
          </Suspense>
        )}
      />
    </WithBackToDashboard>
  )
}
