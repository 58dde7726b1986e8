import { LoadStates } from '@/components/load-states'
import { FileText } from 'lucide-react'
import { Card, CardContent } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { useCarrierInvoices } from '@/features/carrier/api/get-carrier-invoices'
import { SectionHeader } from '@/features/carrier/components/section-header'
import { InvoiceStatusBadge } from '@/features/carrier/components/status-badges'
import { formatRoute } from '@/features/carrier/utils/format-route'
import { formatCalendarDate, formatCurrency } from '@/lib/format'

/** Invoices: one per delivered booking, paid or pending with its due date. */
export function CarrierInvoices() {
  const { data, error, isLoading, isValidating, mutate } = useCarrierInvoices()
  const outstanding = data?.filter((i) => i.status !== 'paid').reduce((s, i) => s + i.amount, 0)

  return (
    <div className="space-y-6">
      <SectionHeader title="Invoices" description="Invoices for delivered shipments." />
      <Card>
        <CardContent className="pt-6">
          <LoadStates
            query={{ data, error, isLoading, isValidating, mutate }}
            loadingLabel="Loading invoices"
            errorTitle={'Could not load your invoices'}
            empty={{
              icon: FileText,
              title: 'No invoices yet',
              description: 'An invoice is created for each booking when you mark it delivered.',
            }}
          >
            {(data) => (
              <div className="space-y-3">
                <Table aria-label="Invoices">
                  <TableHeader>
                    <tr>
                      <TableHead>Invoice</TableHead>
                      <TableHead>Booking</TableHead>
                      <TableHead>Status</TableHead>
                      <TableHead>Route</TableHead>
                      <TableHead className="text-right">Amount</TableHead>
                      <TableHead>Due Date</TableHead>
                      <TableHead>Issued</TableHead>
                    </tr>
                  </TableHeader>
                  <TableBody>
                    {data.map((invoice) => (
                      <TableRow key={invoice.id} aria-label={`Invoice ${invoice.invoiceNumber}`}>
                        <TableCell className="whitespace-nowrap font-medium text-slate-900">
                          {invoice.invoiceNumber}
                        </TableCell>
                        <TableCell>{invoice.bookingReference}</TableCell>
                        <TableCell>
                          <InvoiceStatusBadge status={invoice.status} />
                        </TableCell>
                        <TableCell className="min-w-48">{formatRoute(invoice)}</TableCell>
                        <TableCell className="text-right font-medium text-slate-900">
                          {formatCurrency(invoice.amount)}
                        </TableCell>
                        <TableCell className="whitespace-nowrap">
                          {formatCalendarDate(invoice.dueDate) || '—'}
                        </TableCell>
                        <TableCell className="whitespace-nowrap">
                          {/* The business day, as the due date: never a day after it. */}
                          {formatCalendarDate(invoice.issueDate)}
                        </TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
                <p className="text-sm text-slate-600">
                  {data.length === 1 ? '1 invoice' : `${data.length} invoices`} · outstanding{' '}
                  <span className="font-medium text-slate-900">{formatCurrency(outstanding)}</span>
                </p>
              </div>
            )}
          </LoadStates>
        </CardContent>
      </Card>
    </div>
  )
}
