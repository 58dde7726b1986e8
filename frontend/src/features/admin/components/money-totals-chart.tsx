import { UsdBarChart, type UsdBar } from '@/components/charts/usd-bar-chart'

export type MoneyBar = UsdBar

/** Bar chart of the reconciliation totals in dollars (loaded on demand). */
export default function MoneyTotalsChart({ bars }: { bars: MoneyBar[] }) {
  return (
    <UsdBarChart bars={bars} seriesName="Amount" color="#0ea5e9" cursorColor="#f1f5f9" everyLabel />
  )
}
