import { Link } from 'react-router-dom'
import { LoadStates } from '@/components/load-states'
import { Banknote } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import { Card, CardContent } from '@/components/ui/card'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { useCarrierPayouts } from '@/features/carrier/api/get-payouts'
import { SharePercent } from '@/lib/platform-constants'
import { SectionHeader } from '@/features/carrier/components/section-header'
import { PayoutHoldNotice } from '@/features/carrier/components/payout-hold-notice'
import { QuickPayNote, QuickPayOffer } from '@/features/carrier/components/quick-pay'
import { formatRoute } from '@/features/carrier/utils/format-route'
import { payoutBadge } from '@/features/carrier/utils/payout-status'
import { formatCurrency, formatDate } from '@/lib/format'

/** The payout badge of a booking (see payoutBadge). */
export function PayoutStatusBadge(props: { paymentStatus: string; payoutStatus: string }) {
  const { label, variant } = payoutBadge(props)
  return <Badge variant={variant}>{label}</Badge>
}

type Payout = NonNullable<ReturnType<typeof useCarrierPayouts>['data']>[number]

function PayoutReference({ payout }: { payout: Payout }) {
  return (
    <>
      {payout.reference}
      {payout.lateCancelFee ? (
        <span className="block max-w-32 whitespace-normal text-xs font-normal text-slate-500">
          Cancelled late: your share of the fee
        </span>
      ) : null}
      {payout.kind === 'expedited' ? (
        <span className="block whitespace-nowrap text-xs font-normal text-slate-500">
          Expedited job
        </span>
      ) : null}
    </>
  )
}

function PayoutTotal({ payout }: { payout: Payout }) {
  return (
    <>
      {formatCurrency(payout.totalAmount)}
      {payout.lateCancelFee ? (
        <span className="block whitespace-nowrap text-xs text-slate-500">late-cancel fee</span>
      ) : null}
    </>
  )
}

/**
 * The payout's badge, its release date and, when the server gives one, why it waits; a
 * quick-paid payout's fee, or the offer to be paid now (docs/decisions/0222).
 */
function PayoutStanding({ payout }: { payout: Payout }) {
  return (
    <div className="space-y-1">
      <PayoutStatusBadge paymentStatus={payout.paymentStatus} payoutStatus={payout.payoutStatus} />
      {payout.payoutReleasedAt ? (
        <p className="text-xs text-slate-500">Released {formatDate(payout.payoutReleasedAt)}</p>
      ) : null}
      {payout.payoutFailureReason ? (
        <p
          className={`max-w-56 text-xs ${
            payout.payoutStatus === 'failed' ? 'text-red-700' : 'text-amber-800'
          }`}
        >
          {payout.payoutFailureReason}
        </p>
      ) : null}
      <QuickPayNote payout={payout} />
      <RecoveryNote payout={payout} />
      <QuickPayOffer payout={payout} />
    </div>
  )
}

/**
 * Cargo-claim recoveries netted from this payout (docs/decisions/0254): each claim by its
 * booking's reference and what it took; the claim opens on the Claims screen.
 */
function RecoveryNote({ payout }: { payout: Payout }) {
  if (payout.recoveryDeductions.length === 0) return null
  return (
    <ul className="max-w-56 space-y-0.5 text-xs text-slate-600">
      {payout.recoveryDeductions.map((d) => (
        <li key={d.claimId}>
          Claim recovery on{' '}
          <Link className="text-blue-700 underline" to={`/claims?claim=${d.claimId}`}>
            {d.claimReference}
          </Link>
          : {formatCurrency(d.amountCents / 100)} deducted
        </li>
      ))}
    </ul>
  )
}

/**
 * Payout History: each booking, and each delivered expedited job (EXP-…, paid to the carrier by
 * the same payout run, docs/decisions/0188), with its total, the carrier's payout (its percent from the server's constants, docs/decisions/0200) and where it
 * stands, with the release date and, when the server gives one, why the payout waits or failed
 * (a released payout is held until the carrier finishes payout onboarding). A cancelled booking
 * is owed nothing and is not listed, unless it kept a late-cancel fee: then the row is that
 * fee and the carrier's share of it (docs/decisions/0178).
 */
export function PayoutHistory() {
  const { data, error, isLoading, isValidating, mutate } = useCarrierPayouts()

  return (
    <div className="space-y-6">
      <SectionHeader
        title="Payout History"
        description="Earnings and payouts from completed shipments"
      />
      <PayoutHoldNotice />
      <Card>
        <CardContent className="pt-6">
          <LoadStates
            query={{ data, error, isLoading, isValidating, mutate }}
            loadingLabel="Loading payout history"
            errorTitle={'Failed to load payout history'}
            empty={{
              icon: Banknote,
              title: 'No payouts yet',
              description:
                'Your bookings and expedited jobs appear here with the payout you receive for each.',
            }}
          >
            {(data) => (
              <>
                {/* From md up a table; on a phone each payout is a card with everything in view. */}
                <div className="hidden md:block">
                  <Table aria-label="Payouts">
                    <TableHeader>
                      <tr>
                        <TableHead>Reference</TableHead>
                        <TableHead>Route</TableHead>
                        <TableHead>Date</TableHead>
                        <TableHead className="text-right">Total</TableHead>
                        <TableHead className="text-right">
                          Your Payout <SharePercent share="carrier" />
                        </TableHead>
                        <TableHead>Status</TableHead>
                      </tr>
                    </TableHeader>
                    <TableBody>
                      {data.map((payout) => (
                        <TableRow key={payout.reference} aria-label={`Payout ${payout.reference}`}>
                          <TableCell className="whitespace-nowrap font-medium text-slate-900">
                            <PayoutReference payout={payout} />
                          </TableCell>
                          <TableCell className="min-w-48">{formatRoute(payout)}</TableCell>
                          <TableCell className="whitespace-nowrap">
                            {formatDate(payout.createdAt)}
                          </TableCell>
                          <TableCell className="text-right">
                            <PayoutTotal payout={payout} />
                          </TableCell>
                          <TableCell className="text-right font-medium text-slate-900">
                            {formatCurrency(payout.payoutAmount)}
                          </TableCell>
                          <TableCell>
                            <PayoutStanding payout={payout} />
                          </TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                </div>
                <ul className="space-y-3 md:hidden" aria-label="Payouts">
                  {data.map((payout) => (
                    <li
                      key={payout.reference}
                      aria-label={`Payout ${payout.reference}`}
                      className="space-y-2 rounded-lg border border-slate-200 p-3"
                    >
                      <div className="flex items-start justify-between gap-3">
                        <div className="font-medium text-slate-900">
                          <PayoutReference payout={payout} />
                        </div>
                        <span className="shrink-0 text-xs text-slate-500">
                          {formatDate(payout.createdAt)}
                        </span>
                      </div>
                      <p className="text-sm text-slate-700">{formatRoute(payout)}</p>
                      <dl className="grid grid-cols-2 gap-2 text-sm">
                        <div>
                          <dt className="text-xs text-slate-500">Total</dt>
                          <dd className="text-slate-900">
                            <PayoutTotal payout={payout} />
                          </dd>
                        </div>
                        <div>
                          <dt className="text-xs text-slate-500">
                            Your Payout <SharePercent share="carrier" />
                          </dt>
                          <dd className="font-semibold text-slate-900">
                            {formatCurrency(payout.payoutAmount)}
                          </dd>
                        </div>
                      </dl>
                      <PayoutStanding payout={payout} />
                    </li>
                  ))}
                </ul>
              </>
            )}
          </LoadStates>
        </CardContent>
      </Card>
    </div>
  )
}
