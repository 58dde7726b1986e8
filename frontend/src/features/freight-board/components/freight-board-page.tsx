import { PackageSearch } from 'lucide-react'
import { SectionPlaceholder } from '@/components/section-placeholder'

/** /freight-board: the grab-and-go board of posted loads. */
export function FreightBoardPage() {
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <SectionPlaceholder
        title="Freight Board"
        description="Loads posted by shippers. Filter by equipment, mode and ZIP codes, then hold or claim."
        emptyText="Open loads will appear here and refresh every 30 seconds. Each load can be held for 30 minutes or claimed with one click."
        icon={PackageSearch}
      />
    </main>
  )
}
