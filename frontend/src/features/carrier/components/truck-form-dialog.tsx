import * as React from 'react'
import { Button } from '@/components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog'
import { FormField } from '@/components/ui/form-field'
import { NativeSelect } from '@/components/ui/native-select'
import { TextField } from '@/components/ui/text-field'
import { toast } from '@/components/ui/use-toast'
import { useCreateTruck } from '@/features/carrier/api/create-truck'
import {
  TRUCK_STATUSES,
  TRUCK_TYPES,
  type Truck,
  type TruckStatus,
  type TruckType,
} from '@/features/carrier/api/get-trucks'
import { useUpdateTruck } from '@/features/carrier/api/update-truck'
import { fieldErrorsOf, serverMessage } from '@/lib/api-errors'
import {
  emptyTruckForm,
  missingTruckFields,
  toTruckInput,
  TRUCK_STATUS_LABELS,
  TRUCK_TYPE_LABELS,
  truckFormFrom,
  type TruckFormValues,
} from '@/features/carrier/utils/truck-form'

function TruckForm({ truck, onDone }: { truck?: Truck; onDone: () => void }) {
  const editing = Boolean(truck)
  const [values, setValues] = React.useState<TruckFormValues>(() =>
    truck ? truckFormFrom(truck) : emptyTruckForm
  )
  const [errors, setErrors] = React.useState<Record<string, string>>({})
  const [saving, setSaving] = React.useState(false)
  const create = useCreateTruck()
  const update = useUpdateTruck()

  const set =
    (field: keyof TruckFormValues) =>
    (event: React.ChangeEvent<HTMLInputElement | HTMLSelectElement>) =>
      setValues((v) => ({ ...v, [field]: event.target.value }))

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault()
    if (missingTruckFields(values).length > 0) {
      toast({
        variant: 'destructive',
        title: 'Missing information',
        description: 'Please fill in all required fields.',
      })
      return
    }
    setSaving(true)
    setErrors({})
    try {
      const input = toTruckInput(values, { editing })
      if (truck) await update(truck.id, input)
      else await create(input)
      toast({
        variant: 'success',
        title: editing ? 'Truck updated successfully' : 'Truck added successfully',
      })
      onDone()
    } catch (error) {
      setErrors(fieldErrorsOf(error))
      toast({
        variant: 'destructive',
        title: editing ? 'Failed to update truck' : 'Failed to add truck',
        description: serverMessage(
          error,
          editing ? 'Failed to update truck' : 'Failed to add truck'
        ),
      })
    } finally {
      setSaving(false)
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={editing ? 'Edit truck' : 'Add truck'}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          id="truck-make"
          label="Make"
          value={values.make}
          onChange={set('make')}
          error={errors.make}
          placeholder="e.g. Freightliner"
        />
        <TextField
          id="truck-model"
          label="Model"
          value={values.model}
          onChange={set('model')}
          error={errors.model}
          placeholder="e.g. M2 106"
        />
        <TextField
          id="truck-year"
          label="Year"
          type="number"
          inputMode="numeric"
          step={1}
          value={values.year}
          onChange={set('year')}
          error={errors.year}
          placeholder="e.g. 2021"
        />
        <TextField
          id="truck-plate"
          label="License Plate"
          value={values.licensePlate}
          onChange={set('licensePlate')}
          error={errors.licensePlate}
          placeholder="e.g. IL-12345"
        />
        <TextField
          id="truck-capacity"
          label="Capacity (pallets)"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={values.capacity}
          onChange={set('capacity')}
          error={errors.capacity}
          placeholder="e.g. 12"
        />
        <FormField id="truck-type" label="Truck Type" error={errors.truckType}>
          <NativeSelect
            id="truck-type"
            value={values.truckType}
            onChange={set('truckType')}
            aria-invalid={errors.truckType ? true : undefined}
          >
            <option value="">Select a type (optional)</option>
            {TRUCK_TYPES.map((type: TruckType) => (
              <option key={type} value={type}>
                {TRUCK_TYPE_LABELS[type]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          id="truck-status"
          label="Status"
          error={errors.status}
          hint={editing ? undefined : 'New trucks start as available; change it later with Edit.'}
          className="sm:col-span-2"
        >
          <NativeSelect
            id="truck-status"
            value={editing ? values.status : 'available'}
            onChange={set('status')}
            disabled={!editing}
            aria-invalid={errors.status ? true : undefined}
          >
            {TRUCK_STATUSES.map((status: TruckStatus) => (
              <option key={status} value={status}>
                {TRUCK_STATUS_LABELS[status]}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={saving}>
          Cancel
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? 'Saving...' : editing ? 'Save Changes' : 'Add Truck'}
        </Button>
      </DialogFooter>
    </form>
  )
}

/** Add Truck (no `truck`) or Edit (with one): the fleet form in a dialog. */
export function TruckFormDialog({
  open,
  onOpenChange,
  truck,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  truck?: Truck
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{truck ? 'Edit Truck' : 'Add Truck'}</DialogTitle>
          <DialogDescription>
            {truck
              ? 'Update the details and status of this truck.'
              : 'Add a truck to your fleet. Capacity is counted in pallets.'}
          </DialogDescription>
        </DialogHeader>
        {open ? <TruckForm truck={truck} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}
