import type * as React from 'react'
import { AlertTriangle, Clock, FileText } from 'lucide-react'
import { Badge } from '@/components/ui/badge'
import type { ExpeditedJob } from '@/features/expedited/api/types'
import {
  STATUS_LABELS,
  STATUS_VARIANTS,
  laneOf,
  loadOf,
  paymentLine,
} from '@/features/expedited/utils/format-expedited'
import { formatCurrency, formatDateTime } from '@/lib/format'

/** What the Live ETA says: a finished job has none to wait for. */
function etaText(job: ExpeditedJob): string {
  if (job.status === 'CANCELLED') return 'None: the job was cancelled'
  if (job.status === 'EXPIRED') return 'None: no carrier accepted it in time'
  if (job.status === 'PAYMENT_PENDING') return 'Once paid and accepted'
  if (job.status === 'DELIVERED') {
    return job.deliveredAt ? `Delivered ${formatDateTime(job.deliveredAt)}` : 'Delivered'
  }
  return job.eta ? formatDateTime(job.eta) : 'Waiting for a position'
}

/** Who carries it: a cancelled job that no carrier took will never be accepted. */
function carrierText(job: ExpeditedJob): string {
  if (job.carrierName) return job.carrierName
  if (job.status === 'EXPIRED') return 'None: expired before a carrier accepted'
  return job.status === 'CANCELLED'
    ? 'None: cancelled before a carrier accepted'
    : 'Not accepted yet'
}

/** One job: lane, load, price, status, SLA deadline, live ETA, flags; actions below. */
export function ExpeditedJobCard({
  job,
  children,
}: {
  job: ExpeditedJob
  children?: React.ReactNode
}) {
  const payment = paymentLine(job)
  return (
    <li
      aria-label={`${job.reference} ${laneOf(job)}`}
      className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-500">{job.reference}</p>
          <p className="font-semibold text-slate-900">{laneOf(job)}</p>
          <p className="text-sm text-slate-600">{loadOf(job)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant={STATUS_VARIANTS[job.status]}>{STATUS_LABELS[job.status]}</Badge>
          {job.slaMissed ? <Badge variant="destructive">SLA missed</Badge> : null}
          {job.atRisk && !job.slaMissed ? (
            <Badge variant="warning">
              <AlertTriangle aria-hidden="true" className="mr-1 h-3 w-3" />
              At risk
            </Badge>
          ) : null}
          {job.carrierPay !== null ? (
            <span className="font-semibold text-slate-900">
              <span className="font-normal text-slate-600">Your pay </span>
              {formatCurrency(job.carrierPay)}
            </span>
          ) : job.price !== null ? (
            <span className="font-semibold text-slate-900">{formatCurrency(job.price)}</span>
          ) : null}
        </div>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-500">SLA deadline</dt>
          <dd className="font-medium text-slate-900">
            <Clock aria-hidden="true" className="mr-1 inline h-3 w-3" />
            {formatDateTime(job.deadlineAt)} ({job.slaHours} h)
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Live ETA</dt>
          <dd className="font-medium text-slate-900" data-testid="expedited-eta">
            {etaText(job)}
          </dd>
        </div>
        <div>
          <dt className="text-slate-500">Carrier</dt>
          <dd className="font-medium text-slate-900">{carrierText(job)}</dd>
        </div>
      </dl>
      {job.lastStep ? (
        // The driver's steps at the stops, live on the job's channel (decision 0263).
        <p className="text-sm text-slate-700" data-testid="expedited-last-step">
          <span className="text-slate-500">Driver’s latest step: </span>
          <span className="font-medium text-slate-900">{job.lastStep.label}</span>,{' '}
          {formatDateTime(job.lastStep.recordedAt)}
        </p>
      ) : null}
      {job.podAvailable ? (
        <a
          href={`/api/expedited-jobs/${job.id}/pod`}
          className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand-700 underline"
        >
          <FileText aria-hidden="true" className="h-4 w-4" />
          Proof of delivery (PDF)
        </a>
      ) : null}
      {payment ? (
        <p
          data-testid="expedited-payment"
          className={
            payment.tone === 'failed'
              ? 'text-sm font-medium text-red-700'
              : payment.tone === 'paid'
                ? 'text-sm font-medium text-emerald-700'
                : 'text-sm text-slate-600'
          }
        >
          {payment.text}
        </p>
      ) : null}
      {children}
    </li>
  )
}
