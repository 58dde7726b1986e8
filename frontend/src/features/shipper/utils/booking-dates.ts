import { formatCalendarDate } from '@/lib/format'

export const MISSING_DATES_MESSAGE =
  'Missing information: Please select both pickup and delivery dates.'
export const PICKUP_BEFORE_TODAY_MESSAGE = 'Pickup date cannot be earlier than today'
export const DELIVERY_BEFORE_PICKUP_MESSAGE = 'Delivery date cannot be earlier than the pickup date'

export type BookingDatesCheck = {
  /** Set when either date is missing. */
  missing?: string
  pickupDate?: string
  deliveryDate?: string
}

/**
 * The Create Booking dialog's date rules, the same the server applies: both dates required,
 * pickup not before today nor before the carrier's available date, delivery not before pickup.
 */
export function checkBookingDates(input: {
  pickupDate: string
  deliveryDate: string
  today: string
  availableDate?: string | null
}): BookingDatesCheck {
  const { pickupDate, deliveryDate, today, availableDate } = input
  if (!pickupDate || !deliveryDate) return { missing: MISSING_DATES_MESSAGE }
  const result: BookingDatesCheck = {}
  if (pickupDate < today) {
    result.pickupDate = PICKUP_BEFORE_TODAY_MESSAGE
  } else if (availableDate && pickupDate < availableDate) {
    result.pickupDate = `This carrier is available from ${formatCalendarDate(availableDate)}`
  }
  if (deliveryDate < pickupDate) result.deliveryDate = DELIVERY_BEFORE_PICKUP_MESSAGE
  return result
}

export function hasDateProblems(check: BookingDatesCheck): boolean {
  return Boolean(check.missing || check.pickupDate || check.deliveryDate)
}
