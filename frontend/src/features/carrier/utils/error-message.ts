import { isApiError } from '@/lib/api-client'

/**
 * The server's own message for a failed call (`This truck is used by active listings...`),
 * without the status prefix; `fallback` when the server sent none.
 */
export function serverMessage(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    const body = error.body
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) {
      return body.message
    }
    if (typeof body === 'string' && body.trim()) return body.trim()
    return fallback
  }
  if (error instanceof Error && error.message) return error.message
  return fallback
}

/** Field errors of a 422 answer as `{ field: message }` (the first message per field). */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const out: Record<string, string> = {}
  if (!isApiError(error)) return out
  for (const { field, message } of error.fieldErrors) {
    if (field && !(field in out)) out[field] = message
  }
  return out
}
