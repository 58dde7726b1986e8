/**
 * The push signature, Stripe's scheme shared with the payments plugin:
 * `X-PalletLine-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`.
 */
import { signatureHeader } from '../../payments/main.js'

export const SIGNATURE_HEADER = 'x-palletline-signature'

/** The header value a provider sends with `rawBody`: for partners' docs, demos and tests. */
export function signPush(rawBody: string, secret: string, timestamp: number): string {
  return signatureHeader(rawBody, secret, timestamp)
}
