import * as React from 'react'
import { AlertTriangle } from 'lucide-react'
import { Alert } from '@/components/ui/alert'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { TextAreaField } from '@/components/ui/text-field'
import { formatCurrency, formatDateTime } from '@/lib/format'
import {
  useInvoiceActions,
  useMyInvoices,
  type AdvancedInvoice,
} from '@/features/finance/api/advanced-invoices'
import {
  AuditSummary,
  InvoiceLines,
  InvoiceStatusBadge,
} from '@/features/finance/components/invoice-details'
import { useAction } from '@/features/finance/hooks/use-action'

/** The shipper's freight invoices: lines, the audit, a banner for flagged ones, accept or dispute. */
export function ShipperFreightInvoices() {
  const { data, error, isLoading, mutate, isValidating } = useMyInvoices()
  const waiting = (data?.invoices ?? []).filter(
    (i) => i.flagged && i.status === 'ISSUED' && i.shipperDecision === null
  )
  return (
    <Card id="freight-invoices" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Freight invoices</CardTitle>
        <CardDescription>
          Itemised invoices from your carriers, each audited against what you booked.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {waiting.length ? (
          <Alert
            variant="error"
            title={`${waiting.length} invoice${waiting.length === 1 ? '' : 's'} flagged by the audit`}
          >
            They bill more than you booked. Check the lines and accept or dispute.
          </Alert>
        ) : null}
        {isLoading ? (
          <Skeleton className="h-40 w-full" aria-label="Loading freight invoices" />
        ) : error || !data ? (
          <LoadError
            title="Could not load your freight invoices"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : data.invoices.length === 0 ? (
          <EmptyState title="No freight invoices yet" />
        ) : (
          data.invoices.map((invoice) => <ShipperInvoice key={invoice.id} invoice={invoice} />)
        )}
      </CardContent>
    </Card>
  )
}

function ShipperInvoice({ invoice }: { invoice: AdvancedInvoice }) {
  const answerable =
    invoice.flagged && invoice.status === 'ISSUED' && invoice.shipperDecision === null
  return (
    <article
      className="space-y-3 rounded-lg border border-slate-200 p-4"
      aria-label={`Invoice ${invoice.number}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <div>
          <p className="font-semibold text-slate-900">
            {invoice.number} · {invoice.bookingReference ?? invoice.drayageReference}
          </p>
          <p className="text-xs text-slate-500">Issued {formatDateTime(invoice.issuedAt)}</p>
        </div>
        <div className="flex items-center gap-2">
          <span className="font-semibold tabular-nums">{formatCurrency(invoice.amount)}</span>
          <InvoiceStatusBadge invoice={invoice} />
        </div>
      </header>
      {invoice.flagged ? (
        <p className="flex items-center gap-2 text-sm font-medium text-amber-800">
          <AlertTriangle className="h-4 w-4" aria-hidden="true" /> Flagged: bills{' '}
          {formatCurrency(invoice.audit?.variance ?? 0)} more than booked
        </p>
      ) : null}
      <AuditSummary invoice={invoice} />
      <InvoiceLines invoice={invoice} />
      {answerable ? <DecisionForm invoice={invoice} /> : null}
      {invoice.disputeReason ? (
        <p className="text-sm text-slate-600">Your dispute: “{invoice.disputeReason}”</p>
      ) : null}
    </article>
  )
}

function DecisionForm({ invoice }: { invoice: AdvancedInvoice }) {
  const { decide } = useInvoiceActions(invoice.bookingId, invoice.drayageMoveId)
  const { busy, errors, run } = useAction()
  const [reason, setReason] = React.useState('')
  const [disputing, setDisputing] = React.useState(false)
  return (
    <div className="space-y-2">
      {disputing ? (
        <TextAreaField
          id={`dispute-${invoice.id}`}
          label="Why do you dispute it?"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={errors.reason}
        />
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="success"
          disabled={busy}
          onClick={() =>
            void run(() => decide(invoice.id, { decision: 'ACCEPTED' }), 'Invoice accepted')
          }
        >
          Accept
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={busy}
          onClick={() =>
            disputing
              ? void run(
                  () => decide(invoice.id, { decision: 'DISPUTED', reason }),
                  'Invoice disputed'
                )
              : setDisputing(true)
          }
        >
          {disputing ? 'Send dispute' : 'Dispute'}
        </Button>
      </div>
    </div>
  )
}
