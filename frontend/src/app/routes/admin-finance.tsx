import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { FinanceAdminPage } from '@/features/finance/components/finance-admin-page'

export default function AdminFinanceRoute() {
  return (
    <WithBackToDashboard width="wide">
      <FinanceAdminPage />
    </WithBackToDashboard>
  )
}
