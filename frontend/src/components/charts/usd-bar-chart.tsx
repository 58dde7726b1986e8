import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatCurrency } from '@/lib/format'

export type UsdBar = { label: string; amount: number }

const compactUsd = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  notation: 'compact',
  maximumFractionDigits: 1,
})

type Props = {
  bars: UsdBar[]
  /** the tooltip's name of the amount, e.g. 'Earnings' */
  seriesName: string
  color: string
  cursorColor: string
  /** show every x label (few bars with long labels) rather than letting recharts skip some */
  everyLabel?: boolean
  /**
   * `rows`: horizontal bars with their labels on the left, for a few long labels that would
   * collide under columns on a phone.
   */
  orientation?: 'columns' | 'rows'
}

/**
 * A bar chart of dollar amounts (recharts). Its callers are loaded on demand, so recharts stays
 * out of the first bundle; the figures are also given as text next to each chart.
 */
export function UsdBarChart({
  bars,
  seriesName,
  color,
  cursorColor,
  everyLabel,
  orientation = 'columns',
}: Props) {
  const rows = orientation === 'rows'
  const amountAxis = {
    tickFormatter: (value: number) => compactUsd.format(value),
    tickLine: false,
    axisLine: false,
    fontSize: 12,
  }
  const labelAxis = { dataKey: 'label', tickLine: false, axisLine: false, fontSize: 12 }
  return (
    <div className="h-72 w-full" aria-hidden="true">
      <ResponsiveContainer
        width="100%"
        height="100%"
        initialDimension={{ width: 600, height: 288 }}
      >
        <BarChart
          // Hidden from assistive tech (the figures are in text beside it): no tab stop either.
          accessibilityLayer={false}
          data={bars}
          layout={rows ? 'vertical' : 'horizontal'}
          margin={{ top: 8, right: rows ? 16 : 8, bottom: 0, left: rows ? 0 : 8 }}
        >
          <CartesianGrid
            strokeDasharray="3 3"
            vertical={rows}
            horizontal={!rows}
            stroke="#e2e8f0"
          />
          {rows ? (
            <>
              <XAxis type="number" tickCount={4} {...amountAxis} />
              <YAxis type="category" width={112} interval={0} {...labelAxis} />
            </>
          ) : (
            <>
              <XAxis interval={everyLabel ? 0 : undefined} {...labelAxis} />
              <YAxis width={64} {...amountAxis} />
            </>
          )}
          <Tooltip
            cursor={{ fill: cursorColor }}
            formatter={(value) => [formatCurrency(Number(value)), seriesName]}
            labelFormatter={(label) => String(label)}
          />
          <Bar
            dataKey="amount"
            name={seriesName}
            fill={color}
            radius={rows ? [0, 4, 4, 0] : [4, 4, 0, 0]}
            isAnimationActive={false}
          />
        </BarChart>
      </ResponsiveContainer>
    </div>
  )
}
