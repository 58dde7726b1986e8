import { FeaturedLoads } from '@/features/freight-board/components/featured-loads'
import { OverviewPage } from '@/features/marketing/components/overview-page'

export default function OverviewRoute() {
  return <OverviewPage featuredBoard={<FeaturedLoads />} />
}
