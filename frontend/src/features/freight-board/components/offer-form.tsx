import * as React from 'react'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { Label } from '@/components/ui/label'
import { Textarea } from '@/components/ui/input'
import { fieldErrorsOf, serverMessageOf } from '@/lib/api-errors'
import { formatCurrency } from '@/lib/format'
import { usePlatformConstants } from '@/lib/platform-constants'
import {
  MAX_OFFER_HOURS,
  dollarsToCents,
  type FreightOfferInput,
} from '@/features/freight-board/api/offers'

const HOURS = Array.from({ length: MAX_OFFER_HOURS }, (_, i) => i + 1)

/**
 * An offer or a counter: the amount in dollars (sent as integer cents), a note, and how long it
 * stands. The carrier sees what it would earn at the amount, by the server's payout split.
 */
export function OfferForm({
  idPrefix,
  submitLabel,
  busyLabel,
  initialCents,
  showCarrierPay,
  onSubmit,
  onCancel,
}: {
  idPrefix: string
  submitLabel: string
  busyLabel: string
  initialCents?: number
  showCarrierPay: boolean
  onSubmit: (input: FreightOfferInput) => Promise<unknown>
  onCancel?: () => void
}) {
  const [amount, setAmount] = React.useState(
    initialCents === undefined ? '' : (initialCents / 100).toFixed(2)
  )
  const [note, setNote] = React.useState('')
  const [hours, setHours] = React.useState(12)
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [busy, setBusy] = React.useState(false)
  const { data: constants } = usePlatformConstants()
  const cents = dollarsToCents(amount)
  const pay =
    cents !== null && constants
      ? Math.round((cents * constants.payoutSplit.carrierPercent) / 100)
      : null

  const submit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (cents === null || cents < 1) {
      setErrors({ amount_cents: 'Enter an amount in dollars, such as 925 or 925.50' })
      return
    }
    setBusy(true)
    setErrors({})
    try {
      await onSubmit({ amount_cents: cents, note: note.trim() || null, expires_in_hours: hours })
    } catch (error) {
      const fields = fieldErrorsOf(error)
      setErrors(
        Object.keys(fields).length > 0
          ? fields
          : { form: serverMessageOf(error) ?? 'The offer could not be sent' }
      )
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="space-y-3" onSubmit={(e) => void submit(e)} noValidate>
      <TextField
        id={`${idPrefix}-amount`}
        label="Amount (USD)"
        inputMode="decimal"
        autoComplete="off"
        value={amount}
        error={errors.amount_cents}
        onChange={(e) => setAmount(e.target.value)}
        hint={
          showCarrierPay && pay !== null ? (
            <span>
              You earn <strong>{formatCurrency(pay / 100)}</strong> at this amount
            </span>
          ) : undefined
        }
      />
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-note`}>Note (optional)</Label>
        <Textarea
          id={`${idPrefix}-note`}
          maxLength={500}
          rows={2}
          value={note}
          aria-invalid={errors.note ? true : undefined}
          onChange={(e) => setNote(e.target.value)}
        />
        {errors.note ? <p className="text-sm text-red-700">{errors.note}</p> : null}
      </div>
      <div className="space-y-1">
        <Label htmlFor={`${idPrefix}-hours`}>Stands for</Label>
        <NativeSelect
          id={`${idPrefix}-hours`}
          value={String(hours)}
          onChange={(e) => setHours(Number(e.target.value))}
        >
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {h} {h === 1 ? 'hour' : 'hours'}
            </option>
          ))}
        </NativeSelect>
        {errors.expires_in_hours ? (
          <p className="text-sm text-red-700">{errors.expires_in_hours}</p>
        ) : null}
      </div>
      {errors.form ? (
        <p role="alert" className="text-sm text-red-700">
          {errors.form}
        </p>
      ) : null}
      <div className="flex flex-wrap justify-end gap-2">
        {onCancel ? (
          <Button type="button" variant="outline" size="sm" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" size="sm" disabled={busy} aria-busy={busy || undefined}>
          {busy ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  )
}
