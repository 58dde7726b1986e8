import * as React from 'react'
import { Link } from 'react-router-dom'
import { ChevronDown } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card } from '@/components/ui/card'
import { paths } from '@/config/paths'
import type { TmsQuote } from '@/features/tms/api/compare-quotes'
import { BookQuoteDialog } from '@/features/tms/components/book-quote-dialog'
import {
  isNetworkQuote,
  lineItemLabel,
  modeLabel,
  providerLabel,
  serviceLevelLabel,
} from '@/features/tms/utils/labels'
import { formatCurrency, formatPercent } from '@/lib/format'
import { cn } from '@/lib/utils'

/** One carrier's quote: the figures docs/spec.md §2 lists, its charges on demand, and Book. */
export function QuoteCard({
  quote,
  canBook,
  weightLbs,
}: {
  quote: TmsQuote
  canBook: boolean
  /** the weight the quote was asked for, pounds */
  weightLbs?: number
}) {
  const [open, setOpen] = React.useState(false)
  const [booking, setBooking] = React.useState(false)
  const itemsId = `quote-${quote.id}-items`
  const network = isNetworkQuote(quote.provider)
  return (
    <Card className="p-4 sm:p-5" aria-label={`${quote.carrier} quote`} role="group">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1">
          <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            <span>{quote.carrier}</span>
            <Badge variant={network ? 'default' : 'secondary'}>
              {providerLabel(quote.provider)}
            </Badge>
          </p>
          <dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm text-slate-700 sm:grid-cols-4">
            <div>
              <dt className="text-slate-500">Mode</dt>
              <dd>{modeLabel(quote.mode)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Service level</dt>
              <dd>{serviceLevelLabel(quote.service_level)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">Transit</dt>
              <dd>
                {quote.transit_days} {quote.transit_days === 1 ? 'day' : 'days'}
              </dd>
            </div>
            <div>
              <dt className="text-slate-500">Reliability</dt>
              <dd>{formatPercent(quote.reliability)} on time</dd>
            </div>
          </dl>
        </div>
        <div className="flex shrink-0 flex-col gap-2 sm:items-end">
          <p
            className="text-2xl font-bold text-slate-900"
            aria-label={`Total ${formatCurrency(quote.total)}`}
          >
            {formatCurrency(quote.total)}
          </p>
          {canBook ? (
            network ? (
              <Button asChild variant="outline" size="sm">
                <Link to={paths.shipper.getHref('search')}>Book from Search</Link>
              </Button>
            ) : (
              <Button size="sm" onClick={() => setBooking(true)}>
                Book
              </Button>
            )
          ) : null}
        </div>
      </div>
      <div className="mt-3 border-t border-slate-100 pt-2">
        <Button
          variant="ghost"
          size="sm"
          aria-expanded={open}
          aria-controls={itemsId}
          onClick={() => setOpen((o) => !o)}
        >
          <ChevronDown
            className={cn('h-4 w-4 transition-transform', open && 'rotate-180')}
            aria-hidden="true"
          />
          {open ? 'Hide line items' : 'Show line items'}
        </Button>
        {open ? (
          <table
            id={itemsId}
            className="mt-2 w-full text-sm"
            aria-label={`${quote.carrier} line items`}
          >
            <thead>
              <tr className="text-left text-slate-500">
                <th scope="col" className="py-1 font-medium">
                  Code
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {quote.line_items.map((item, i) => (
                <tr key={`${item.code}-${i}`} className="border-t border-slate-100">
                  <td className="py-1 text-slate-800">{lineItemLabel(item.code)}</td>
                  <td className="py-1 text-right tabular-nums text-slate-800">
                    {formatCurrency(item.amount)}
                  </td>
                </tr>
              ))}
              <tr className="border-t border-slate-300 font-semibold">
                <td className="py-1">Total</td>
                <td className="py-1 text-right tabular-nums">{formatCurrency(quote.total)}</td>
              </tr>
            </tbody>
          </table>
        ) : null}
      </div>
      {booking ? (
        <BookQuoteDialog quote={quote} weightLbs={weightLbs} onClose={() => setBooking(false)} />
      ) : null}
    </Card>
  )
}
