import * as React from 'react'
import { Button } from '@/components/ui/button'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { requestExpeditedJob } from '@/features/expedited/api/request-expedited-job'
import type { ExpeditedJobForm } from '@/features/expedited/api/types'
import { VEHICLE_LABELS } from '@/features/expedited/utils/format-expedited'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import { formatCurrency } from '@/lib/format'

type Draft = {
  vehicleType: ExpeditedJobForm['vehicleType']
  slaHours: string
  origin: string
  destination: string
  pallets: string
  weightLbs: string
  notes: string
}

const EMPTY: Draft = {
  vehicleType: 'SPRINTER',
  slaHours: '12',
  origin: '',
  destination: '',
  pallets: '1',
  weightLbs: '500',
  notes: '',
}

/** The shipper's request: vehicle, SLA, the two ZIPs and the load. The server sets the price. */
export function ExpeditedRequestForm({ onRequested }: { onRequested?: (id: number) => void }) {
  const [draft, setDraft] = React.useState<Draft>(EMPTY)
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [sending, setSending] = React.useState(false)
  const set = (key: keyof Draft) => (event: { target: { value: string } }) =>
    setDraft((d) => ({ ...d, [key]: event.target.value }))

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    setSending(true)
    setErrors({})
    try {
      const { job, offeredTo } = await requestExpeditedJob({
        vehicleType: draft.vehicleType,
        slaHours: Number(draft.slaHours),
        origin: { postal: draft.origin.trim() },
        destination: { postal: draft.destination.trim() },
        pallets: Number(draft.pallets),
        weightLbs: Number(draft.weightLbs),
        notes: draft.notes.trim() || null,
      })
      toast({
        title: `Expedited job ${job.reference} requested`,
        description: `${job.price !== null ? `Price ${formatCurrency(job.price)}. ` : ''}Pay to offer it to ${offeredTo} ${offeredTo === 1 ? 'carrier' : 'carriers'}.`,
      })
      setDraft(EMPTY)
      onRequested?.(job.id)
    } catch (error) {
      const fields = fieldErrorsOf(error)
      setErrors(fields)
      if (Object.keys(fields).length === 0) {
        toast({ variant: 'destructive', title: serverMessage(error, 'Could not request the job') })
      }
    } finally {
      setSending(false)
    }
  }

  return (
    <form onSubmit={submit} aria-label="Request an expedited job" className="space-y-4" noValidate>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="exp-vehicle" label="Vehicle type" error={errors.vehicleType}>
          <NativeSelect id="exp-vehicle" value={draft.vehicleType} onChange={set('vehicleType')}>
            {Object.entries(VEHICLE_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <TextField
          id="exp-sla"
          label="SLA (hours to delivery)"
          type="number"
          min={1}
          max={168}
          value={draft.slaHours}
          onChange={set('slaHours')}
          error={errors.slaHours}
        />
        <TextField
          id="exp-origin"
          label="Pickup ZIP"
          inputMode="numeric"
          value={draft.origin}
          onChange={set('origin')}
          error={errors['origin.postal']}
        />
        <TextField
          id="exp-destination"
          label="Delivery ZIP"
          inputMode="numeric"
          value={draft.destination}
          onChange={set('destination')}
          error={errors['destination.postal']}
        />
        <TextField
          id="exp-pallets"
          label="Pallets"
          type="number"
          min={1}
          value={draft.pallets}
          onChange={set('pallets')}
          error={errors.pallets}
        />
        <TextField
          id="exp-weight"
          label="Weight (lb)"
          type="number"
          min={1}
          value={draft.weightLbs}
          onChange={set('weightLbs')}
          error={errors.weightLbs}
        />
      </div>
      <TextField
        id="exp-notes"
        label="Notes for the driver"
        value={draft.notes}
        onChange={set('notes')}
        error={errors.notes}
      />
      <Button type="submit" disabled={sending}>
        {sending ? 'Requesting…' : 'Request expedited job'}
      </Button>
    </form>
  )
}
