import * as React from 'react'
import { Link } from 'react-router-dom'
import { ShieldAlert } from 'lucide-react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextAreaField, TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { createSubmissionKeys } from '@/lib/idempotency'
import { paths } from '@/config/paths'
import {
  CLAIM_TYPES,
  formatCents,
  parseDollars,
  useClaimSteps,
  type ClaimType,
} from '@/features/claims/api/claims'

/** The platform's liability limit (decision 0232): bookings declare no cargo value. */
const LIMIT_CENTS = 10_000_000

type Draft = { type: ClaimType; amount: string; description: string }

/**
 * "File a claim" on a delivered booking (decisions 0232, 0233): what happened, the amount and a
 * description, checked here as the server checks them, then a confirmation that names the
 * amount and what filing does to the carrier's payout. One Idempotency-Key per submission.
 */
export function FileClaimDialog({
  bookingId,
  reference,
}: {
  bookingId: number
  reference: string
}) {
  const [open, setOpen] = React.useState(false)
  const [draft, setDraft] = React.useState<Draft>({
    type: 'damage',
    amount: '',
    description: '',
  })
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [confirming, setConfirming] = React.useState(false)
  const [busy, setBusy] = React.useState(false)
  const [filedId, setFiledId] = React.useState<number | null>(null)
  const keys = React.useRef(createSubmissionKeys())
  const steps = useClaimSteps()

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {}
    const cents = parseDollars(draft.amount)
    if (cents === null || cents < 1) found.amountCents = 'Enter the amount claimed in dollars'
    else if (cents > LIMIT_CENTS) {
      found.amountCents = `A claim may ask at most ${formatCents(LIMIT_CENTS)}`
    }
    if (draft.description.trim().length < 10) {
      found.description = 'Describe what happened in at least 10 characters'
    }
    return found
  }

  const review = (event: React.FormEvent) => {
    event.preventDefault()
    const found = check()
    setErrors(found)
    if (Object.keys(found).length === 0) setConfirming(true)
  }

  const submit = async () => {
    const body = {
      type: draft.type,
      amountCents: parseDollars(draft.amount)!,
      description: draft.description.trim(),
    }
    setBusy(true)
    try {
      const claim = await steps.file(bookingId, body, keys.current.keyFor(body))
      setFiledId(claim.id)
      setConfirming(false)
      toast({ variant: 'success', title: `Claim filed on ${reference}` })
    } catch (error) {
      setConfirming(false)
      setErrors({
        ...fieldErrorsOf(error),
        form: serverMessage(error, 'The claim could not be filed. Try again.'),
      })
    } finally {
      setBusy(false)
    }
  }

  const cents = parseDollars(draft.amount)
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (busy) return
        setOpen(next)
        if (!next) setConfirming(false)
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="outline" aria-label={`File a claim on ${reference}`}>
          <ShieldAlert className="h-4 w-4" aria-hidden="true" />
          File a claim
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>File a cargo claim on {reference}</DialogTitle>
          <DialogDescription>
            For loss, damage, shortage or delay, within 9 months of delivery. The carrier has 30
            days to answer; you can then accept its answer or ask an admin to decide.
          </DialogDescription>
        </DialogHeader>
        {filedId !== null ? (
          <div className="space-y-3 text-sm text-slate-700" role="status">
            <p>
              Your claim is filed. If the carrier&apos;s payout was not yet released, it is held
              until the claim is resolved.
            </p>
            <Button asChild>
              <Link to={paths.claims.getHref(filedId)}>Follow the claim</Link>
            </Button>
          </div>
        ) : confirming ? (
          <div className="space-y-4" role="group" aria-label="Confirm the claim">
            <p className="text-sm text-slate-700">
              File a {draft.type} claim for <strong>{formatCents(cents ?? 0)}</strong> on{' '}
              {reference}? The carrier&apos;s payout for this booking is held until the claim is
              resolved. A booking takes one claim, so check the amount first.
            </p>
            <DialogFooter>
              <Button variant="outline" onClick={() => setConfirming(false)} disabled={busy}>
                Change it
              </Button>
              <Button onClick={() => void submit()} disabled={busy} aria-busy={busy || undefined}>
                {busy ? 'Filing...' : `File claim for ${formatCents(cents ?? 0)}`}
              </Button>
            </DialogFooter>
          </div>
        ) : (
          <form className="space-y-4" onSubmit={review} noValidate>
            <FormField id={`claim-type-${bookingId}`} label="What happened" error={errors.type}>
              <NativeSelect
                id={`claim-type-${bookingId}`}
                value={draft.type}
                onChange={(e) => setDraft({ ...draft, type: e.target.value as ClaimType })}
              >
                {CLAIM_TYPES.map((type) => (
                  <option key={type.value} value={type.value}>
                    {type.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <TextField
              id={`claim-amount-${bookingId}`}
              label="Amount claimed (USD)"
              inputMode="decimal"
              placeholder="250.00"
              value={draft.amount}
              onChange={(e) => setDraft({ ...draft, amount: e.target.value })}
              error={errors.amountCents}
              hint={`At most ${formatCents(LIMIT_CENTS)}, the platform's liability limit`}
            />
            <TextAreaField
              id={`claim-description-${bookingId}`}
              label="What happened to the freight"
              rows={4}
              value={draft.description}
              onChange={(e) => setDraft({ ...draft, description: e.target.value })}
              error={errors.description}
            />
            {errors.form ? (
              <p className="text-sm text-red-700" role="alert">
                {errors.form}
              </p>
            ) : null}
            <DialogFooter>
              <Button type="submit">Review the claim</Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  )
}
