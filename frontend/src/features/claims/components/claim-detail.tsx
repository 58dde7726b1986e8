import * as React from 'react'
import { Badge } from '@/components/ui/badge'
import { Button } from '@/components/ui/button'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextAreaField, TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { formatCalendarDate, formatDateTime, formatStatus } from '@/lib/format'
import {
  STATUS_TEXT,
  formatCents,
  parseDollars,
  useClaimSteps,
  type CargoClaim,
  type CargoClaimDetail,
  type ClaimStatus,
} from '@/features/claims/api/claims'
import { ClaimEvidence } from '@/features/claims/components/claim-evidence'

const STATUS_VARIANT: Record<
  ClaimStatus,
  'warning' | 'info' | 'secondary' | 'success' | 'destructive'
> = {
  filed: 'warning',
  offered: 'info',
  declined: 'destructive',
  escalated: 'warning',
  settled: 'success',
  closed: 'secondary',
}

export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  return (
    <Badge variant={STATUS_VARIANT[status]} className="normal-case">
      {STATUS_TEXT[status]}
    </Badge>
  )
}

const ACTION_TEXT: Record<string, string> = {
  filed: 'Filed',
  accepted: 'Carrier accepted',
  offered: 'Carrier offered',
  declined: 'Carrier declined',
  shipper_accepted: 'Shipper accepted',
  escalated: 'Escalated to an admin',
  evidence_added: 'Evidence attached',
  recovery_collected: 'Recovery collected from a payout',
  decided: 'Admin decided',
  settled: 'Settled',
}

/** The money a claim came to: how much was asked, offered, settled, refunded or recovered. */
export function ClaimFigures({ claim }: { claim: CargoClaim }) {
  const rows: [string, string][] = [
    ['Claimed', formatCents(claim.amountCents)],
    ['Type', formatStatus(claim.type)],
    ['Delivered', formatCalendarDate(claim.deliveredOn)],
    ['Carrier answers by', formatCalendarDate(claim.respondBy)],
  ]
  if (claim.offerCents !== null) rows.push(['Offered', formatCents(claim.offerCents)])
  if (claim.settledCents !== null) rows.push(['Settled for', formatCents(claim.settledCents)])
  if (claim.refundedCents) rows.push(['Refunded to the card', formatCents(claim.refundedCents)])
  if (claim.recoveryCents) {
    // Advanced to the shipper at once, netted from the carrier's next payouts (decision 0254).
    rows.push(['Recovery from the carrier', formatCents(claim.recoveryCents)])
    rows.push(['Collected from payouts', formatCents(claim.recoveredCents)])
    rows.push(['Outstanding', formatCents(claim.recoveryOutstandingCents)])
    if (claim.recoveryRefundedCents !== null) {
      const owed = claim.recoveryCents - claim.recoveryRefundedCents
      rows.push(['Recovery refunded to the card', formatCents(claim.recoveryRefundedCents)])
      if (owed > 0) rows.push(['Recovery owed to the shipper', formatCents(owed)])
    }
  }
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt className="text-xs text-slate-500">{label}</dt>
          <dd className="font-medium text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  )
}

/** Each step of the claim, from its hash-chained audit. */
function ClaimSteps({ claim }: { claim: CargoClaimDetail }) {
  return (
    <ol className="space-y-2 border-l-2 border-slate-200 pl-4" aria-label="Claim steps">
      {claim.steps.map((step, i) => (
        <li key={i} className="text-sm">
          <p className="font-medium text-slate-900">
            {ACTION_TEXT[step.action] ?? formatStatus(step.action)}
            {step.amountCents !== null ? ` · ${formatCents(step.amountCents)}` : ''}
          </p>
          <p className="text-xs text-slate-500">{formatDateTime(step.at)}</p>
          {step.note ? (
            <p className="text-slate-700 [overflow-wrap:anywhere]">{step.note}</p>
          ) : null}
        </li>
      ))}
    </ol>
  )
}

type Confirm = {
  title: string
  description: string
  confirmLabel: string
  variant?: 'destructive' | 'default' | 'success'
  run: () => Promise<unknown>
}

/** One claim as its shipper or carrier follows it, with the step that is theirs to take now. */
export function ClaimDetail({
  claim,
  role,
  today,
}: {
  claim: CargoClaimDetail
  role: 'shipper' | 'carrier'
  /** the business day (New York), `YYYY-MM-DD`: the carrier's window and the escalation */
  today: string
}) {
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold text-slate-900">Claim on {claim.reference}</h2>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <ClaimFigures claim={claim} />
      {claim.payoutHeld && claim.status !== 'settled' && claim.status !== 'closed' ? (
        <p className="rounded-md bg-amber-50 p-3 text-sm text-amber-900">
          {role === 'carrier'
            ? 'Your payout for this booking is held until the claim is resolved.'
            : "The carrier's payout for this booking is held until the claim is resolved."}
        </p>
      ) : null}
      <section aria-label="What happened" className="space-y-1">
        <h3 className="text-sm font-semibold text-slate-900">What happened</h3>
        <p className="whitespace-pre-line text-sm text-slate-700">{claim.description}</p>
      </section>
      {claim.responseReason ? (
        <section aria-label="The carrier's reasons" className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-900">The carrier&apos;s reasons</h3>
          <p className="whitespace-pre-line text-sm text-slate-700">{claim.responseReason}</p>
        </section>
      ) : null}
      {claim.decisionReason ? (
        <section aria-label="The admin's decision" className="space-y-1">
          <h3 className="text-sm font-semibold text-slate-900">The admin&apos;s decision</h3>
          <p className="whitespace-pre-line text-sm text-slate-700">{claim.decisionReason}</p>
        </section>
      ) : null}
      <ClaimEvidence claim={claim} reader={role} />
      {role === 'carrier' ? (
        <CarrierAnswer claim={claim} today={today} />
      ) : (
        <ShipperNext claim={claim} today={today} />
      )}
      <section aria-label="History" className="space-y-2">
        <h3 className="text-sm font-semibold text-slate-900">History</h3>
        <ClaimSteps claim={claim} />
      </section>
    </div>
  )
}

function useConfirm() {
  const [pending, setPending] = React.useState<Confirm | null>(null)
  const [busy, setBusy] = React.useState(false)
  const [error, setError] = React.useState<string | null>(null)
  const dialog = pending ? (
    <ConfirmDialog
      open
      title={pending.title}
      description={pending.description}
      confirmLabel={pending.confirmLabel}
      busyLabel="Sending..."
      cancelLabel="Not yet"
      confirmVariant={pending.variant ?? 'default'}
      busy={busy}
      onCancel={() => setPending(null)}
      onConfirm={() =>
        void (async () => {
          setBusy(true)
          try {
            await pending.run()
            setPending(null)
            setError(null)
          } catch (caught) {
            setPending(null)
            setError(serverMessage(caught, 'That did not go through. Try again.'))
          } finally {
            setBusy(false)
          }
        })()
      }
    />
  ) : null
  return { ask: setPending, dialog, error }
}

/** The carrier's answer within 30 days: accept, offer part, or decline with reasons. */
function CarrierAnswer({ claim, today }: { claim: CargoClaimDetail; today: string }) {
  const steps = useClaimSteps()
  const [action, setAction] = React.useState<'accept' | 'offer' | 'decline'>('offer')
  const [offer, setOffer] = React.useState('')
  const [reason, setReason] = React.useState('')
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const { ask, dialog, error } = useConfirm()
  if (claim.status !== 'filed') return null
  if (today > claim.respondBy) {
    return (
      <p className="text-sm text-slate-600">
        The 30 days to answer ended on {formatCalendarDate(claim.respondBy)}; the shipper may ask an
        admin to decide.
      </p>
    )
  }
  const submit = (event: React.FormEvent) => {
    event.preventDefault()
    const found: Record<string, string> = {}
    const offerCents = parseDollars(offer)
    if (action === 'offer') {
      if (offerCents === null || offerCents < 1) found.offerCents = 'Enter the amount you offer'
      else if (offerCents >= claim.amountCents) {
        found.offerCents = `Offer less than the ${formatCents(claim.amountCents)} claimed, or accept`
      }
    }
    if (action !== 'accept' && reason.trim().length < 10) {
      found.reason = 'Give your reasons and the evidence in at least 10 characters'
    }
    setErrors(found)
    if (Object.keys(found).length > 0) return
    const body =
      action === 'accept'
        ? { action }
        : action === 'offer'
          ? { action, offerCents: offerCents!, reason: reason.trim() }
          : { action, reason: reason.trim() }
    const what =
      action === 'accept'
        ? {
            title: `Accept the claim for ${formatCents(claim.amountCents)}?`,
            description: claim.payoutHeld
              ? `${formatCents(claim.amountCents)} is refunded to the shipper out of your held payout for ${claim.reference} (any rest is recorded as owed by you). This cannot be undone.`
              : `${formatCents(claim.amountCents)} is recorded as owed by you to the shipper; the platform follows its recovery. This cannot be undone.`,
            confirmLabel: `Accept ${formatCents(claim.amountCents)}`,
            variant: 'destructive' as const,
          }
        : action === 'offer'
          ? {
              title: `Offer ${formatCents(offerCents!)}?`,
              description:
                'The shipper may accept the offer or ask an admin to decide. You answer once: this cannot be changed.',
              confirmLabel: `Offer ${formatCents(offerCents!)}`,
            }
          : {
              title: 'Decline the claim?',
              description:
                'The shipper may accept the decline or ask an admin to decide. You answer once: this cannot be changed.',
              confirmLabel: 'Decline the claim',
              variant: 'destructive' as const,
            }
    ask({
      ...what,
      run: async () => {
        try {
          await steps.respond(claim.id, body)
          toast({ variant: 'success', title: 'Answer sent' })
        } catch (caught) {
          setErrors(fieldErrorsOf(caught))
          throw caught
        }
      },
    })
  }
  return (
    <section aria-label="Your answer" className="space-y-3 rounded-lg border border-slate-200 p-4">
      <h3 className="text-sm font-semibold text-slate-900">
        Your answer, by {formatCalendarDate(claim.respondBy)}
      </h3>
      <form className="space-y-3" onSubmit={submit} noValidate>
        <FormField id={`answer-${claim.id}`} label="Answer">
          <NativeSelect
            id={`answer-${claim.id}`}
            value={action}
            onChange={(e) => setAction(e.target.value as typeof action)}
          >
            <option value="offer">Offer part of it</option>
            <option value="accept">Accept the whole claim</option>
            <option value="decline">Decline it</option>
          </NativeSelect>
        </FormField>
        {action === 'offer' ? (
          <TextField
            id={`offer-${claim.id}`}
            label="Amount offered (USD)"
            inputMode="decimal"
            value={offer}
            onChange={(e) => setOffer(e.target.value)}
            error={errors.offerCents}
          />
        ) : null}
        {action !== 'accept' ? (
          <TextAreaField
            id={`reason-${claim.id}`}
            label="Reasons and evidence"
            rows={3}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={errors.reason}
          />
        ) : null}
        {error ? (
          <p className="text-sm text-red-700" role="alert">
            {error}
          </p>
        ) : null}
        <Button type="submit">Send answer</Button>
      </form>
      {dialog}
    </section>
  )
}

/** The shipper's next step: accept the carrier's answer, or ask an admin to decide. */
function ShipperNext({ claim, today }: { claim: CargoClaimDetail; today: string }) {
  const steps = useClaimSteps()
  const [reason, setReason] = React.useState('')
  const [reasonError, setReasonError] = React.useState<string | undefined>()
  const { ask, dialog, error } = useConfirm()
  const answered = claim.status === 'offered' || claim.status === 'declined'
  const unanswered = claim.status === 'filed' && today > claim.respondBy
  if (claim.status === 'filed' && !unanswered) {
    return (
      <p className="text-sm text-slate-600">
        The carrier has until {formatCalendarDate(claim.respondBy)} to answer. You will see its
        answer here.
      </p>
    )
  }
  if (claim.status === 'escalated') {
    return <p className="text-sm text-slate-600">An admin is deciding this claim.</p>
  }
  if (!answered && !unanswered) return null
  const accept = () =>
    ask(
      claim.status === 'offered'
        ? {
            title: `Accept the offer of ${formatCents(claim.offerCents ?? 0)}?`,
            description: claim.payoutHeld
              ? `${formatCents(claim.offerCents ?? 0)} is refunded to your card out of the carrier's payout, and the claim is settled. This cannot be undone.`
              : `${formatCents(claim.offerCents ?? 0)} is recorded as owed to you by the carrier, and the claim is settled. This cannot be undone.`,
            confirmLabel: `Accept ${formatCents(claim.offerCents ?? 0)}`,
            variant: 'success',
            run: async () => {
              await steps.accept(claim.id)
              toast({ variant: 'success', title: 'Offer accepted: claim settled' })
            },
          }
        : {
            title: 'Accept the decline?',
            description: 'The claim closes with nothing paid. This cannot be undone.',
            confirmLabel: 'Close the claim',
            run: async () => {
              await steps.accept(claim.id)
              toast({ title: 'Claim closed' })
            },
          }
    )
  const escalate = (event: React.FormEvent) => {
    event.preventDefault()
    if (reason.trim().length < 10) {
      setReasonError('Say why an admin should decide, in at least 10 characters')
      return
    }
    setReasonError(undefined)
    ask({
      title: 'Ask an admin to decide?',
      description:
        "An admin reads the claim, the carrier's answer and your reason, and decides the amount. The carrier's answer can then no longer be accepted.",
      confirmLabel: 'Escalate to an admin',
      run: async () => {
        await steps.escalate(claim.id, reason.trim())
        toast({ variant: 'success', title: 'Sent to an admin' })
      },
    })
  }
  return (
    <section
      aria-label="Your next step"
      className="space-y-3 rounded-lg border border-slate-200 p-4"
    >
      <h3 className="text-sm font-semibold text-slate-900">Your next step</h3>
      {answered ? (
        <Button variant={claim.status === 'offered' ? 'success' : 'outline'} onClick={accept}>
          {claim.status === 'offered'
            ? `Accept ${formatCents(claim.offerCents ?? 0)}`
            : 'Accept the decline'}
        </Button>
      ) : (
        <p className="text-sm text-slate-600">
          The carrier did not answer by {formatCalendarDate(claim.respondBy)}.
        </p>
      )}
      <form className="space-y-3" onSubmit={escalate} noValidate>
        <TextAreaField
          id={`escalate-${claim.id}`}
          label="Or ask an admin to decide: why"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          error={reasonError}
        />
        <Button type="submit" variant="outline">
          Escalate to an admin
        </Button>
      </form>
      {error ? (
        <p className="text-sm text-red-700" role="alert">
          {error}
        </p>
      ) : null}
      {dialog}
    </section>
  )
}
