import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { notBlank } from '#fleet/validators/rules'

export const TRUCK_TYPES = ['dry_van', 'flatbed', 'refrigerated', 'box_truck'] as const
export const TRUCK_STATUSES = ['available', 'in_use', 'maintenance'] as const

/** docs/spec.md §5, truck form: one message for every missing required field. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.'
export const MIN_TRUCK_YEAR = 1980
export const CAPACITY_MESSAGE = 'Capacity must be between 1 and 60 pallets'
export const yearMessage = (maxYear: number) =>
  `Year must be between ${MIN_TRUCK_YEAR} and ${maxYear}`

const text = (max: number) => vine.string().trim().use(notBlank()).maxLength(max)

function build(maxYear: number) {
  const validator = vine.compile(
    vine.object({
      make: text(60),
      model: text(60),
      year: vine.number().withoutDecimals().range([MIN_TRUCK_YEAR, maxYear]),
      licensePlate: text(20),
      capacity: vine.number().withoutDecimals().range([1, 60]),
      truckType: vine.enum(TRUCK_TYPES).optional(),
      status: vine.enum(TRUCK_STATUSES).optional(),
    })
  )
  validator.messagesProvider = new SimpleMessagesProvider({
    'required': REQUIRED_FIELDS_MESSAGE,
    'make.maxLength': 'Make must be at most 60 characters',
    'make.string': 'Make must be text',
    'model.maxLength': 'Model must be at most 60 characters',
    'model.string': 'Model must be text',
    'licensePlate.maxLength': 'License plate must be at most 20 characters',
    'licensePlate.string': 'License plate must be text',
    'year.number': yearMessage(maxYear),
    'year.withoutDecimals': yearMessage(maxYear),
    'year.range': yearMessage(maxYear),
    'capacity.number': CAPACITY_MESSAGE,
    'capacity.withoutDecimals': CAPACITY_MESSAGE,
    'capacity.range': CAPACITY_MESSAGE,
    'truckType.enum': 'Truck type must be dry_van, flatbed, refrigerated or box_truck',
    'status.enum': 'Status must be available, in_use or maintenance',
  })
  return validator
}

const byMaxYear = new Map<number, ReturnType<typeof build>>()

/**
 * The truck form (create and edit). Model years run from 1980 to next year's models, so the
 * validator depends on the current year; one is compiled per year.
 */
export function truckValidator(currentYear: number) {
  const maxYear = currentYear + 1
  let validator = byMaxYear.get(maxYear)
  if (!validator) {
    validator = build(maxYear)
    byMaxYear.set(maxYear, validator)
  }
  return validator
}
