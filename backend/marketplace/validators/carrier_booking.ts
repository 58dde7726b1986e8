import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { BOOKING_STATUSES, CARRIER_STATUS_CHOICES } from '#marketplace/booking_status'

const CHOICES_MESSAGE = 'Status must be one of booked, confirmed, in transit, delivered, delayed'

/** The carrier's status updater (docs/spec.md §4): the five choices it offers. */
export const carrierStatusValidator = vine.compile(
  vine.object({ status: vine.enum(CARRIER_STATUS_CHOICES) })
)
carrierStatusValidator.messagesProvider = new SimpleMessagesProvider({
  'status.required': CHOICES_MESSAGE,
  'status.enum': CHOICES_MESSAGE,
})

export const carrierBookingsQueryValidator = vine.compile(
  vine.object({ status: vine.enum(BOOKING_STATUSES).optional() })
)
carrierBookingsQueryValidator.messagesProvider = new SimpleMessagesProvider({
  'status.enum':
    'Status must be one of pending, booked, confirmed, in transit, delivered, delayed, cancelled',
})
