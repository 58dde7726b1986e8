import type * as React from 'react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card'
import type { DrayageMove } from '@/features/drayage/api/get-drayage-moves'
import { FreeTimeChart } from '@/features/drayage/components/free-time-chart'
import {
  APPOINTMENT_KIND,
  APPOINTMENT_STATUS,
  MOVE_STATUS,
  daysLeftText,
} from '@/features/drayage/utils/labels'
import { formatCalendarDate, formatCurrency, formatDateTime } from '@/lib/format'

/**
 * One drayage move as its shipper and carrier see it: where, when the free time ends, what it
 * has accrued (computed by the server as of today), its appointments, and the carrier's
 * actions in `actions`.
 */
export function DrayageMoveCard({
  move,
  actions,
}: {
  move: DrayageMove
  actions?: React.ReactNode
}) {
  const status = MOVE_STATUS[move.status]
  const left = daysLeftText(move.daysLeft)
  return (
    <Card role="article" aria-label={`Drayage move ${move.reference}`}>
      <CardHeader className="space-y-1 pb-3">
        <CardTitle className="flex flex-wrap items-center gap-2 text-base">
          <span>{move.reference}</span>
          <span className="font-mono text-slate-700">{move.containerNo}</span>
          <Badge variant={status.variant}>{status.label}</Badge>
        </CardTitle>
        <p className="text-sm text-slate-600">
          {move.terminal.name ?? move.terminal.code} ({move.terminal.code}) → {move.deliveryAddress}
          {move.carrierName ? ` · ${move.carrierName}` : ''}
        </p>
      </CardHeader>
      <CardContent className="space-y-4">
        <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-3 lg:grid-cols-5">
          <PriceFact move={move} />
          <Fact label="Available">{formatCalendarDate(move.availableOn)}</Fact>
          <Fact label="Last free day">
            {formatCalendarDate(move.lastFreeDay)}
            {left ? (
              <span
                className={
                  move.daysLeft !== null && move.daysLeft < 0
                    ? 'block text-xs font-medium text-red-700'
                    : 'block text-xs text-slate-600'
                }
              >
                {left}
              </span>
            ) : null}
          </Fact>
          <Fact label="Demurrage">
            {formatCurrency(move.totalDemurrage)}
            <span className="block text-xs text-slate-600">{dayCount(move.demurrageDays)}</span>
          </Fact>
          <Fact label="Per diem">
            {formatCurrency(move.totalPerDiem)}
            <span className="block text-xs text-slate-600">
              {move.perDiemLastFreeDay
                ? `free until ${formatCalendarDate(move.perDiemLastFreeDay)}`
                : 'starts at gate-out'}
            </span>
          </Fact>
        </dl>
        <FreeTimeChart move={move} />
        {move.charges.length > 0 ? (
          <ul aria-label="Charges" className="space-y-1 text-sm">
            {move.charges.map((line) => (
              <li key={`${line.code}-${line.from}`} className="flex justify-between gap-3">
                <span className="text-slate-700">
                  {line.description} ({formatCalendarDate(line.from)}
                  {line.to !== line.from ? ` – ${formatCalendarDate(line.to)}` : ''})
                </span>
                <span className="font-medium text-slate-900">{formatCurrency(line.amount)}</span>
              </li>
            ))}
          </ul>
        ) : null}
        {move.appointments.length > 0 ? (
          <ul
            aria-label="Appointments"
            className="divide-y divide-slate-200 rounded-md border text-sm"
          >
            {move.appointments.map((a) => (
              <li
                key={a.id}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-2"
              >
                <span>
                  {APPOINTMENT_KIND[a.kind]}: {formatDateTime(a.windowStart)} –{' '}
                  {formatDateTime(a.windowEnd)}
                  {a.confirmationNumber ? ` · #${a.confirmationNumber}` : ''}
                </span>
                <Badge variant={APPOINTMENT_STATUS[a.status].variant}>
                  {APPOINTMENT_STATUS[a.status].label}
                </Badge>
              </li>
            ))}
          </ul>
        ) : null}
        {actions}
      </CardContent>
    </Card>
  )
}

/**
 * The move's money as this reader sees it (docs/decisions/0187): the shipper its line-haul
 * price, a carrier its pay; the server sends only the reader's figure.
 */
function PriceFact({ move }: { move: DrayageMove }) {
  const miles = move.distanceMiles !== null ? `${move.distanceMiles} mi line haul` : 'line haul'
  if (move.carrierPay !== null) {
    return (
      <Fact label="Your pay">
        {formatCurrency(move.carrierPay)}
        <span className="block text-xs text-slate-600">{miles}</span>
      </Fact>
    )
  }
  if (move.lineHaul !== null) {
    return (
      <Fact label="Price">
        {formatCurrency(move.lineHaul)}
        <span className="block text-xs text-slate-600">{miles}</span>
      </Fact>
    )
  }
  return (
    <Fact label="Price">
      <span className="text-slate-600">Not priced</span>
      <span className="block text-xs text-slate-600">requested before drayage was priced</span>
    </Fact>
  )
}

const dayCount = (days: number) => `${days} day${days === 1 ? '' : 's'}`

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="font-medium text-slate-900">{children}</dd>
    </div>
  )
}
