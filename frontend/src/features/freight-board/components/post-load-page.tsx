import { PackagePlus } from 'lucide-react'
import { SectionPlaceholder } from '@/components/section-placeholder'

/** /post-load: a shipper publishes a load to the freight board. */
export function PostLoadPage() {
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <SectionPlaceholder
        title="Post a Load"
        description="Publish a load to the freight board so approved carriers can claim it."
        emptyText="The load form will appear here: origin and destination ZIP, equipment, service mode, pallets, weight, dimensions, pickup and delivery window, a rate estimate and your target price."
        icon={PackagePlus}
      />
    </main>
  )
}
