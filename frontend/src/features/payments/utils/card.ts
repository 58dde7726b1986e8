import { todayInTimeZone } from '@/lib/calendar-dates'

/** The platform's business time zone (docs/decisions/0021): "this month" for a card's expiry. */
const BUSINESS_TIME_ZONE = 'America/New_York'

/** Digits only, at most 19 (the longest card number). */
export function cardDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, 19)
}

/** `4242424242424242` -> `4242 4242 4242 4242`, as the card is typed. */
export function formatCardNumber(value: string): string {
  return cardDigits(value).replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** `1234` -> `12 / 34`; a leading digit above 1 is a month on its own (`4` -> `04`). */
export function formatExpiry(value: string): string {
  let digits = value.replace(/\D/g, '').slice(0, 4)
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`
  if (digits.length <= 2) return digits
  return `${digits.slice(0, 2)} / ${digits.slice(2)}`
}

/** `MM / YY` -> month and four-digit year, or null while incomplete. */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const digits = value.replace(/\D/g, '')
  if (digits.length !== 4) return null
  const month = Number(digits.slice(0, 2))
  const year = 2000 + Number(digits.slice(2))
  if (month < 1 || month > 12) return null
  return { month, year }
}

/** A card number long enough to send (the provider checks the rest). */
export function cardNumberComplete(value: string): boolean {
  const n = cardDigits(value).length
  return n >= 13 && n <= 19
}

export function cvcComplete(value: string): boolean {
  return /^\d{3,4}$/.test(value)
}

/** Brand from the leading digits, shown next to the number. */
export function cardBrand(value: string): string | null {
  const d = cardDigits(value)
  if (/^4/.test(d)) return 'Visa'
  if (/^(5[1-5]|2[2-7])/.test(d)) return 'Mastercard'
  if (/^3[47]/.test(d)) return 'American Express'
  if (/^6(011|5)/.test(d)) return 'Discover'
  return null
}

/** The Luhn checksum every card number carries: a typo in one digit fails it. */
export function luhnValid(value: string): boolean {
  const digits = cardDigits(value)
  if (digits.length === 0) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

/** What is wrong with the card number, or null (docs/decisions/0189). */
export function cardNumberError(value: string): string | null {
  const n = cardDigits(value).length
  if (n === 0) return 'Enter the card number'
  if (n < 13) return 'The card number is too short: enter all the digits on the card'
  if (!luhnValid(value)) return 'This card number is not valid: check it for a typo'
  return null
}

/**
 * What is wrong with the expiry, or null: MM / YY, a month from 01 to 12, not before this
 * month (a card is good until the end of its month). `today` is `YYYY-MM-DD`, the business day.
 */
export function expiryError(
  value: string,
  today: string = todayInTimeZone(BUSINESS_TIME_ZONE)
): string | null {
  const digits = value.replace(/\D/g, '')
  if (digits.length === 0) return 'Enter the expiration date'
  if (digits.length < 4) return 'Enter the expiration date as MM / YY'
  const month = Number(digits.slice(0, 2))
  if (month < 1 || month > 12) return 'The month must be 01 to 12'
  const year = 2000 + Number(digits.slice(2))
  const [thisYear, thisMonth] = today.split('-').map(Number)
  if (year < thisYear || (year === thisYear && month < thisMonth)) {
    return 'This card has expired: use a card that has not'
  }
  return null
}

/** What is wrong with the security code, or null. */
export function cvcError(value: string): string | null {
  if (value.length === 0) return 'Enter the security code'
  if (!cvcComplete(value)) return 'The security code is the 3 or 4 digits on the card'
  return null
}
