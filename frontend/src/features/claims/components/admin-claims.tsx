import * as React from 'react'
import { ShieldAlert } from 'lucide-react'
import { LoadStates } from '@/components/load-states'
import { Button } from '@/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card'
import { ConfirmDialog } from '@/components/ui/confirm-dialog'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextAreaField, TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { formatDate, formatStatus } from '@/lib/format'
import {
  STATUS_TEXT,
  formatCents,
  parseDollars,
  useAdminClaims,
  useClaimSteps,
  type AdminCargoClaim,
  type ClaimStatus,
} from '@/features/claims/api/claims'
import { ClaimFigures, ClaimStatusBadge } from '@/features/claims/components/claim-detail'
import { ClaimEvidence } from '@/features/claims/components/claim-evidence'

const FILTERS: (ClaimStatus | 'all')[] = [
  'escalated',
  'all',
  'filed',
  'offered',
  'declined',
  'settled',
  'closed',
]

/**
 * Cargo claims for admins (decision 0233): escalated claims first, each with the carrier's
 * answer and the shipper's reason; an admin decides an escalated claim's amount with a reason
 * that goes into the claim's hash-chained audit.
 */
export function AdminClaims({
  readMessages,
}: {
  /** "Read messages" of the claim's booking (the messages feature, composed by the route) */
  readMessages?: (claim: AdminCargoClaim) => React.ReactNode
} = {}) {
  const [status, setStatus] = React.useState<ClaimStatus | 'all'>('escalated')
  const claims = useAdminClaims(status)
  return (
    <main className="mx-auto max-w-6xl space-y-4 p-4 sm:p-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">Cargo claims</h1>
          <p className="text-sm text-slate-600">
            Decide escalated claims. A decision settles the claim: refunded to the shipper out of a
            held payout, or recorded as a recovery against the carrier.
          </p>
        </div>
        <FormField id="claims-filter" label="Show" className="w-48">
          <NativeSelect
            id="claims-filter"
            value={status}
            onChange={(e) => setStatus(e.target.value as ClaimStatus | 'all')}
          >
            {FILTERS.map((value) => (
              <option key={value} value={value}>
                {value === 'all' ? 'All claims' : STATUS_TEXT[value]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <LoadStates
        query={claims}
        loadingLabel="Loading claims"
        errorTitle="Could not load the claims"
        empty={{
          icon: ShieldAlert,
          title: status === 'escalated' ? 'No claims waiting for a decision' : 'No claims',
          description: 'Claims shippers escalate appear here.',
        }}
      >
        {(list) => (
          <ul className="space-y-3" aria-label="Claims">
            {list.map((claim) => (
              <li key={claim.id}>
                <AdminClaimCard claim={claim} readMessages={readMessages} />
              </li>
            ))}
          </ul>
        )}
      </LoadStates>
    </main>
  )
}

function AdminClaimCard({
  claim,
  readMessages,
}: {
  claim: AdminCargoClaim
  readMessages?: (claim: AdminCargoClaim) => React.ReactNode
}) {
  return (
    <Card aria-label={`Claim on ${claim.reference}`}>
      <CardHeader className="pb-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="text-base">
            {claim.reference} · {formatStatus(claim.type)}
          </CardTitle>
          <ClaimStatusBadge status={claim.status} />
        </div>
        <CardDescription>
          Filed {formatDate(claim.filedAt)} · carrier #{claim.carrierId} · shipper #
          {claim.shipperId}
          {claim.payoutHeld ? ' · payout held' : ' · payout already released'}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <ClaimFigures claim={claim} />
        <Quote label="The shipper" text={claim.description} />
        {claim.responseReason ? (
          <Quote label="The carrier's reasons" text={claim.responseReason} />
        ) : null}
        {claim.escalationReason ? (
          <Quote label="Why the shipper escalated" text={claim.escalationReason} />
        ) : null}
        {claim.decisionReason ? <Quote label="Decision" text={claim.decisionReason} /> : null}
        <ClaimEvidence claim={claim} reader="admin" />
        {readMessages ? readMessages(claim) : null}
        {claim.status === 'escalated' ? <DecisionForm claim={claim} /> : null}
      </CardContent>
    </Card>
  )
}

function Quote({ label, text }: { label: string; text: string }) {
  return (
    <div className="text-sm">
      <p className="text-xs font-medium text-slate-500">{label}</p>
      <p className="whitespace-pre-line text-slate-800">{text}</p>
    </div>
  )
}

function DecisionForm({ claim }: { claim: AdminCargoClaim }) {
  const steps = useClaimSteps()
  const [amount, setAmount] = React.useState('')
  const [reason, setReason] = React.useState('')
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [confirming, setConfirming] = React.useState<number | null>(null)
  const [busy, setBusy] = React.useState(false)

  const review = (event: React.FormEvent) => {
    event.preventDefault()
    const found: Record<string, string> = {}
    const cents = parseDollars(amount)
    if (cents === null) found.amountCents = 'Enter the amount awarded in dollars (0 for nothing)'
    else if (cents > claim.amountCents) {
      found.amountCents = `At most the ${formatCents(claim.amountCents)} claimed`
    }
    if (reason.trim().length < 10) found.reason = 'Give the reason in at least 10 characters'
    setErrors(found)
    if (Object.keys(found).length === 0) setConfirming(cents)
  }

  const decide = async () => {
    if (confirming === null) return
    setBusy(true)
    try {
      await steps.decide(claim.id, confirming, reason.trim())
      toast({ variant: 'success', title: `Claim on ${claim.reference} decided` })
      setConfirming(null)
    } catch (error) {
      setConfirming(null)
      setErrors({
        ...fieldErrorsOf(error),
        form: serverMessage(error, 'The decision did not go through. Try again.'),
      })
    } finally {
      setBusy(false)
    }
  }

  const award = confirming ?? 0
  return (
    <form
      className="space-y-3 rounded-lg border border-slate-200 p-3"
      onSubmit={review}
      noValidate
      aria-label={`Decide the claim on ${claim.reference}`}
    >
      <TextField
        id={`award-${claim.id}`}
        label="Amount awarded (USD)"
        inputMode="decimal"
        value={amount}
        onChange={(e) => setAmount(e.target.value)}
        error={errors.amountCents}
        hint={`Up to ${formatCents(claim.amountCents)}; 0 closes the claim with nothing paid`}
      />
      <TextAreaField
        id={`decision-${claim.id}`}
        label="Reason (kept in the claim's audit)"
        rows={3}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={errors.reason}
      />
      {errors.form ? (
        <p className="text-sm text-red-700" role="alert">
          {errors.form}
        </p>
      ) : null}
      <Button type="submit">Decide</Button>
      <ConfirmDialog
        open={confirming !== null}
        title={award > 0 ? `Award ${formatCents(award)} on ${claim.reference}?` : 'Award nothing?'}
        description={
          award > 0
            ? claim.payoutHeld
              ? `${formatCents(award)} is refunded to the shipper's card out of the carrier's held payout, and the rest of the payout is released. This cannot be undone.`
              : `${formatCents(award)} is recorded as a recovery the carrier owes the shipper. This cannot be undone.`
            : "The claim closes with nothing paid and the carrier's payout runs as usual. This cannot be undone."
        }
        confirmLabel={award > 0 ? `Award ${formatCents(award)}` : 'Close the claim'}
        busyLabel="Deciding..."
        cancelLabel="Not yet"
        confirmVariant="default"
        busy={busy}
        onCancel={() => setConfirming(null)}
        onConfirm={() => void decide()}
      />
    </form>
  )
}
