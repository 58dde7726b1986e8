import { ShipperDashboard } from '@/features/shipper/components/shipper-dashboard'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { toAccountSummary } from '@/app/account'

export default function ShipperRoute() {
  const { user } = useAuth()
  if (!user) return null
  return <ShipperDashboard account={toAccountSummary(user)} />
}
