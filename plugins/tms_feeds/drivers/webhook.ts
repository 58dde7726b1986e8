/**
 * The webhook receiver: partners and ELDs push signed JSON events. Each provider has its own
 * secret and code table. The signature (./signing.ts) is compared in constant time; a timestamp more than `toleranceSeconds` (300) from the app's clock, either
 * way, is refused as stale, so a captured push cannot be replayed later. Within the window a
 * replay yields the same event ids, which the app stores once.
 */
import { verifySignature, WEBHOOK_TOLERANCE_SECONDS } from '../../payments/main.js'
import type { CodeSet, FeedReceiver, ParsedPush, PushInput } from '../types.js'
import { parsePushBody } from './push_payload.js'
import { SIGNATURE_HEADER } from './signing.js'

export type WebhookProvider = { secret: string; codeSet: CodeSet }

export type WebhookOptions = {
  /** by provider name, the one in the push route */
  providers: Record<string, WebhookProvider>
  toleranceSeconds?: number
}

function headerValue(headers: PushInput['headers'], name: string): string | undefined {
  const key = Object.keys(headers).find((k) => k.toLowerCase() === name)
  const value = key === undefined ? undefined : headers[key]
  return Array.isArray(value) ? value[0] : value
}

export class WebhookFeedDriver implements FeedReceiver {
  readonly kind = 'receiver'
  private tolerance: number

  constructor(private options: WebhookOptions) {
    for (const [name, provider] of Object.entries(options.providers)) {
      // A short secret can be guessed; refuse to start rather than accept forged pushes.
      if (!provider.secret || provider.secret.length < 16) {
        throw new Error(`The TMS feed provider "${name}" needs a secret of 16 characters or more`)
      }
    }
    this.tolerance = options.toleranceSeconds ?? WEBHOOK_TOLERANCE_SECONDS
  }

  async parsePush(input: PushInput): Promise<ParsedPush> {
    const provider = Object.hasOwn(this.options.providers, input.provider)
      ? this.options.providers[input.provider]
      : null
    if (!provider) {
      return { ok: false, reason: 'unknown_provider', message: `No provider "${input.provider}"` }
    }
    const verified = verifySignature(
      input.rawBody,
      headerValue(input.headers, SIGNATURE_HEADER),
      provider.secret,
      { tolerance: this.tolerance, now: Math.floor(input.now.getTime() / 1000) }
    )
    if (!verified.ok) return verified
    return parsePushBody(input.provider, provider.codeSet, input.rawBody)
  }
}
