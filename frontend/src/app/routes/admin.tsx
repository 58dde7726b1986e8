import { AdminDashboard } from '@/features/admin/components/admin-dashboard'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { toAccountSummary } from '@/app/account'

export default function AdminRoute() {
  const { user } = useAuth()
  if (!user) return null
  return <AdminDashboard account={toAccountSummary(user)} />
}
