import * as React from 'react'
import { Trash2 } from 'lucide-react'
import { Button } from '@/components/ui/button'
import { NativeSelect } from '@/components/ui/native-select'
import { FormField } from '@/components/ui/form-field'
import { TextField, TextAreaField } from '@/components/ui/text-field'
import { formatCurrency, formatDateTime } from '@/lib/format'
import {
  useAccessorials,
  useChargeActions,
  type BookingCharges,
} from '@/features/finance/api/booking-charges'
import { useAction } from '@/features/finance/hooks/use-action'

/** The booking's accessorial charges with their evidence, and the carrier's form to add one. */
export function ChargesList({
  bookingId,
  charges,
  locked,
}: {
  bookingId: number
  charges: BookingCharges
  locked: boolean
}) {
  const { removeCharge } = useChargeActions(bookingId)
  const { busy, run } = useAction()
  return (
    <section aria-label="Accessorials" className="space-y-3">
      <h3 className="font-semibold text-slate-900">Accessorials</h3>
      {charges.charges.length === 0 ? (
        <p className="text-sm text-slate-600">No accessorials on this booking.</p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-md border border-slate-200">
          {charges.charges.map((charge) => (
            <li key={charge.id} className="flex items-start justify-between gap-2 p-3 text-sm">
              <div>
                <p className="font-medium">{charge.description}</p>
                <p className="text-xs text-slate-500">
                  {charge.quantity} × {formatCurrency(charge.unitPrice)} ·{' '}
                  {charge.source === 'BOOKING'
                    ? 'asked for at booking'
                    : `added ${formatDateTime(charge.createdAt)}`}
                </p>
                {charge.note ? <p className="text-xs text-slate-500">“{charge.note}”</p> : null}
                {charge.documentId ? (
                  <p className="text-xs text-slate-500">Document #{charge.documentId}</p>
                ) : null}
              </div>
              <div className="flex items-center gap-2">
                <span className="font-semibold tabular-nums">{formatCurrency(charge.amount)}</span>
                {!locked && charge.source === 'CARRIER' ? (
                  <Button
                    size="icon"
                    variant="ghost"
                    aria-label={`Remove ${charge.description}`}
                    disabled={busy}
                    onClick={() => void run(() => removeCharge(charge.id), 'Charge removed')}
                  >
                    <Trash2 className="h-4 w-4" aria-hidden="true" />
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      )}
      {locked ? null : <AddChargeForm bookingId={bookingId} />}
    </section>
  )
}

function AddChargeForm({ bookingId }: { bookingId: number }) {
  const { data } = useAccessorials()
  const { addCharge } = useChargeActions(bookingId)
  const { busy, errors, run } = useAction()
  const [form, setForm] = React.useState({ code: '', quantity: '1', note: '', documentId: '' })
  const choices = (data?.accessorials ?? []).filter((a) => a.code !== 'DETENTION_HR')
  return (
    <form
      className="space-y-2 rounded-md border border-dashed border-slate-300 p-3"
      aria-label="Add an accessorial"
      onSubmit={(event) => {
        event.preventDefault()
        void run(async () => {
          await addCharge({
            code: form.code,
            quantity: Number(form.quantity),
            note: form.note,
            ...(form.documentId ? { documentId: Number(form.documentId) } : {}),
          })
          setForm({ code: '', quantity: '1', note: '', documentId: '' })
        }, 'Accessorial added')
      }}
    >
      <div className="grid gap-2 sm:grid-cols-[1fr_6rem]">
        <FormField id="charge-code" label="Accessorial" error={errors.code}>
          <NativeSelect
            id="charge-code"
            value={form.code}
            onChange={(e) => setForm({ ...form, code: e.target.value })}
            required
          >
            <option value="">Choose…</option>
            {choices.map((a) => (
              <option key={a.code} value={a.code}>
                {a.description} ({formatCurrency(a.defaultPrice)})
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <TextField
          id="charge-quantity"
          label="Quantity"
          inputMode="decimal"
          value={form.quantity}
          onChange={(e) => setForm({ ...form, quantity: e.target.value })}
          error={errors.quantity}
        />
      </div>
      <TextAreaField
        id="charge-note"
        label="Evidence (what happened)"
        value={form.note}
        onChange={(e) => setForm({ ...form, note: e.target.value })}
        error={errors.note}
        required
      />
      <TextField
        id="charge-document"
        label="Document id from the Document Hub (optional)"
        inputMode="numeric"
        value={form.documentId}
        onChange={(e) => setForm({ ...form, documentId: e.target.value })}
        error={errors.documentId}
      />
      <Button type="submit" size="sm" disabled={busy}>
        Add accessorial
      </Button>
    </form>
  )
}
