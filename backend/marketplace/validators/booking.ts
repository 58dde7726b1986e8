import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import {
  calendarDay,
  notBeforeToday,
  SHIPMENT_MESSAGES,
  shipmentFields,
  type TodayMeta,
} from '#marketplace/validators/search'
import { parseCalendarDate } from '#core/business_time'
import {
  BOOKING_FREIGHT_MESSAGES,
  bookingFreightInput,
  freightRules,
  WEIGHT_MESSAGE,
} from '#core/freight_rules'

/** Not before the (valid) pickup date of the same object; runs after calendarDay. */
const notBeforePickupDate = vine.createRule((value, _options, field) => {
  if (!field.isValid || typeof value !== 'string') return
  const pickup = field.parent?.pickupDate
  const pickupDay = typeof pickup === 'string' ? parseCalendarDate(pickup) : null
  if (pickupDay && value < pickupDay) {
    field.report('The {{ field }} field is before the pickup date', 'notBeforePickupDate', field)
  }
})

const MISSING_DATES = 'Missing information: Please select both pickup and delivery dates.'

/**
 * POST /api/bookings. Only these fields are read: a client's carrierId, distance, rate,
 * totalAmount or status never reach the service (the server recomputes them).
 */
export const createBookingValidator = vine.withMetaData<TodayMeta>().create({
  listingId: vine.number().withoutDecimals().positive(),
  ...shipmentFields(),
  pickupDate: vine.string().trim().use(calendarDay()).use(notBeforeToday()),
  deliveryDate: vine
    .string()
    .trim()
    .use(calendarDay())
    .use(notBeforeToday())
    .use(notBeforePickupDate()),
  specialInstructions: vine.string().trim().maxLength(2000).optional(),
  /** accessorial codes of the price list, each charged once (docs/decisions/0131) */
  accessorials: vine
    .array(
      vine
        .string()
        .trim()
        .toUpperCase()
        .regex(/^[A-Z][A-Z0-9_]{1,19}$/)
    )
    .maxLength(10)
    .distinct()
    .optional(),
  /** the freight's weight and what it is; the server computes its class (docs/decisions/0257) */
  weightLbs: freightRules.weightLbs(),
  freight: bookingFreightInput(),
})
createBookingValidator.messagesProvider = new SimpleMessagesProvider({
  'listingId.required': 'Choose a carrier listing to book',
  'listingId.number': 'Choose a carrier listing to book',
  'listingId.withoutDecimals': 'Choose a carrier listing to book',
  'listingId.positive': 'Choose a carrier listing to book',
  ...SHIPMENT_MESSAGES,
  'pickupDate.required': MISSING_DATES,
  'pickupDate.string': MISSING_DATES,
  'pickupDate.calendarDay': 'Pickup date must be a date (YYYY-MM-DD)',
  'pickupDate.notBeforeToday': 'Pickup date cannot be earlier than today',
  'deliveryDate.required': MISSING_DATES,
  'deliveryDate.string': MISSING_DATES,
  'deliveryDate.calendarDay': 'Delivery date must be a date (YYYY-MM-DD)',
  'deliveryDate.notBeforeToday': 'Delivery date cannot be earlier than today',
  'deliveryDate.notBeforePickupDate': 'Delivery date cannot be earlier than the pickup date',
  'specialInstructions.string': 'Special instructions must be text',
  'specialInstructions.maxLength': 'Special instructions must be at most 2000 characters',
  'accessorials.array': 'Accessorials must be a list of codes',
  'accessorials.maxLength': 'At most 10 accessorials',
  'accessorials.distinct': 'Each accessorial once',
  'accessorials.*.string': 'Accessorials must be a list of codes',
  'accessorials.*.regex': 'Accessorials must be a list of codes',
  'weightLbs.number': WEIGHT_MESSAGE,
  'weightLbs.withoutDecimals': WEIGHT_MESSAGE,
  'weightLbs.min': WEIGHT_MESSAGE,
  'weightLbs.max': WEIGHT_MESSAGE,
  ...BOOKING_FREIGHT_MESSAGES,
})
