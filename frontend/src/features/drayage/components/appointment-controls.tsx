import * as React from 'react'
import { Button } from '@/components/ui/button'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import {
  requestAppointment,
  updateAppointment,
  type AppointmentStatusInput,
} from '@/features/drayage/api/appointments'
import type { DrayageAppointment, DrayageMove } from '@/features/drayage/api/get-drayage-moves'
import { APPOINTMENT_KIND } from '@/features/drayage/utils/labels'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'

const fail = (error: unknown, fallback: string) =>
  toast({ variant: 'destructive', title: 'Error', description: serverMessage(error, fallback) })

/** A `datetime-local` value (the browser's local time) as an ISO instant. */
const toInstant = (local: string) => (local ? new Date(local).toISOString() : '')

/** The carrier asks the terminal for a window: pickup before gate-out, the empty's return after. */
export function RequestWindowForm({
  move,
  kind,
  onDone,
}: {
  move: DrayageMove
  kind: 'PICKUP' | 'RETURN'
  onDone: () => void
}) {
  const [start, setStart] = React.useState('')
  const [end, setEnd] = React.useState('')
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [saving, setSaving] = React.useState(false)
  const id = `window-${move.id}-${kind.toLowerCase()}`

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (saving) return
    setSaving(true)
    try {
      await requestAppointment(move.id, {
        kind,
        windowStart: toInstant(start),
        windowEnd: toInstant(end),
      })
      setErrors({})
      setStart('')
      setEnd('')
      onDone()
      toast({ variant: 'success', title: 'Window requested', description: APPOINTMENT_KIND[kind] })
    } catch (error) {
      const fields = fieldErrorsOf(error)
      if (Object.keys(fields).length > 0) setErrors(fields)
      else fail(error, 'Failed to request the window')
    } finally {
      setSaving(false)
    }
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      aria-label={`Request ${APPOINTMENT_KIND[kind].toLowerCase()} window for ${move.reference}`}
      className="grid items-end gap-3 sm:grid-cols-[1fr_1fr_auto]"
    >
      <TextField
        id={`${id}-start`}
        type="datetime-local"
        label="Window start"
        value={start}
        onChange={(e) => setStart(e.target.value)}
        error={errors.windowStart ?? errors.kind}
      />
      <TextField
        id={`${id}-end`}
        type="datetime-local"
        label="Window end"
        value={end}
        onChange={(e) => setEnd(e.target.value)}
        error={errors.windowEnd}
      />
      <Button type="submit" variant="outline" disabled={saving}>
        {saving ? 'Requesting...' : `Request ${kind === 'PICKUP' ? 'pickup' : 'return'} window`}
      </Button>
    </form>
  )
}

const NEXT: Record<string, { status: AppointmentStatusInput['status']; label: string }[]> = {
  REQUESTED: [
    { status: 'CONFIRMED', label: 'Confirmed' },
    { status: 'CANCELLED', label: 'Cancel' },
  ],
  CONFIRMED: [
    { status: 'COMPLETED', label: 'Completed' },
    { status: 'MISSED', label: 'Missed' },
    { status: 'CANCELLED', label: 'Cancel' },
  ],
}

/** What became of a window: the terminal's confirmation, then completed or missed. */
export function AppointmentActions({
  appointment,
  onDone,
}: {
  appointment: DrayageAppointment
  onDone: () => void
}) {
  const [number, setNumber] = React.useState('')
  const [busy, setBusy] = React.useState(false)
  const steps = NEXT[appointment.status] ?? []
  if (steps.length === 0) return null

  const record = async (status: AppointmentStatusInput['status']) => {
    setBusy(true)
    try {
      await updateAppointment(appointment.id, {
        status,
        ...(status === 'CONFIRMED' && number.trim() ? { confirmationNumber: number.trim() } : {}),
      })
      onDone()
    } catch (error) {
      fail(error, 'Failed to update the appointment')
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="flex flex-wrap items-end gap-2">
      <span className="text-sm text-slate-700">{APPOINTMENT_KIND[appointment.kind]}:</span>
      {appointment.status === 'REQUESTED' ? (
        <TextField
          id={`confirmation-${appointment.id}`}
          label="Confirmation #"
          value={number}
          onChange={(e) => setNumber(e.target.value)}
          containerClassName="w-40"
        />
      ) : null}
      {steps.map((step) => (
        <Button
          key={step.status}
          size="sm"
          variant={step.status === 'CANCELLED' ? 'ghost' : 'outline'}
          disabled={busy}
          onClick={() => void record(step.status)}
        >
          {step.label}
        </Button>
      ))}
    </div>
  )
}
