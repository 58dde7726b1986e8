import { toast } from '@/components/ui/use-toast'
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

/**
 * SPEC point 8: the failure toasts of the card form, whatever is being paid for. Success is
 * the caller's (`onSucceeded`): a booking goes to the success page, a load says it is funded.
 */
export const paymentFailure = {
  declined(message: string) {
    toast({ variant: 'destructive', title: 'Payment Failed', description: message })
  },
  failed(error: unknown) {
    const declined = providerMessage(error)
    if (declined) {
      toast({ variant: 'destructive', title: 'Payment Failed', description: declined })
      return
    }
    toast({ variant: 'destructive', title: 'Payment Error', description: errorMessage(error) })
  },
}
