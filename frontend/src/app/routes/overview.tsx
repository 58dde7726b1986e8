import { OverviewPage } from '@/features/marketing/components/overview-page'

export default function OverviewRoute() {
  return <OverviewPage />
}
