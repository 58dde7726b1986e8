import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { MonthlyEarning } from '@/features/carrier/api/get-carrier-dashboard'
import { formatCurrency } from '@/lib/format'

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
})

/** Bar chart of the last 12 months' delivered earnings (recharts; loaded on demand). */
export default function EarningsChart({ months }: { months: MonthlyEarning[] }) {
  return (
    <div className="h-72 w-full" aria-hidden="true">
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 600, height: 288 }}
      >
        <BarChart data={months} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="#e2e8f0" />
          <XAxis dataKey="label" tickLine={false} axisLine={false} fontSize={12} />
          <YAxis
            tickFormatter={(value: number) => compactUsd.format(value)}
            tickLine={false}
            axisLine={false}
            fontSize={12}
            width={64}
          />
          <Tooltip
            cursor={{ fill: '#fff7ed' }}
            formatter={(value) => [formatCurrency(Number(value)), 'Earnings']}
            labelFormatter={(label) => String(label)}
          />
          <Bar
            dataKey="amount"
            name="Earnings"
            fill="#f97316"
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
