import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { VEHICLES, VEHICLE_TYPES } from '#logistics/expedited_status'

/** The longest SLA an expedited job may promise (a week). */
export const MAX_SLA_HOURS = 168

/** The most pallets and pounds any vehicle carries: the largest vehicle's (per vehicle: the service). */
const MAX_PALLETS = Math.max(...Object.values(VEHICLES).map((v) => v.maxPallets))
const MAX_LBS = Math.max(...Object.values(VEHICLES).map((v) => v.maxLbs))

const place = () =>
  vine.object({
    postal: vine.string().trim().minLength(5).maxLength(10),
    address: vine.string().trim().maxLength(255).nullable().optional(),
  })

/** A shipper's expedited request (docs/decisions/0125). */
export const expeditedJobValidator = vine.compile(
  vine.object({
    vehicleType: vine.enum(VEHICLE_TYPES),
    slaHours: vine.number().withoutDecimals().min(1).max(MAX_SLA_HOURS),
    origin: place(),
    destination: place(),
    pallets: vine.number().withoutDecimals().min(1).max(MAX_PALLETS),
    weightLbs: vine.number().withoutDecimals().min(1).max(MAX_LBS),
    notes: vine.string().trim().maxLength(500).nullable().optional(),
  })
)
expeditedJobValidator.messagesProvider = new SimpleMessagesProvider({
  'vehicleType.required': 'Vehicle type is required',
  'vehicleType.enum': 'Vehicle type must be one of SPRINTER, BOX, VAN, REEFER, FLATBED',
  'slaHours.required': 'SLA hours are required',
  'slaHours.number': 'SLA hours must be a whole number of hours',
  'slaHours.withoutDecimals': 'SLA hours must be a whole number of hours',
  'slaHours.min': 'SLA hours must be at least 1',
  'slaHours.max': `SLA hours cannot exceed ${MAX_SLA_HOURS}`,
  'origin.required': 'Origin ZIP is required',
  'origin.object': 'Origin ZIP is required',
  'origin.postal.required': 'Origin ZIP is required',
  'origin.postal.string': 'Origin ZIP is required',
  'origin.postal.minLength': 'Origin ZIP is required',
  'origin.postal.maxLength': 'Origin ZIP not found',
  'destination.required': 'Destination ZIP is required',
  'destination.object': 'Destination ZIP is required',
  'destination.postal.required': 'Destination ZIP is required',
  'destination.postal.string': 'Destination ZIP is required',
  'destination.postal.minLength': 'Destination ZIP is required',
  'destination.postal.maxLength': 'Destination ZIP not found',
  'pallets.required': 'Pallets are required',
  'pallets.number': 'Pallets must be at least 1',
  'pallets.min': 'Pallets must be at least 1',
  'pallets.withoutDecimals': 'Pallets must be a whole number',
  'pallets.max': `Pallets cannot exceed ${MAX_PALLETS}`,
  'weightLbs.required': 'Weight is required',
  'weightLbs.number': 'Weight must be at least 1 lb',
  'weightLbs.min': 'Weight must be at least 1 lb',
  'weightLbs.withoutDecimals': 'Weight must be a whole number of pounds',
  'weightLbs.max': `Weight cannot exceed ${MAX_LBS} lb`,
  'notes.maxLength': 'Notes can have at most 500 characters',
})

/** The driver's position: coordinates from the browser, or a ZIP typed by hand. */
export const driverPositionValidator = vine.compile(
  vine.object({
    lat: vine.number().min(-90).max(90).optional().requiredIfMissing('postal'),
    lng: vine.number().min(-180).max(180).optional().requiredIfExists('lat'),
    postal: vine.string().trim().minLength(5).maxLength(10).optional(),
  })
)
driverPositionValidator.messagesProvider = new SimpleMessagesProvider({
  'lat.requiredIfMissing': 'Send the position as lat and lng, or a ZIP',
  'lat.required': 'Send the position as lat and lng, or a ZIP',
  'lng.required': 'Longitude is required with latitude',
  'lat.number': 'Latitude must be a number between -90 and 90',
  'lat.min': 'Latitude must be a number between -90 and 90',
  'lat.max': 'Latitude must be a number between -90 and 90',
  'lng.requiredIfExists': 'Longitude is required with latitude',
  'lng.number': 'Longitude must be a number between -180 and 180',
  'lng.min': 'Longitude must be a number between -180 and 180',
  'lng.max': 'Longitude must be a number between -180 and 180',
  'postal.minLength': 'ZIP must have 5 digits',
  'postal.maxLength': 'ZIP not found',
})
