import { UsdBarChart, type UsdBar } from '@/components/charts/usd-bar-chart'

export type MoneyBar = UsdBar

/**
 * Bar chart of the reconciliation totals in dollars (loaded on demand): horizontal bars, so the
 * long labels ("Owed to carriers") stay legible on a phone instead of colliding.
 */
export default function MoneyTotalsChart({ bars }: { bars: MoneyBar[] }) {
  return (
    <UsdBarChart
      bars={bars}
      seriesName="Amount"
      color="#0ea5e9"
      cursorColor="#f1f5f9"
      orientation="rows"
    />
  )
}
