import { FinanceAdminPage } from '@/features/finance/components/finance-admin-page'

export default function AdminFinanceRoute() {
  return <FinanceAdminPage />
}
