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
