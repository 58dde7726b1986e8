import * as React from 'react'
import { LoadStates } from '@/components/load-states'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { Input } from '@/components/ui/input'
import { NativeSelect } from '@/components/ui/native-select'
import { RatingSummary } from '@/components/ui/rating-summary'
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '@/components/ui/table'
import { VettingResultBadge } from '@/components/vetting-checks'
import {
  formatCalendarDate,
  formatCurrency,
  formatDate,
  formatDateTime,
  formatPercent,
  formatStatus,
} from '@/lib/format'
import {
  useFleetCarriers,
  type FleetCarrier,
  type FleetStatusFilter,
  type FleetVettingFilter,
} from '@/features/admin/api/fleet-oversight'
import {
  CarrierStandingDialog,
  type StandingAction,
} from '@/features/admin/components/carrier-standing-dialog'

const STATUS_BADGE: Record<
  string,
  { variant: 'success' | 'warning' | 'destructive' | 'secondary'; text: string }
> = {
  approved: { variant: 'success', text: 'Approved' },
  pending: { variant: 'warning', text: 'Pending' },
  rejected: { variant: 'secondary', text: 'Rejected' },
  suspended: { variant: 'destructive', text: 'Suspended' },
}

function StatusBadge({ status }: { status: string }) {
  const shown = STATUS_BADGE[status] ?? { variant: 'secondary' as const, text: status }
  return <Badge variant={shown.variant}>{shown.text}</Badge>
}

function Vetting({ carrier }: { carrier: FleetCarrier }) {
  const vetting = carrier.vetting
  if (!vetting) return <span className="text-xs text-slate-500">Not vetted yet</span>
  const failing = vetting.checks.filter((check) => check.result !== 'pass')
  return (
    <div className="space-y-1">
      <div className="flex flex-wrap items-center gap-1.5">
        <VettingResultBadge result={vetting.result} />
        {carrier.verified ? <Badge variant="info">Verified</Badge> : null}
      </div>
      <p className="text-xs text-slate-500">Checked {formatDateTime(vetting.checkedAt)}</p>
      {failing.length > 0 ? (
        <ul
          className="text-xs text-slate-700"
          aria-label={`Failing checks of ${carrier.companyName}`}
        >
          {failing.map((check) => (
            <li key={check.key}>
              {check.label}: {check.reason}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  )
}

const insurance = (carrier: FleetCarrier) =>
  carrier.insuranceExpiresOn
    ? `Expires ${formatCalendarDate(carrier.insuranceExpiresOn)}`
    : 'No certificate'

const onTime = (carrier: FleetCarrier) =>
  carrier.onTimeRate == null ? 'No judged loads' : `${formatPercent(carrier.onTimeRate)} on time`

function StandingNote({ carrier }: { carrier: FleetCarrier }) {
  const change = carrier.lastStandingChange
  if (!change || carrier.approvalStatus !== 'suspended' || change.action !== 'suspended')
    return null
  return (
    <p className="text-xs text-red-700">
      Suspended {formatDateTime(change.at)}
      {change.reason ? `: ${change.reason}` : ''}
    </p>
  )
}

/**
 * Every suspension and reinstatement with its reason, newest first (docs/decisions/0186): the
 * record stays after a reinstatement.
 */
function StandingHistory({ carrier }: { carrier: FleetCarrier }) {
  const history = carrier.standingHistory
  if (history.length === 0) return null
  return (
    <details className="mt-1 text-xs text-slate-600">
      <summary className="cursor-pointer text-brand-700 hover:underline">
        Standing history ({history.length})
      </summary>
      <ol className="mt-1 space-y-1" aria-label={`Standing history of ${carrier.companyName}`}>
        {history.map((change, i) => (
          <li key={`${change.at}-${i}`}>
            <span className="font-medium text-slate-800">
              {change.action === 'suspended' ? 'Suspended' : 'Reinstated'}
            </span>{' '}
            {formatDateTime(change.at)}
            {change.adminUserId === null ? ' by the daily re-vetting' : ''}
            {change.reason ? `: ${change.reason}` : ''}
          </li>
        ))}
      </ol>
    </details>
  )
}

const claimsLine = (carrier: FleetCarrier) => {
  const { count } = carrier.claims
  if (count === 0) return 'No cargo claims'
  const ratio =
    carrier.claimsRatio == null ? '' : ` (${formatPercent(carrier.claimsRatio)} of loads)`
  return `${count} cargo ${count === 1 ? 'claim' : 'claims'}${ratio}`
}

/** The carrier's cargo claims, newest first, and what the settled ones came to (decision 0233). */
function ClaimsHistory({ carrier }: { carrier: FleetCarrier }) {
  const { claims, settledCents, open } = carrier.claims
  return (
    <div className="text-xs text-slate-600">
      <p>
        {claimsLine(carrier)}
        {open > 0 ? ` · ${open} open` : ''}
      </p>
      {claims.length > 0 ? (
        <details className="mt-1">
          <summary className="cursor-pointer text-brand-700 hover:underline">
            Claims history ({claims.length}) · {formatCurrency(settledCents / 100)} settled
          </summary>
          <ol className="mt-1 space-y-1" aria-label={`Claims history of ${carrier.companyName}`}>
            {claims.map((claim) => (
              <li key={claim.id}>
                <span className="font-medium text-slate-800">{claim.reference}</span>{' '}
                {formatStatus(claim.type)}, {formatCurrency(claim.amountCents / 100)} claimed{' '}
                {formatDate(claim.filedAt)}: {formatStatus(claim.status)}
                {claim.settledCents != null
                  ? ` for ${formatCurrency(claim.settledCents / 100)}`
                  : ''}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  )
}

function StandingButton({
  carrier,
  onAction,
}: {
  carrier: FleetCarrier
  onAction: (target: StandingAction) => void
}) {
  if (carrier.approvalStatus === 'approved')
    return (
      <Button
        size="sm"
        variant="destructive"
        aria-label={`Suspend ${carrier.companyName}`}
        onClick={() => onAction({ carrier, action: 'suspend' })}
      >
        Suspend
      </Button>
    )
  if (carrier.approvalStatus === 'suspended')
    return (
      <Button
        size="sm"
        variant="outline"
        aria-label={`Reinstate ${carrier.companyName}`}
        onClick={() => onAction({ carrier, action: 'reinstate' })}
      >
        Reinstate
      </Button>
    )
  return null
}

function Identity({ carrier }: { carrier: FleetCarrier }) {
  return (
    <div>
      <p className="font-medium text-slate-900">{carrier.companyName}</p>
      <p className="text-xs text-slate-500">
        DOT {carrier.dotNumber ?? '—'} · {carrier.mcNumber ?? 'No MC'}
      </p>
    </div>
  )
}

function FleetTable({ carriers, onAction }: FleetListProps) {
  return (
    <div className="hidden md:block">
      <Table aria-label="Carriers">
        <TableHeader>
          <TableRow>
            <TableHead>Carrier</TableHead>
            <TableHead>Status</TableHead>
            <TableHead>Vetting</TableHead>
            <TableHead>Insurance</TableHead>
            <TableHead>Record</TableHead>
            <TableHead className="sr-only">Actions</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {carriers.map((carrier) => (
            <TableRow key={carrier.carrierId} aria-label={carrier.companyName}>
              <TableCell>
                <Identity carrier={carrier} />
              </TableCell>
              <TableCell>
                <StatusBadge status={carrier.approvalStatus} />
                <StandingNote carrier={carrier} />
                <StandingHistory carrier={carrier} />
              </TableCell>
              <TableCell>
                <Vetting carrier={carrier} />
              </TableCell>
              <TableCell className="text-sm">{insurance(carrier)}</TableCell>
              <TableCell>
                <RatingSummary average={carrier.rating.average} count={carrier.rating.count} />
                <p className="text-xs text-slate-600">
                  {onTime(carrier)} · {carrier.deliveredLoads} delivered
                </p>
                <ClaimsHistory carrier={carrier} />
              </TableCell>
              <TableCell className="text-right">
                <StandingButton carrier={carrier} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </div>
  )
}

type FleetListProps = { carriers: FleetCarrier[]; onAction: (target: StandingAction) => void }

function FleetCards({ carriers, onAction }: FleetListProps) {
  return (
    <ul className="space-y-3 md:hidden" aria-label="Carriers">
      {carriers.map((carrier) => (
        <li
          key={carrier.carrierId}
          aria-label={carrier.companyName}
          className="space-y-2 rounded-lg border border-slate-200 p-3"
        >
          <div className="flex items-start justify-between gap-2">
            <Identity carrier={carrier} />
            <StatusBadge status={carrier.approvalStatus} />
          </div>
          <StandingNote carrier={carrier} />
          <StandingHistory carrier={carrier} />
          <Vetting carrier={carrier} />
          <p className="text-sm">{insurance(carrier)}</p>
          <RatingSummary average={carrier.rating.average} count={carrier.rating.count} />
          <p className="text-xs text-slate-600">
            {onTime(carrier)} · {carrier.deliveredLoads} delivered
          </p>
          <ClaimsHistory carrier={carrier} />
          <StandingButton carrier={carrier} onAction={onAction} />
        </li>
      ))}
    </ul>
  )
}

/** Fleet Oversight: every carrier with its standing, vetting, cover and record (decision 0116). */
export function FleetOversight() {
  const [status, setStatus] = React.useState<FleetStatusFilter | ''>('')
  const [vetting, setVetting] = React.useState<FleetVettingFilter | ''>('')
  const [search, setSearch] = React.useState('')
  const [page, setPage] = React.useState(1)
  const [target, setTarget] = React.useState<StandingAction | null>(null)
  const query = useFleetCarriers({
    status: status || undefined,
    vetting: vetting || undefined,
    search,
    page,
  })
  const rows = query.data?.data

  return (
    <Card id="fleet" className="scroll-mt-20">
      <CardHeader>
        <CardTitle>Fleet Oversight</CardTitle>
        <CardDescription>
          Every carrier with its vetting, insurance and record. Suspending one takes its listings
          out of search and releases its holds at once.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="grid gap-3 sm:grid-cols-3">
          <div>
            <label htmlFor="fleet-search" className="text-sm font-medium text-slate-800">
              Search
            </label>
            <Input
              id="fleet-search"
              type="search"
              placeholder="Company, DOT or MC"
              maxLength={100}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value)
                setPage(1)
              }}
            />
          </div>
          <div>
            <label htmlFor="fleet-status" className="text-sm font-medium text-slate-800">
              Status
            </label>
            <NativeSelect
              id="fleet-status"
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as FleetStatusFilter | '')
                setPage(1)
              }}
            >
              <option value="">All statuses</option>
              <option value="approved">Approved</option>
              <option value="suspended">Suspended</option>
              <option value="pending">Pending</option>
              <option value="rejected">Rejected</option>
            </NativeSelect>
          </div>
          <div>
            <label htmlFor="fleet-vetting" className="text-sm font-medium text-slate-800">
              Vetting
            </label>
            <NativeSelect
              id="fleet-vetting"
              value={vetting}
              onChange={(e) => {
                setVetting(e.target.value as FleetVettingFilter | '')
                setPage(1)
              }}
            >
              <option value="">Any vetting</option>
              <option value="pass">Pass</option>
              <option value="warn">Warning</option>
              <option value="fail">Fail</option>
              <option value="none">Not vetted</option>
            </NativeSelect>
          </div>
        </div>
        <LoadStates
          query={{ ...query, data: rows, isLoading: query.isLoading && rows === undefined }}
          loadingLabel="Loading carriers"
          errorTitle="Could not load the carriers"
          empty={{ title: 'No carriers', description: 'No carrier matches these filters.' }}
        >
          {(carriers) => (
            <>
              <FleetTable carriers={carriers} onAction={setTarget} />
              <FleetCards carriers={carriers} onAction={setTarget} />
              {query.data && query.data.meta.lastPage > 1 ? (
                <div className="flex items-center justify-between text-sm">
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={page <= 1}
                    onClick={() => setPage(page - 1)}
                  >
                    Previous
                  </Button>
                  <span>
                    Page {query.data.meta.currentPage} of {query.data.meta.lastPage} ·{' '}
                    {query.data.meta.total} carriers
                  </span>
                  <Button
                    size="sm"
                    variant="outline"
                    disabled={page >= query.data.meta.lastPage}
                    onClick={() => setPage(page + 1)}
                  >
                    Next
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </LoadStates>
        <CarrierStandingDialog target={target} onClose={() => setTarget(null)} />
      </CardContent>
    </Card>
  )
}
