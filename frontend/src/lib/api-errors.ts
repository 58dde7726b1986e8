import { isApiError } from '@/lib/api-client'

/** The server's own message for a failed call, without the status prefix; null when none. */
export function serverMessageOf(error: unknown): string | null {
  if (isApiError(error)) {
    const body = error.body
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message) {
      return body.message
    }
    if (typeof body === 'string' && body.trim()) return body.trim()
    return null
  }
  if (error instanceof Error && error.message) return error.message
  return null
}

/**
 * The server's own message for a failed call (`This truck is used by active listings...`),
 * without the status prefix; `fallback` when the server sent none.
 */
export function serverMessage(error: unknown, fallback: string): string {
  return serverMessageOf(error) ?? fallback
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
