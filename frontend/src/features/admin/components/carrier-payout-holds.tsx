import { ShieldCheck } from 'lucide-react'
import { EmptyState } from '@/components/ui/empty-state'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import type { CarrierPayoutHold } from '@/features/admin/api/payouts-attention'
import { formatDateTime } from '@/lib/format'

/** The carrier as the list names it: its company, or its id when it has none on file. */
export const holdCarrierLabel = (hold: CarrierPayoutHold) =>
  hold.carrierCompany ?? `Carrier #${hold.carrierId}`

/**
 * Carriers whose payouts are held after a change to their payout account, email or phone
 * (decision 0098): who, why, where the notice went and until when.
 */
export function CarrierPayoutHolds({ holds }: { holds: CarrierPayoutHold[] }) {
  return (
    <section aria-labelledby="carrier-payout-holds-title" className="space-y-2">
      <h3 id="carrier-payout-holds-title" className="text-sm font-semibold text-slate-900">
        Carriers with payouts on hold
      </h3>
      <p className="text-sm text-slate-600">
        After a change to a carrier&apos;s payout account, email or phone, its payouts wait 72 hours
        and a notice goes to the address on file before the change.
      </p>
      {holds.length === 0 ? (
        <EmptyState
          icon={ShieldCheck}
          title="No carrier's payouts are on hold"
          description="Carriers appear here for 72 hours after changing their payout account, email or phone."
        />
      ) : (
        <Table aria-label="Carriers with payouts on hold">
          <TableHeader>
            <tr>
              <TableHead>Carrier</TableHead>
              <TableHead>Reason</TableHead>
              <TableHead>Notice sent to</TableHead>
              <TableHead>Held since</TableHead>
              <TableHead>Held until</TableHead>
            </tr>
          </TableHeader>
          <TableBody>
            {holds.map((hold) => (
              <TableRow
                key={`${hold.carrierId}-${hold.startsAt}`}
                aria-label={`Hold on ${holdCarrierLabel(hold)}`}
              >
                <TableCell className="font-medium text-slate-900">
                  {holdCarrierLabel(hold)}
                </TableCell>
                <TableCell className="min-w-48 text-sm">{hold.reason}</TableCell>
                <TableCell className="text-sm">{hold.noticeSentTo ?? '—'}</TableCell>
                <TableCell className="whitespace-nowrap text-sm">
                  {formatDateTime(hold.startsAt)}
                </TableCell>
                <TableCell className="whitespace-nowrap text-sm font-medium">
                  {formatDateTime(hold.endsAt)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </section>
  )
}
