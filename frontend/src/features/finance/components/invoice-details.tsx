import { AlertTriangle, CheckCircle2, Download } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { formatCurrency, formatDateTime } from '@/lib/format'
import type { AdvancedInvoice } from '@/features/finance/api/advanced-invoices'

const STATUS_VARIANT = {
  DRAFT: 'secondary',
  ISSUED: 'info',
  PAID: 'success',
  VOID: 'outline',
} as const

export function InvoiceStatusBadge({ invoice }: { invoice: AdvancedInvoice }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      <Badge variant={STATUS_VARIANT[invoice.status]}>{invoice.status.toLowerCase()}</Badge>
      {invoice.flagged ? (
        <Badge variant="warning">
          <AlertTriangle className="mr-1 h-3 w-3" aria-hidden="true" />
          flagged
        </Badge>
      ) : null}
      {invoice.shipperDecision ? (
        <Badge variant={invoice.shipperDecision === 'ACCEPTED' ? 'success' : 'destructive'}>
          {invoice.shipperDecision.toLowerCase()}
        </Badge>
      ) : null}
    </span>
  )
}

/** The invoice's lines with their evidence, and the total (cards, so a phone need not scroll). */
export function InvoiceLines({ invoice }: { invoice: AdvancedInvoice }) {
  return (
    <div className="space-y-2">
      <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
        {invoice.lines.map((line, index) => (
          <li
            key={`${line.code}-${index}`}
            className="flex flex-wrap justify-between gap-2 p-3 text-sm"
          >
            <div className="min-w-0">
              <p className="font-medium text-slate-900">{line.description}</p>
              <p className="text-xs text-slate-500">
                {line.code} · {line.quantity} × {formatCurrency(line.unitPrice)}
              </p>
              {line.evidence?.startedAt && line.evidence.endedAt ? (
                <p className="text-xs text-slate-500">
                  {formatDateTime(line.evidence.startedAt)} →{' '}
                  {formatDateTime(line.evidence.endedAt)}
                </p>
              ) : null}
              {line.evidence?.note ? (
                <p className="text-xs text-slate-500">“{line.evidence.note}”</p>
              ) : null}
            </div>
            <p className="font-semibold tabular-nums text-slate-900">
              {formatCurrency(line.amount)}
            </p>
          </li>
        ))}
      </ul>
      <p className="flex justify-between px-3 text-sm font-semibold text-slate-900">
        <span>Total ({invoice.currency})</span>
        <span className="tabular-nums" data-testid="invoice-total">
          {formatCurrency(invoice.amount)}
        </span>
      </p>
      {invoice.pdfUrl ? (
        <a
          href={invoice.pdfUrl}
          className="inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline"
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Download PDF {invoice.number}
        </a>
      ) : null}
    </div>
  )
}

/** The audit's verdict, variance against what was booked, and its findings per line. */
export function AuditSummary({ invoice }: { invoice: AdvancedInvoice }) {
  const audit = invoice.audit
  if (!audit) return null
  const flagged = audit.result === 'FLAGGED'
  return (
    <section
      aria-label="Audit"
      className={`space-y-2 rounded-md border p-3 text-sm ${flagged ? 'border-amber-300 bg-amber-50' : 'border-emerald-200 bg-emerald-50'}`}
    >
      <p className="flex items-center gap-2 font-semibold">
        {flagged ? (
          <AlertTriangle className="h-4 w-4 text-amber-700" aria-hidden="true" />
        ) : (
          <CheckCircle2 className="h-4 w-4 text-emerald-700" aria-hidden="true" />
        )}
        Audit {audit.result}: variance {formatCurrency(audit.variance)} against{' '}
        {formatCurrency(audit.expected)} booked (tolerance {formatCurrency(audit.tolerance)})
      </p>
      <ul className="space-y-1">
        {audit.lines
          .filter((line) => line.variance !== 0)
          .map((line, index) => (
            <li key={`${line.code}-${index}`}>
              {line.description}: {formatCurrency(line.variance)} — {line.finding}
            </li>
          ))}
      </ul>
    </section>
  )
}
