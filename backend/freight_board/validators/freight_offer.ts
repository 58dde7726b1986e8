import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { MAX_OFFER_HOURS } from '#freight_board/services/offer_rules'

/** Cents of the largest price a load may carry (the post form's $999,999.99). */
const MAX_CENTS = 99_999_999

const messages = new SimpleMessagesProvider({
  'amount_cents.required': 'Amount is required',
  'amount_cents.number': 'Amount must be a whole number of cents',
  'amount_cents.withoutDecimals': 'Amount must be a whole number of cents',
  'amount_cents.min': 'Amount must be at least 1 cent',
  'amount_cents.max': 'Amount is too large',
  'note.string': 'Note must be text',
  'note.maxLength': 'Note must be at most 500 characters',
  'expires_in_hours.required': 'Expiry is required',
  'expires_in_hours.number': `Expiry must be 1 to ${MAX_OFFER_HOURS} hours`,
  'expires_in_hours.withoutDecimals': `Expiry must be 1 to ${MAX_OFFER_HOURS} hours`,
  'expires_in_hours.min': `Expiry must be 1 to ${MAX_OFFER_HOURS} hours`,
  'expires_in_hours.max': `Expiry must be 1 to ${MAX_OFFER_HOURS} hours`,
  'allow_offers.required': 'Say whether the load takes offers',
  'allow_offers.boolean': 'Say whether the load takes offers',
  'floor_cents.number': 'Floor must be a whole number of cents',
  'floor_cents.withoutDecimals': 'Floor must be a whole number of cents',
  'floor_cents.min': 'Floor must be at least 1 cent',
  'floor_cents.max': 'Floor is too large',
})

/** An offer or a counter: integer cents, a note, how long it stands (docs/decisions/0234). */
export const offerValidator = vine.compile(
  vine.object({
    amount_cents: vine.number({ strict: true }).withoutDecimals().min(1).max(MAX_CENTS),
    note: vine.string().trim().maxLength(500).nullable().optional(),
    expires_in_hours: vine.number({ strict: true }).withoutDecimals().min(1).max(MAX_OFFER_HOURS),
  })
)
offerValidator.messagesProvider = messages

/** The shipper's offer terms on a load: offers on or off, and the floor it never shows. */
export const offerTermsValidator = vine.compile(
  vine.object({
    allow_offers: vine.boolean({ strict: true }),
    floor_cents: vine
      .number({ strict: true })
      .withoutDecimals()
      .min(1)
      .max(MAX_CENTS)
      .nullable()
      .optional(),
  })
)
offerTermsValidator.messagesProvider = messages
