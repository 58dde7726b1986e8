import { UsdBarChart } from '@/components/charts/usd-bar-chart'
import type { ShipperEscrow } from '@/features/tms/api/get-escrow'

/** The three escrow totals as bars (recharts, loaded on demand); the cards above give the figures. */
export default function EscrowChart({ totals }: { totals: ShipperEscrow['totals'] }) {
  return (
    <div aria-hidden="true" className="h-48">
      <UsdBarChart
        bars={[
          { label: 'Held', amount: totals.held },
          { label: 'Released', amount: totals.released },
          { label: 'Refunded', amount: totals.refunded },
        ]}
        seriesName="Amount"
        color="#1d4ed8"
        cursorColor="#e2e8f0"
        everyLabel
        orientation="rows"
      />
    </div>
  )
}
