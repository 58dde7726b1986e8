import { UsdBarChart } from '@/components/charts/usd-bar-chart'
import type { MonthlyEarning } from '@/features/carrier/api/get-carrier-dashboard'

/** Bar chart of the last 12 months' delivered earnings (loaded on demand). */
export default function EarningsChart({ months }: { months: MonthlyEarning[] }) {
  return <UsdBarChart bars={months} seriesName="Earnings" color="#f97316" cursorColor="#fff7ed" />
}
