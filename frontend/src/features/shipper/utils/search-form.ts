export const MIN_PALLETS = 1
export const MAX_PALLETS = 100

export const MISSING_INFORMATION = {
  title: 'Missing Information',
  description: 'Please fill in all required fields',
} as const

export const PALLETS_RANGE_MESSAGE = 'Number of pallets must be between 1 and 100'
export const PICKUP_PAST_MESSAGE = 'Pickup date cannot be in the past'

export type SearchFormValues = {
  pickupAddress: string
  deliveryAddress: string
  /** As typed, so an empty field can be told apart from a number. */
  numberOfPallets: string
  pickupDate: string
}

export type SearchFormField = keyof SearchFormValues

export type SearchFormCheck = {
  /** Required fields left empty: the form shows the Missing Information toast. */
  missing: SearchFormField[]
  /** Field messages for values that are present but not acceptable. */
  errors: Partial<Record<SearchFormField, string>>
}

/**
 * The search form's rules (docs/spec.md §5): addresses and pallets required, pallets a whole
 * number 1..100, and a pickup date that is not before today. An empty date means today.
 */
export function checkSearchForm(values: SearchFormValues, today: string): SearchFormCheck {
  const missing: SearchFormField[] = []
  if (!values.pickupAddress.trim()) missing.push('pickupAddress')
  if (!values.deliveryAddress.trim()) missing.push('deliveryAddress')
  if (!values.numberOfPallets.trim()) missing.push('numberOfPallets')

  const errors: SearchFormCheck['errors'] = {}
  if (values.numberOfPallets.trim()) {
    const pallets = Number(values.numberOfPallets)
    if (!Number.isInteger(pallets) || pallets < MIN_PALLETS || pallets > MAX_PALLETS) {
      errors.numberOfPallets = PALLETS_RANGE_MESSAGE
    }
  }
  const date = effectivePickupDate(values.pickupDate, today)
  if (date < today) errors.pickupDate = PICKUP_PAST_MESSAGE
  return { missing, errors }
}

/** The pickup date the search uses: the chosen day, or today when the field was cleared. */
export function effectivePickupDate(value: string, today: string): string {
  return value.trim() ? value : today
}
