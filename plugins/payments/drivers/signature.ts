/**
 * Stripe's webhook signature scheme, for the sandbox: `Stripe-Signature: t=<unix>,v1=<hex>`
 * where v1 is the HMAC-SHA256 of "<t>.<payload>" keyed with the webhook secret.
 */
import { createHmac, timingSafeEqual } from 'node:crypto'

export const WEBHOOK_TOLERANCE_SECONDS = 300

export function computeSignature(payload: string, secret: string, timestamp: number) {
  return createHmac('sha256', secret).update(`${timestamp}.${payload}`, 'utf8').digest('hex')
}

export function signatureHeader(
  payload: string,
  secret: string,
  timestamp = Math.floor(Date.now() / 1000)
) {
  return `t=${timestamp},v1=${computeSignature(payload, secret, timestamp)}`
}

export type VerifyResult =
  { ok: true } | { ok: false; reason: 'bad_signature' | 'stale'; message: string }

export function verifySignature(
  payload: string,
  header: string | undefined,
  secret: string,
  options: { tolerance?: number; now?: number } = {}
): VerifyResult {
  if (!header) return { ok: false, reason: 'bad_signature', message: 'No signature header' }
  let timestamp = Number.NaN
  const signatures: string[] = []
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim())
    if (key === 't') timestamp = Number(value)
    if (key === 'v1' && value) signatures.push(value)
  }
  if (!Number.isInteger(timestamp) || signatures.length === 0) {
    return { ok: false, reason: 'bad_signature', message: 'Unreadable signature header' }
  }
  const expected = Buffer.from(computeSignature(payload, secret, timestamp), 'utf8')
  const matches = signatures.some((signature) => {
    const given = Buffer.from(signature, 'utf8')
    return given.length === expected.length && timingSafeEqual(given, expected)
  })
  if (!matches) {
    return { ok: false, reason: 'bad_signature', message: 'No signature matches the payload' }
  }
  return checkTimestamp(timestamp, options)
}

/**
 * A signed timestamp must lie within the tolerance of now on either side: an old one is a
 * replay, one from the future is a signature made to outlive the tolerance.
 */
export function checkTimestamp(
  timestamp: number,
  options: { tolerance?: number; now?: number } = {}
): VerifyResult {
  const now = options.now ?? Math.floor(Date.now() / 1000)
  if (Math.abs(now - timestamp) > (options.tolerance ?? WEBHOOK_TOLERANCE_SECONDS)) {
    return { ok: false, reason: 'stale', message: 'Timestamp outside the tolerance zone' }
  }
  return { ok: true }
}

/** The `t=` timestamp of a `Stripe-Signature` header; NaN when it has none. */
export function signedTimestamp(header: string): number {
  for (const part of header.split(',')) {
    const [key, value] = part.split('=', 2).map((s) => s.trim())
    if (key === 't') return Number(value)
  }
  return Number.NaN
}
