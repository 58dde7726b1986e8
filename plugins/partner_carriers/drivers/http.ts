/**
 * What every partner driver shares: the HTTP exchange as plain data, the transport that
 * carries it (an HTTP client for a real partner, the simulated server for the demo), and the
 * rule that a transport that throws or stalls is the partner being unavailable.
 */
import type { PartnerCarrierError, PartnerCarrierErrorCode } from '../types.js'

export type PartnerHttpRequest = {
  method: 'GET' | 'POST'
  /** path and query, e.g. `/v1/shipments/dps_1/events` */
  path: string
  /** lower-case names */
  headers: Record<string, string>
  body: string | null
}

export type PartnerHttpResponse = {
  status: number
  /** lower-case names */
  headers: Record<string, string>
  body: string
}

export type PartnerTransport = (request: PartnerHttpRequest) => Promise<PartnerHttpResponse>

/** Ten seconds: a booking screen waits on this call. */
export const DEFAULT_TIMEOUT_MS = 10_000

const RETRYABLE: PartnerCarrierErrorCode[] = ['unavailable', 'rate_limited']

export function failure(
  code: PartnerCarrierErrorCode,
  message: string,
  retryAfterSeconds: number | null = null
): PartnerCarrierError {
  return { ok: false, code, retryable: RETRYABLE.includes(code), retryAfterSeconds, message }
}

export function isFailure(value: unknown): value is PartnerCarrierError {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false
}

/**
 * Runs one exchange with a deadline. A throw (connection refused, DNS, TLS) or no answer in
 * time becomes `unavailable`; the caller may retry with the same idempotency key.
 */
export async function send(
  transport: PartnerTransport,
  request: PartnerHttpRequest,
  timeoutMs = DEFAULT_TIMEOUT_MS
): Promise<PartnerHttpResponse | PartnerCarrierError> {
  let timer: NodeJS.Timeout | undefined
  const deadline = new Promise<PartnerCarrierError>((resolve) => {
    timer = setTimeout(
      () => resolve(failure('unavailable', `The partner did not answer within ${timeoutMs} ms`)),
      timeoutMs
    )
  })
  try {
    return await Promise.race([transport(request), deadline])
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    return failure('unavailable', `The partner could not be reached: ${reason}`)
  } finally {
    clearTimeout(timer)
  }
}

/** `Retry-After` in seconds (the HTTP-date form is not used by partners we know). */
export function retryAfter(headers: Record<string, string>): number | null {
  const value = Number(headers['retry-after'])
  return Number.isFinite(value) && value >= 0 ? Math.ceil(value) : null
}
