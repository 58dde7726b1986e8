import { FileText } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Button } from '@/components/ui/button'
import {
  useDrayageInvoices,
  useInvoiceActions,
  type AdvancedInvoice,
} from '@/features/finance/api/advanced-invoices'
import {
  AuditSummary,
  InvoiceLines,
  InvoiceStatusBadge,
} from '@/features/finance/components/invoice-details'
import { useAction } from '@/features/finance/hooks/use-action'

/**
 * A completed drayage move's invoice on its card: the carrier drafts its demurrage and per
 * diem, checks the lines and issues it (or voids the draft); both parties then see its number,
 * audit and PDF. The shipper's view lists issued invoices only (the server's answer).
 */
export function DrayageInvoicePanel({
  moveId,
  role,
}: {
  moveId: number
  role: 'carrier' | 'shipper'
}) {
  const query = useDrayageInvoices(moveId)
  const { draftDrayage } = useInvoiceActions(null, moveId)
  const { busy, run } = useAction()
  const draftButton = (
    <Button
      size="sm"
      disabled={busy}
      onClick={() => void run(() => draftDrayage(moveId), 'Invoice drafted')}
    >
      <FileText className="mr-1 h-4 w-4" aria-hidden="true" /> Draft invoice
    </Button>
  )
  return (
    <section aria-label="Invoice" className="space-y-2 border-t pt-3">
      <h3 className="text-sm font-semibold text-slate-900">Invoice</h3>
      <LoadStates
        query={{ ...query, data: query.data?.invoices.filter((i) => i.status !== 'VOID') }}
        loadingLabel="Loading the invoice"
        errorTitle="Could not load the invoice"
        skeletonRows={1}
        empty={{
          title: role === 'carrier' ? 'Not invoiced yet' : 'No invoice yet',
          description:
            role === 'carrier'
              ? 'Bill the demurrage and per diem this move ran up.'
              : 'The carrier has not issued an invoice for this move.',
          action: role === 'carrier' ? draftButton : undefined,
        }}
      >
        {(invoices) => (
          <div className="space-y-3">
            {invoices.map((invoice) => (
              <MoveInvoice key={invoice.id} invoice={invoice} role={role} />
            ))}
          </div>
        )}
      </LoadStates>
    </section>
  )
}

function MoveInvoice({ invoice, role }: { invoice: AdvancedInvoice; role: 'carrier' | 'shipper' }) {
  const { issue, voidDraft } = useInvoiceActions(null, invoice.drayageMoveId)
  const { busy, run } = useAction()
  return (
    <article className="space-y-2" aria-label={`Invoice ${invoice.number ?? 'draft'}`}>
      <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
        {invoice.number ?? 'Draft'} <InvoiceStatusBadge invoice={invoice} />
      </p>
      <AuditSummary invoice={invoice} />
      <InvoiceLines invoice={invoice} />
      {role === 'carrier' && invoice.status === 'DRAFT' ? (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            disabled={busy}
            onClick={() => void run(() => issue(invoice.id), 'Invoice issued')}
          >
            Issue invoice
          </Button>
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() => void run(() => voidDraft(invoice.id), 'Draft voided')}
          >
            Void draft
          </Button>
        </div>
      ) : null}
    </article>
  )
}
