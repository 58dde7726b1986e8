import { isApiError } from '@/lib/api-client'

/** A message the card provider gave when it refused the card (decline, invalid details). */
export function providerMessage(error: unknown): string | null {
  if (!isApiError(error) || (error.status !== 402 && error.status !== 422)) return null
  const body = error.body
  if (body && typeof body === 'object') {
    if (typeof body.message === 'string' && body.message) return body.message
    const first = error.fieldErrors[0]
    if (first?.message) return first.message
  }
  return null
}

function errorMessage(error: unknown): string {
  if (isApiError(error) && error.body && typeof error.body === 'object') {
    const message = error.body.message
    if (typeof message === 'string' && message) return message
  }
  if (error instanceof Error && error.message) return error.message
  return 'An unexpected error occurred.'
}

/** The card fields of the sandbox form a provider's refusal can name. */
export type CardField = 'number' | 'expiry' | 'cvc'

const FIELD_OF: Record<string, CardField> = {
  cardNumber: 'number',
  expMonth: 'expiry',
  expYear: 'expiry',
  cvc: 'cvc',
}

/** A failed payment as the card form shows it, inline and in place (docs/decisions/0189). */
export type PaymentFailure = {
  title: 'Payment Failed' | 'Payment Error'
  message: string
  /** What the payer can do now */
  next: string
}

export const DECLINED_NEXT =
  'Nothing was charged. Try another card, or ask your bank why it refused this one and try again.'
const ERROR_NEXT =
  'Check your connection and try again in a moment. If it keeps failing, contact support.'

/** A refusal by the card provider: the card was declined or lacks funds. */
export function declinedFailure(message: string | null | undefined): PaymentFailure {
  return {
    title: 'Payment Failed',
    message: message || 'Your card was declined.',
    next: DECLINED_NEXT,
  }
}

/**
 * What went wrong with a confirmation, and the card field the provider's 422 named, if any
 * (that message belongs on its field, not in the banner).
 */
export function failureOf(error: unknown): {
  failure: PaymentFailure | null
  field: { name: CardField; message: string } | null
} {
  if (isApiError(error) && error.status === 422) {
    const first = error.fieldErrors[0]
    const name = first ? FIELD_OF[first.field] : undefined
    if (name && first.message) return { failure: null, field: { name, message: first.message } }
  }
  const declined = providerMessage(error)
  if (declined) return { failure: declinedFailure(declined), field: null }
  return {
    failure: { title: 'Payment Error', message: errorMessage(error), next: ERROR_NEXT },
    field: null,
  }
}
