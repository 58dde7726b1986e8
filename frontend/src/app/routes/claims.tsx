import { useSearchParams } from 'react-router-dom'
import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { useUser } from '@/features/auth/api/get-user'
import { ClaimsPage } from '@/features/claims/components/claims-page'
import { todayInTimeZone } from '@/lib/calendar-dates'

/** The platform's business day (docs/decisions/0021): the claim windows end at its midnight. */
const BUSINESS_TIME_ZONE = 'America/New_York'

export default function ClaimsRoute() {
  const { data: user } = useUser()
  const [params, setParams] = useSearchParams()
  const chosen = Number(params.get('claim'))
  const role: 'shipper' | 'carrier' | null =
    user?.role === 'shipper' ? 'shipper' : user?.role === 'carrier' ? 'carrier' : null
  if (role === null) return null
  return (
    <WithBackToDashboard width="wide">
      <ClaimsPage
        role={role}
        today={todayInTimeZone(BUSINESS_TIME_ZONE)}
        selectedId={Number.isSafeInteger(chosen) && chosen > 0 ? chosen : null}
        onSelect={(id) => setParams({ claim: String(id) })}
      />
    </WithBackToDashboard>
  )
}
