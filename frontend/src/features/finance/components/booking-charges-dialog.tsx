import * as React from 'react'
import { Receipt } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import { useBookingCharges } from '@/features/finance/api/booking-charges'
import {
  useBookingInvoices,
  useInvoiceActions,
  type AdvancedInvoice,
} from '@/features/finance/api/advanced-invoices'
import { ChargesList } from '@/features/finance/components/charges-list'
import { StopTimesForm } from '@/features/finance/components/stop-times-form'
import {
  AuditSummary,
  InvoiceLines,
  InvoiceStatusBadge,
} from '@/features/finance/components/invoice-details'
import { useAction } from '@/features/finance/hooks/use-action'

/**
 * "Charges & invoice" on the carrier's delivered booking: check-in/out times and detention,
 * accessorials with evidence, then the invoice drafted from them, issued and downloaded.
 */
export function BookingChargesDialog({
  bookingId,
  reference,
}: {
  bookingId: number
  reference: string
}) {
  const [open, setOpen] = React.useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`Charges and invoice for ${reference}`}>
          <Receipt className="h-4 w-4" aria-hidden="true" />
          Charges &amp; invoice
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Charges &amp; invoice</DialogTitle>
          <DialogDescription>
            {reference}. Record the times and accessorials, then draft and issue the invoice.
          </DialogDescription>
        </DialogHeader>
        {open ? <ChargesPanel bookingId={bookingId} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function ChargesPanel({ bookingId }: { bookingId: number }) {
  const charges = useBookingCharges(bookingId)
  const invoices = useBookingInvoices(bookingId)
  if (charges.isLoading || invoices.isLoading) {
    return <Skeleton className="mt-4 h-64 w-full" aria-label="Loading charges" />
  }
  if (charges.error || !charges.data || invoices.error || !invoices.data) {
    return (
      <LoadError
        title="Could not load the charges"
        error={charges.error ?? invoices.error}
        onRetry={() => {
          void charges.mutate()
          void invoices.mutate()
        }}
      />
    )
  }
  const current = invoices.data.invoices.find((i) => i.status !== 'VOID') ?? null
  const locked = current !== null && current.status !== 'DRAFT'
  return (
    <div className="mt-4 space-y-6">
      <StopTimesForm bookingId={bookingId} charges={charges.data} locked={locked} />
      <ChargesList bookingId={bookingId} charges={charges.data} locked={locked} />
      <InvoiceSection bookingId={bookingId} invoice={current} />
    </div>
  )
}

function InvoiceSection({
  bookingId,
  invoice,
}: {
  bookingId: number
  invoice: AdvancedInvoice | null
}) {
  const { draft, issue, voidDraft } = useInvoiceActions(bookingId)
  const { busy, run } = useAction()
  return (
    <section aria-label="Invoice" className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          Invoice {invoice?.number ?? (invoice ? '(draft)' : '')}
        </h3>
        {invoice ? <InvoiceStatusBadge invoice={invoice} /> : null}
      </div>
      {invoice ? (
        <>
          <InvoiceLines invoice={invoice} />
          <AuditSummary invoice={invoice} />
        </>
      ) : (
        <p className="text-sm text-slate-600">
          The server fills line haul and fuel surcharge from the booking, then your accessorials and
          detention.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {!invoice || invoice.status === 'DRAFT' ? (
          <Button
            size="sm"
            variant="outline"
            disabled={busy}
            onClick={() =>
              void run(() => draft(bookingId), invoice ? 'Draft refreshed' : 'Invoice drafted')
            }
          >
            {invoice ? 'Refresh draft' : 'Draft invoice'}
          </Button>
        ) : null}
        {invoice?.status === 'DRAFT' ? (
          <>
            <Button
              size="sm"
              disabled={busy}
              onClick={() => void run(() => issue(invoice.id), 'Invoice issued')}
            >
              Issue invoice
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => void run(() => voidDraft(invoice.id), 'Draft voided')}
            >
              Void draft
            </Button>
          </>
        ) : null}
      </div>
    </section>
  )
}
