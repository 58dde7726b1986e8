import { LoadStates } from '@/components/load-states'
import { FileText } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { formatCalendarDate, formatCurrency } from '@/lib/format'
import { useShipperInvoices } from '@/features/shipper/api/get-shipper-invoices'
import { humanize } from '@/features/shipper/utils/booking-status'

function place(city: string | null, state: string | null) {
  return [city, state].filter(Boolean).join(', ') || 'Unknown'
}

function invoiceVariant(status: string) {
  if (status === 'paid') return 'success' as const
  if (status === 'overdue' || status === 'void') return 'destructive' as const
  return 'warning' as const
}

/** Invoices: one per delivered shipment, with its booking reference, amount and due date. */
export function InvoicesSection() {
  const { data, error, isLoading, isValidating, mutate } = useShipperInvoices()

  return (
    <section aria-labelledby="invoices-heading" className="space-y-6">
      <div>
        <h1 id="invoices-heading" className="text-2xl font-bold tracking-tight text-slate-900">
          Invoices
        </h1>
        <p className="mt-1 text-slate-600">Invoices for your delivered shipments.</p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <span id="invoice-list-heading">Your Invoices</span>
          </CardTitle>
          <CardDescription>An invoice is issued when a shipment is delivered.</CardDescription>
        </CardHeader>
        <CardContent>
          <LoadStates
            query={{ data, error, isLoading, isValidating, mutate }}
            loadingLabel="Loading invoices"
            errorTitle={'Could not load invoices'}
            empty={{
              icon: FileText,
              title: 'No invoices yet',
              description:
                'When a carrier delivers one of your shipments, its invoice appears here.',
            }}
          >
            {(data) => (
              <Table aria-labelledby="invoice-list-heading">
                <TableHeader>
                  <tr>
                    <TableHead>Invoice</TableHead>
                    <TableHead>Booking</TableHead>
                    <TableHead>Status</TableHead>
                    <TableHead>Route</TableHead>
                    <TableHead className="text-right">Amount</TableHead>
                    <TableHead>Due date</TableHead>
                  </tr>
                </TableHeader>
                <TableBody>
                  {data.map((invoice) => (
                    <TableRow key={invoice.id} aria-label={`Invoice ${invoice.invoiceNumber}`}>
                      <TableCell className="font-semibold text-slate-900">
                        {invoice.invoiceNumber}
                      </TableCell>
                      <TableCell>{invoice.bookingReference}</TableCell>
                      <TableCell>
                        <Badge variant={invoiceVariant(invoice.status)}>
                          {humanize(invoice.status)}
                        </Badge>
                      </TableCell>
                      <TableCell>
                        {place(invoice.pickupCity, invoice.pickupState)} →{' '}
                        {place(invoice.deliveryCity, invoice.deliveryState)}
                      </TableCell>
                      <TableCell className="text-right font-medium text-slate-900">
                        {formatCurrency(invoice.amount)}
                      </TableCell>
                      <TableCell className="whitespace-nowrap">
                        {formatCalendarDate(invoice.dueDate)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </LoadStates>
        </CardContent>
      </Card>
    </section>
  )
}
