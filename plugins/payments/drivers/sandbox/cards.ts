/**
 * The sandbox's card network: Stripe's test cards and the checks Stripe.js makes before a card
 * reaches the network (number, expiry, CVC).
 */
import type { PaymentFailure } from '../../types.js'
import { fail } from './records.js'

export type ConfirmCardInput = {
  paymentId: string
  clientSecret: string
  cardNumber: string
  expMonth: number
  expYear: number
  cvc: string
}

/** Stripe's test cards that do not succeed: Stripe error code, decline code, message. */
export const FAILING_CARDS: Record<
  string,
  { code: string; contractCode: PaymentFailure['code']; message: string }
> = {
  '4000000000000002': {
    code: 'card_declined',
    contractCode: 'card_declined',
    message: 'Your card was declined.',
  },
  '4000000000009995': {
    code: 'insufficient_funds',
    contractCode: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  '4000000000009987': {
    code: 'lost_card',
    contractCode: 'card_declined',
    message: 'Your card was declined.',
  },
  '4000000000000069': {
    code: 'expired_card',
    contractCode: 'invalid_card',
    message: 'Your card has expired.',
  },
  '4000000000000127': {
    code: 'incorrect_cvc',
    contractCode: 'invalid_card',
    message: "Your card's security code is incorrect.",
  },
  '4000000000000119': {
    code: 'processing_error',
    contractCode: 'provider_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
}

export function luhnValid(digits: string) {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      digit *= 2
      if (digit > 9) digit -= 9
    }
    sum += digit
  }
  return sum % 10 === 0
}

/** What Stripe.js rejects before anything reaches the network: no state changes. */
export function checkCard(input: ConfirmCardInput, now = new Date()): PaymentFailure | null {
  const number = cardDigits(input.cardNumber)
  if (!luhnValid(number)) return fail('invalid_card', 'Your card number is incorrect.')
  const month = Number(input.expMonth)
  let year = Number(input.expYear)
  if (year < 100) year += 2000
  if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year)) {
    return fail('invalid_card', "Your card's expiration date is invalid.")
  }
  if (
    year < now.getUTCFullYear() ||
    (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1)
  ) {
    return fail('invalid_card', "Your card's expiration year is in the past.")
  }
  if (!/^\d{3,4}$/.test(String(input.cvc))) {
    return fail('invalid_card', "Your card's security code is incomplete.")
  }
  return null
}

export const cardDigits = (cardNumber: string) => String(cardNumber).replace(/[\s-]/g, '')
