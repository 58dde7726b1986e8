import { TmsDashboard } from '@/features/tms/components/tms-dashboard'

export default function TmsRoute() {
  return <TmsDashboard />
}
