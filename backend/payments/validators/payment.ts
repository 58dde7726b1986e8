import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import { parseBookingId } from '#core/reference'

const BOOKING = 'Choose a booking to pay for'
const AMOUNT = 'The amount must be a number of dollars'

/** A booking's number or the TRT- reference the screens show (decision 0184). */
const bookingRef = vine.createRule((value, _options, field) => {
  if (parseBookingId(value) === null) field.report(BOOKING, 'bookingId', field)
})

/** POST /api/create-payment-intent. The amount is checked against the server's own total. */
export const createPaymentIntentValidator = vine.compile(
  vine.object({
    bookingId: vine
      .any()
      .use(bookingRef())
      .transform((value) => parseBookingId(value) as number),
    amount: vine.number().min(0),
  })
)
createPaymentIntentValidator.messagesProvider = new SimpleMessagesProvider({
  'bookingId.required': BOOKING,
  'amount.required': AMOUNT,
  'amount.number': AMOUNT,
  'amount.min': AMOUNT,
})

const CARD = 'Enter the card number'
const EXPIRY = "Enter the card's expiry month and year"

/** POST /api/sandbox/payments/confirm: the sandbox card form. */
export const sandboxConfirmValidator = vine.compile(
  vine.object({
    clientSecret: vine.string().trim().minLength(1).maxLength(255),
    cardNumber: vine.string().trim().minLength(1).maxLength(30),
    expMonth: vine.number().withoutDecimals(),
    expYear: vine.number().withoutDecimals(),
    cvc: vine.string().trim().minLength(1).maxLength(4),
  })
)
sandboxConfirmValidator.messagesProvider = new SimpleMessagesProvider({
  'clientSecret.required': 'The payment to confirm is missing',
  'clientSecret.string': 'The payment to confirm is missing',
  'clientSecret.minLength': 'The payment to confirm is missing',
  'cardNumber.required': CARD,
  'cardNumber.string': CARD,
  'cardNumber.minLength': CARD,
  'cardNumber.maxLength': 'Your card number is incorrect.',
  'expMonth.required': EXPIRY,
  'expMonth.number': EXPIRY,
  'expMonth.withoutDecimals': EXPIRY,
  'expYear.required': EXPIRY,
  'expYear.number': EXPIRY,
  'expYear.withoutDecimals': EXPIRY,
  'cvc.required': "Enter the card's security code",
  'cvc.string': "Enter the card's security code",
  'cvc.minLength': "Enter the card's security code",
  'cvc.maxLength': "Your card's security code is incorrect.",
})

/** POST /api/carrier/payout-account/replace: the carrier's password confirms the change. */
export const replacePayoutAccountValidator = vine.compile(
  vine.object({ currentPassword: vine.string().minLength(1) })
)
replacePayoutAccountValidator.messagesProvider = new SimpleMessagesProvider({
  'currentPassword.required': 'Current password is required',
  'currentPassword.string': 'Current password is required',
  'currentPassword.minLength': 'Current password is required',
})
