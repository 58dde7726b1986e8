/**
 * The sandbox's events: signed like Stripe's and delivered to our own webhook endpoint, so the
 * app takes the same code path as with Stripe.
 */
import logger from '@adonisjs/core/services/logger'
import type { StripeEventJson } from '../stripe_mapper.js'
import { signatureHeader } from '../signature.js'
import { randomId } from './records.js'

export type SandboxDelivery = {
  /** where the default delivery POSTs; null when no webhook URL is configured */
  url: string | null
  payload: string
  headers: { 'content-type': string; 'stripe-signature': string }
  event: StripeEventJson
}

export type SandboxOptions = {
  /** signs and verifies webhooks, like Stripe's `whsec_...` */
  webhookSecret: string
  /** e.g. http://127.0.0.1:3333/api/webhooks/payments */
  webhookUrl?: string | null
  /**
   * The local page that plays Stripe's hosted onboarding: absolute, or a path (default
   * `/sandbox/onboarding`) served on the origin of the link's return URL, so the carrier stays
   * on the origin (and session cookie) it started from.
   */
  onboardingUrl?: string
  /** replaces the HTTP delivery (tests capture events with it) */
  deliver?: (delivery: SandboxDelivery) => Promise<void>
}

/** Emits one event; a failed delivery is logged and does not undo what happened. */
export async function emitEvent(
  options: Pick<SandboxOptions, 'webhookSecret' | 'webhookUrl' | 'deliver'>,
  type: string,
  object: object
) {
  const event: StripeEventJson = {
    id: randomId('evt'),
    object: 'event',
    type,
    created: Math.floor(Date.now() / 1000),
    data: { object: object as Record<string, unknown> },
  }
  const payload = JSON.stringify(event)
  const delivery: SandboxDelivery = {
    url: options.webhookUrl ?? null,
    payload,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signatureHeader(payload, options.webhookSecret),
    },
    event,
  }
  try {
    await (options.deliver ?? deliverOverHttp)(delivery)
  } catch (error) {
    // Like Stripe, a failed delivery does not undo the payment; getPayment() still tells.
    logger.warn({ err: error, event: event.id, type }, 'sandbox webhook delivery failed')
  }
}

/** Default delivery: POST the signed event to the configured webhook URL. */
async function deliverOverHttp(delivery: SandboxDelivery) {
  if (!delivery.url) {
    logger.info({ event: delivery.event.id }, 'sandbox webhook not delivered: no webhookUrl')
    return
  }
  const response = await fetch(delivery.url, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.payload,
    signal: AbortSignal.timeout(10_000),
  })
  if (!response.ok) throw new Error(`webhook endpoint answered ${response.status}`)
}
