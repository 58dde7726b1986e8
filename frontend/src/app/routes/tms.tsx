import { WithBackToDashboard } from '@/app/layouts/back-to-dashboard'
import { TmsDashboard } from '@/features/tms/components/tms-dashboard'

export default function TmsRoute() {
  return (
    <WithBackToDashboard>
      <TmsDashboard />
    </WithBackToDashboard>
  )
}
