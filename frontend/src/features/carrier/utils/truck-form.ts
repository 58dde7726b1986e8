import { TRUCK_TYPE_LABELS as SHARED_TRUCK_TYPE_LABELS } from '@/config/freight-labels'
import type { TruckInput } from '@/features/carrier/api/create-truck'
import type { Truck, TruckStatus, TruckType } from '@/features/carrier/api/get-trucks'

/** The shared display names (docs/decisions/0173). */
export const TRUCK_TYPE_LABELS: Record<TruckType, string> = SHARED_TRUCK_TYPE_LABELS

export const TRUCK_STATUS_LABELS: Record<TruckStatus, string> = {
  available: 'Available',
  in_use: 'In Use',
  maintenance: 'Maintenance',
}

/** What the truck form holds: text as typed, converted on submit. */
export type TruckFormValues = {
  make: string
  model: string
  year: string
  licensePlate: string
  capacity: string
  truckType: TruckType | ''
  status: TruckStatus
}

export const emptyTruckForm: TruckFormValues = {
  make: '',
  model: '',
  year: '',
  licensePlate: '',
  capacity: '',
  truckType: '',
  status: 'available',
}

export function truckFormFrom(truck: Truck): TruckFormValues {
  return {
    make: truck.make ?? '',
    model: truck.model ?? '',
    year: truck.year == null ? '' : String(truck.year),
    licensePlate: truck.licensePlate,
    capacity: String(truck.capacity),
    truckType: truck.truckType ?? '',
    status: truck.status,
  }
}

const REQUIRED = ['make', 'model', 'year', 'licensePlate', 'capacity'] as const

/** docs/spec.md §5: make, model, year, license plate and capacity are all required. */
export function missingTruckFields(values: TruckFormValues): (typeof REQUIRED)[number][] {
  return REQUIRED.filter((field) => values[field].trim() === '')
}

/**
 * The request body: year and capacity as integers (docs/spec.md §5), the type only when chosen and
 * the status only when editing (the server starts every new truck as available).
 */
export function toTruckInput(values: TruckFormValues, { editing }: { editing: boolean }) {
  const input: TruckInput = {
    make: values.make.trim(),
    model: values.model.trim(),
    year: Number.parseInt(values.year, 10),
    licensePlate: values.licensePlate.trim(),
    capacity: Number.parseInt(values.capacity, 10),
  }
  if (values.truckType) input.truckType = values.truckType
  if (editing) input.status = values.status
  return input
}
