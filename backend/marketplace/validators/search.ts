import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { parseCalendarDate } from '#core/business_time'

/** Validation metadata: today's date in the business time zone (the controller's clock). */
export type TodayMeta = { today: string }

/** A calendar day from `YYYY-MM-DD` or an ISO date-time, normalised to `YYYY-MM-DD`. */
export const calendarDay = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const day = parseCalendarDate(value)
  if (!day) {
    field.report('The {{ field }} field must be a date', 'calendarDay', field)
    return
  }
  field.mutate(day, field)
})

/** Not before `meta.today`; runs after calendarDay. */
export const notBeforeToday = vine.createRule((value, _options, field) => {
  if (!field.isValid || typeof value !== 'string') return
  if (value < field.meta.today)
    field.report('The {{ field }} field is in the past', 'notBeforeToday', field)
})

const PALLETS = 'Number of pallets must be between 1 and 100'

/** The shipment both the search form and the booking dialog describe: where from, where to, how many pallets. */
export const shipmentFields = () => ({
  pickupAddress: vine.string().trim().minLength(1).maxLength(255),
  deliveryAddress: vine.string().trim().minLength(1).maxLength(255),
  numberOfPallets: vine.number().withoutDecimals().range([1, 100]),
})

/** docs/spec.md §5's messages for the shipment fields. */
export const SHIPMENT_MESSAGES = {
  'pickupAddress.required': 'Pickup address is required',
  'pickupAddress.string': 'Pickup address is required',
  'pickupAddress.minLength': 'Pickup address is required',
  'pickupAddress.maxLength': 'Pickup address must be at most 255 characters',
  'deliveryAddress.required': 'Delivery address is required',
  'deliveryAddress.string': 'Delivery address is required',
  'deliveryAddress.minLength': 'Delivery address is required',
  'deliveryAddress.maxLength': 'Delivery address must be at most 255 characters',
  'numberOfPallets.required': PALLETS,
  'numberOfPallets.number': PALLETS,
  'numberOfPallets.withoutDecimals': PALLETS,
  'numberOfPallets.range': PALLETS,
}

/** The highest page number search answers (100,000 offers at the largest page size). */
export const MAX_SEARCH_PAGE = 1000
const PAGE = `Page must be a whole number from 1 to ${MAX_SEARCH_PAGE}`
const PER_PAGE = 'Per page must be a whole number from 1 to 100'

/**
 * POST /api/listings/search (docs/spec.md §5, shipper search form), with the page of offers
 * wanted (decision 0088): `page` from 1, `perPage` up to 100 (the old answer's cap).
 */
export const searchValidator = vine.withMetaData<TodayMeta>().create({
  ...shipmentFields(),
  pickupDate: vine.string().trim().use(calendarDay()).use(notBeforeToday()),
  page: vine.number().withoutDecimals().range([1, MAX_SEARCH_PAGE]).optional(),
  perPage: vine.number().withoutDecimals().range([1, 100]).optional(),
})
searchValidator.messagesProvider = new SimpleMessagesProvider({
  ...SHIPMENT_MESSAGES,
  'pickupDate.required': 'Pickup date is required',
  'pickupDate.string': 'Pickup date must be a date (YYYY-MM-DD)',
  'pickupDate.calendarDay': 'Pickup date must be a date (YYYY-MM-DD)',
  'pickupDate.notBeforeToday': 'Pickup date cannot be in the past',
  'page.number': PAGE,
  'page.withoutDecimals': PAGE,
  'page.range': PAGE,
  'perPage.number': PER_PAGE,
  'perPage.withoutDecimals': PER_PAGE,
  'perPage.range': PER_PAGE,
})
