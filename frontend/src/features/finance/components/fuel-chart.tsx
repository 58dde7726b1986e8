import {
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts'
import type { FuelWeek } from '@/features/finance/api/finance-admin'

/**
 * The weekly diesel price (left axis, $/gal) and the fuel surcharge it gives (right axis, %),
 * loaded on demand so recharts stays out of the first bundle.
 */
export default function FuelChart({ weeks }: { weeks: FuelWeek[] }) {
  return (
    <div className="h-72 w-full" aria-hidden="true">
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 600, height: 288 }}
      >
        <LineChart
          accessibilityLayer={false}
          data={weeks}
          margin={{ top: 8, right: 8, bottom: 0, left: 0 }}
        >
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis
            dataKey="indexDate"
            tickLine={false}
            axisLine={false}
            fontSize={12}
            minTickGap={24}
          />
          <YAxis
            yAxisId="price"
            tickFormatter={(v: number) => `$${v.toFixed(2)}`}
            tickLine={false}
            axisLine={false}
            fontSize={12}
            domain={['auto', 'auto']}
          />
          <YAxis
            yAxisId="pct"
            orientation="right"
            tickFormatter={(v: number) => `${v}%`}
            tickLine={false}
            axisLine={false}
            fontSize={12}
            domain={['auto', 'auto']}
          />
          <Tooltip />
          <Legend />
          <Line
            yAxisId="price"
            type="stepAfter"
            dataKey="dieselPrice"
            name="Diesel $/gal"
            stroke="#0ea5e9"
            dot={false}
          />
          <Line
            yAxisId="pct"
            type="stepAfter"
            dataKey="fscPct"
            name="Fuel surcharge %"
            stroke="#f59e0b"
            dot={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}
