import { CarrierDashboard } from '@/features/carrier/components/carrier-dashboard'
import { useAuth } from '@/features/auth/hooks/use-auth'
import { toAccountSummary } from '@/app/account'

export default function CarrierRoute() {
  const { user } = useAuth()
  if (!user) return null
  return <CarrierDashboard account={toAccountSummary(user)} />
}
