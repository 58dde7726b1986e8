import { CircleCheck, RotateCw } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { EmptyState } from '@/components/ui/empty-state'
import { LoadError } from '@/components/ui/load-error'
import { Skeleton } from '@/components/ui/skeleton'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { toast } from '@/components/ui/use-toast'
import {
  usePayoutsAttention,
  useRetryPayout,
  type ExpeditedPayoutAttention,
  type PayoutAttention,
} from '@/features/admin/api/payouts-attention'
import { CarrierPayoutHolds } from '@/features/admin/components/carrier-payout-holds'
import { formatCount, formatCurrency, formatDateTime } from '@/lib/format'

/** What a row shows of a booking's payout or an expedited job's. */
type Shown = Omit<PayoutAttention, 'bookingId'>

const isFailed = (payout: Shown) => payout.payoutStatus === 'failed'

function StatusBadge({ payout }: { payout: Shown }) {
  return isFailed(payout) ? (
    <Badge variant="destructive">Failed</Badge>
  ) : (
    <Badge variant="warning">Held</Badge>
  )
}

/** When the scheduler tries again, or what it is waiting for when nothing is scheduled. */
function nextRetry(payout: Shown): string {
  if (payout.nextAttemptAt) return formatDateTime(payout.nextAttemptAt)
  if (isFailed(payout)) return 'Waiting for an operator'
  return payout.held ? 'When onboarding completes' : '—'
}

/**
 * Payouts needing attention: transfers the provider refused (with a Retry now, the same as
 * `node ace payouts:release --retry <bookingId>`) and payouts held until the carrier finishes
 * payout onboarding, which need the carrier rather than a retry. Delivered expedited jobs'
 * payouts (EXP-…, decision 0188) are listed the same way after the bookings', with their own
 * Retry now (`payouts:release --retry-expedited <jobId>`).
 */
export function PayoutsAttention() {
  const { data: list, error, isLoading, isValidating, mutate } = usePayoutsAttention()
  const data = list ? attentionRows(list.payouts, list.expeditedPayouts ?? []) : undefined
  const { retry, retryingId, retryExpedited, retryingJobId } = useRetryPayout()

  const onRetry = async ({ payout, booking, expedited }: AttentionRow) => {
    try {
      const { outcome, payout: after } = booking
        ? await retry(booking.bookingId)
        : await retryExpedited(expedited!.expeditedJobId)
      if (outcome === 'paid') {
        toast({
          variant: 'success',
          title: 'Payout sent',
          description: `${payout.reference}: ${formatCurrency(after.payoutAmount)} transferred to the carrier.`,
        })
      } else {
        toast({
          variant: 'destructive',
          title: outcome === 'held' ? 'Payout held' : 'Payout failed again',
          description: after.reason ?? `${payout.reference} was not paid.`,
        })
      }
    } catch (err) {
      toast({
        variant: 'destructive',
        title: 'Retry failed',
        description: err instanceof Error ? err.message : String(err),
      })
    }
  }

  return (
    <Card id="payouts-attention" className="scroll-mt-20">
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div>
          <CardTitle>Payouts needing attention</CardTitle>
          <CardDescription>
            Carrier transfers the payment provider refused, payouts held until the carrier finishes
            payout onboarding, and carriers whose payouts wait after an account change.
          </CardDescription>
        </div>
        {data && data.length > 0 ? (
          <Badge variant="warning">{formatCount(data.length)} open</Badge>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-6">
        {isLoading && !data ? (
          <div
            className="space-y-2"
            role="status"
            aria-busy="true"
            aria-label="Loading payouts needing attention"
          >
            {[0, 1, 2].map((i) => (
              <Skeleton key={i} className="h-12 w-full" />
            ))}
          </div>
        ) : error && !data ? (
          <LoadError
            title="Could not load payouts needing attention"
            error={error}
            onRetry={() => void mutate()}
            retrying={isValidating}
          />
        ) : !data || data.length === 0 ? (
          <EmptyState
            icon={CircleCheck}
            title="No payouts need attention"
            description="Failed transfers and payouts held for carrier onboarding appear here."
          />
        ) : (
          <Table aria-label="Payouts needing attention">
            <TableHeader>
              <tr>
                <TableHead>Booking or job</TableHead>
                <TableHead>Carrier</TableHead>
                <TableHead className="text-right">Payout</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Reason</TableHead>
                <TableHead className="text-right">Attempts</TableHead>
                <TableHead>Next retry</TableHead>
                <TableHead>
                  <span className="sr-only">Actions</span>
                </TableHead>
              </tr>
            </TableHeader>
            <TableBody>
              {data.map((shown) => {
                const { payout, booking, expedited } = shown
                const busy = booking
                  ? retryingId === booking.bookingId
                  : retryingJobId === expedited?.expeditedJobId
                return (
                  <TableRow key={payout.reference} aria-label={`Payout ${payout.reference}`}>
                    <TableCell className="whitespace-nowrap font-medium text-slate-900">
                      {payout.reference}
                    </TableCell>
                    <TableCell>{payout.carrierCompany ?? '—'}</TableCell>
                    <TableCell className="whitespace-nowrap text-right">
                      {formatCurrency(payout.payoutAmount)}
                    </TableCell>
                    <TableCell>
                      <StatusBadge payout={payout} />
                    </TableCell>
                    <TableCell className="min-w-48 text-sm">{payout.reason ?? '—'}</TableCell>
                    <TableCell className="text-right">{formatCount(payout.attempts)}</TableCell>
                    <TableCell className="whitespace-nowrap text-sm">{nextRetry(payout)}</TableCell>
                    <TableCell className="text-right">
                      {isFailed(payout) ? (
                        <Button
                          size="sm"
                          variant="outline"
                          aria-label={`Retry now for ${payout.reference}`}
                          disabled={busy}
                          onClick={() => void onRetry(shown)}
                        >
                          <RotateCw
                            className={busy ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
                            aria-hidden="true"
                          />
                          {busy ? 'Retrying…' : 'Retry now'}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                )
              })}
            </TableBody>
          </Table>
        )}
        {list ? <CarrierPayoutHolds holds={list.carrierHolds} /> : null}
      </CardContent>
    </Card>
  )
}

type AttentionRow = {
  payout: Shown
  booking: PayoutAttention | null
  expedited: ExpeditedPayoutAttention | null
}

/** The bookings' payouts, then the expedited jobs' (each retried by its own id). */
function attentionRows(
  payouts: PayoutAttention[],
  expedited: ExpeditedPayoutAttention[]
): AttentionRow[] {
  return [
    ...payouts.map((payout) => ({ payout, booking: payout, expedited: null })),
    ...expedited.map((payout) => ({ payout, booking: null, expedited: payout })),
  ]
}
