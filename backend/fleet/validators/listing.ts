import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { DateTime } from 'luxon'
import { calendarDate, notBlank } from '#fleet/validators/rules'

export const MAX_RADIUS_MILES = 500
export const MAX_RATE = 999999.99

const radius = () => vine.number().withoutDecimals().min(1).max(MAX_RADIUS_MILES).optional()

/** docs/spec.md §5, listing form. */
export const createListingValidator = vine.compile(
  vine.object({
    truckId: vine.number().withoutDecimals().positive(),
    pickupAddress: vine.string().trim().use(notBlank()).maxLength(255),
    pickupRadius: radius(),
    deliveryAddress: vine.string().trim().use(notBlank()).maxLength(255),
    deliveryRadius: radius(),
    ratePerMilePerPallet: vine.number().min(0.01).max(MAX_RATE).decimal([0, 2]),
    maxPallets: vine.number().withoutDecimals().min(1),
    availableDate: vine
      .string()
      .trim()
      .use(calendarDate())
      .transform((value) => DateTime.fromISO(value.slice(0, 10), { zone: 'utc' })),
  })
)
createListingValidator.messagesProvider = new SimpleMessagesProvider({
  'truckId.required': 'Please select a truck',
  'truckId.number': 'Please select a truck',
  'truckId.withoutDecimals': 'Please select a truck',
  'truckId.positive': 'Please select a truck',
  'pickupAddress.required': 'Pickup address is required',
  'pickupAddress.string': 'Pickup address is required',
  'pickupAddress.maxLength': 'Pickup address must be at most 255 characters',
  'pickupRadius.number': 'Pickup radius must be at least 1 mile',
  'pickupRadius.min': 'Pickup radius must be at least 1 mile',
  'pickupRadius.withoutDecimals': 'Pickup radius must be a whole number of miles',
  'pickupRadius.max': `Pickup radius cannot exceed ${MAX_RADIUS_MILES} miles`,
  'deliveryAddress.required': 'Delivery address is required',
  'deliveryAddress.string': 'Delivery address is required',
  'deliveryAddress.maxLength': 'Delivery address must be at most 255 characters',
  'deliveryRadius.number': 'Delivery radius must be at least 1 mile',
  'deliveryRadius.min': 'Delivery radius must be at least 1 mile',
  'deliveryRadius.withoutDecimals': 'Delivery radius must be a whole number of miles',
  'deliveryRadius.max': `Delivery radius cannot exceed ${MAX_RADIUS_MILES} miles`,
  'ratePerMilePerPallet.required': 'Rate must be greater than 0',
  'ratePerMilePerPallet.number': 'Rate must be greater than 0',
  'ratePerMilePerPallet.min': 'Rate must be greater than 0',
  'ratePerMilePerPallet.max': `Rate cannot exceed ${MAX_RATE}`,
  'ratePerMilePerPallet.decimal': 'Rate can have at most 2 decimals',
  'maxPallets.required': 'Must allow at least 1 pallet',
  'maxPallets.number': 'Must allow at least 1 pallet',
  'maxPallets.min': 'Must allow at least 1 pallet',
  'maxPallets.withoutDecimals': 'Max pallets must be a whole number',
  'availableDate.required': 'Available date is required',
  'availableDate.string': 'Available date is required',
  'availableDate.date': 'Available date must be a date (YYYY-MM-DD)',
})

/** Archive and reactivate; `booked` is set by bookings only. */
export const listingStatusValidator = vine.compile(
  vine.object({ status: vine.enum(['active', 'expired'] as const) })
)
listingStatusValidator.messagesProvider = new SimpleMessagesProvider({
  'status.required': 'Status must be active or expired',
  'status.enum': 'Status must be active or expired',
})

export const listingsQueryValidator = vine.compile(
  vine.object({ status: vine.enum(['active', 'booked', 'expired'] as const).optional() })
)
listingsQueryValidator.messagesProvider = new SimpleMessagesProvider({
  'status.enum': 'Status must be active, booked or expired',
})
