import type * as React from 'react'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { formatCurrency } from '@/lib/format'
import {
  useFlaggedInvoices,
  useInvoiceActions,
  type AdvancedInvoice,
} from '@/features/finance/api/advanced-invoices'
import {
  AuditSummary,
  InvoiceLines,
  InvoiceStatusBadge,
} from '@/features/finance/components/invoice-details'
import { useAction } from '@/features/finance/hooks/use-action'

/** Invoices whose audit flagged them: the variance, the shipper's answer, pay or void. */
/** "Read messages" of a disputed invoice's booking (the messages feature, composed by the route). */
export type ReadMessages = (bookingId: number, reference: string) => React.ReactNode

export function FlaggedInvoices({ readMessages }: { readMessages?: ReadMessages } = {}) {
  const { data, error, isLoading, mutate, isValidating } = useFlaggedInvoices()
  return (
    <Card id="flagged-invoices" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Flagged invoices</CardTitle>
        <CardDescription>
          Issued invoices billing more than booked beyond the tolerance (the larger of $25 and 2%).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isLoading ? (
          <Skeleton className="h-32 w-full" aria-label="Loading flagged invoices" />
        ) : error || !data ? (
          <LoadError
            title="Could not load flagged invoices"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : data.invoices.length === 0 ? (
          <EmptyState title="No flagged invoices" />
        ) : (
          data.invoices.map((invoice) => (
            <FlaggedInvoice key={invoice.id} invoice={invoice} readMessages={readMessages} />
          ))
        )}
      </CardContent>
    </Card>
  )
}

function FlaggedInvoice({
  invoice,
  readMessages,
}: {
  invoice: AdvancedInvoice
  readMessages?: ReadMessages
}) {
  const { pay, adminVoid } = useInvoiceActions(invoice.bookingId, invoice.drayageMoveId)
  const { busy, run } = useAction()
  return (
    <article
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      aria-label={`Invoice ${invoice.number}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-semibold text-slate-900">
          {invoice.number} · {invoice.bookingReference ?? invoice.drayageReference} ·{' '}
          {formatCurrency(invoice.amount)}
        </p>
        <InvoiceStatusBadge invoice={invoice} />
      </header>
      {invoice.disputeReason ? (
        <p className="text-sm text-red-700">Disputed: “{invoice.disputeReason}”</p>
      ) : null}
      {readMessages &&
      invoice.shipperDecision === 'DISPUTED' &&
      invoice.bookingId &&
      invoice.bookingReference
        ? readMessages(invoice.bookingId, invoice.bookingReference)
        : null}
      <AuditSummary invoice={invoice} />
      <details>
        <summary className="cursor-pointer text-sm text-slate-600">Lines</summary>
        <div className="mt-2">
          <InvoiceLines invoice={invoice} />
        </div>
      </details>
      {invoice.status === 'ISSUED' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="success"
            disabled={busy || invoice.shipperDecision === 'DISPUTED'}
            onClick={() => void run(() => pay(invoice.id), 'Invoice marked paid')}
          >
            Mark paid
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void run(() => adminVoid(invoice.id), 'Invoice voided')}
          >
            Void
          </Button>
        </div>
      ) : null}
    </article>
  )
}
