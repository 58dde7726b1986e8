import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { TmsDashboard, type TmsRole } from '@/features/tms/components/tms-dashboard'

const ROLES: readonly string[] = ['shipper', 'carrier', 'admin']

export default function TmsRoute() {
  const { user } = useAuth()
  const role = (user && ROLES.includes(user.role) ? user.role : 'shipper') as TmsRole
  return (
    <WithBackToDashboard width="wide">
      <TmsDashboard role={role} />
    </WithBackToDashboard>
  )
}
