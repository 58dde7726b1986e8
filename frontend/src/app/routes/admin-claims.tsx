import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { AdminClaims } from '@/features/claims/components/admin-claims'

export default function AdminClaimsRoute() {
  return (
    <WithBackToDashboard width="wide">
      <AdminClaims />
    </WithBackToDashboard>
  )
}
