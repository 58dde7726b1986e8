import { inject } from '@adonisjs/core'
import encryption from '@adonisjs/core/services/encryption'
import logger from '@adonisjs/core/services/logger'
import db from '@adonisjs/lucid/services/db'
import { isIP } from 'node:net'
import webpush from 'web-push'
import env from '#start/env'
import { Clock } from '#core/clock'
import { sqlTimestamp } from '#core/timestamps'
import { isUniqueViolation, validationError } from '#core/validation'
import type { NotificationKind } from '#notifications/notification_rules'

/** What a push carries: the notification's own words and its link inside the app. */
export type PushedNotification = {
  id: number
  kind: NotificationKind
  title: string
  body: string
  link: string
}

/** How long a push service keeps a message for a browser that is offline (seconds). */
export const PUSH_TTL_SECONDS = 24 * 60 * 60
/** How long one delivery to a push service may take before it is given up (logged). */
export const PUSH_TIMEOUT_MS = 10_000
/** Who the push services may contact about this server's pushes (RFC 8292 `sub`). */
export const DEFAULT_VAPID_SUBJECT = 'mailto:no-reply@palletline.test'

/**
 * Where subscriptions may point. A push endpoint is a URL the browser's push service chose
 * (fcm.googleapis.com, updates.push.services.mozilla.com, web.push.apple.com, ...) and the
 * server POSTs to it, so it must be https on a named host, never an address literal or
 * localhost (the server would otherwise POST wherever a user says, inside its own network).
 * Tests open loopback http for their fake push service and nothing else.
 */
export const pushEndpointRule = { allowLoopbackHttp: false }

export type VapidKeys = { publicKey: string; privateKey: string; subject: string }
export type PushSubscriptionInput = { endpoint: string; keys: { p256dh: string; auth: string } }

const LOOPBACK = new Set(['127.0.0.1', '::1', '[::1]', 'localhost'])

/** Why an endpoint is refused, or null when the server may POST to it. */
export function endpointProblem(endpoint: string): string | null {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return 'The endpoint must be a URL'
  }
  const host = url.hostname.toLowerCase()
  if (pushEndpointRule.allowLoopbackHttp && url.protocol === 'http:' && LOOPBACK.has(host))
    return null
  if (url.protocol !== 'https:') return 'The endpoint must be an https URL of a push service'
  if (url.username || url.password) return 'The endpoint must not carry a user name or password'
  const bare = host.replace(/^\[|\]$/g, '')
  if (isIP(bare) !== 0 || LOOPBACK.has(host) || !host.includes('.') || host.endsWith('.local'))
    return 'The endpoint must be on a push service’s host name'
  return null
}

/**
 * Web push (issue 36, docs/decisions/0253): the VAPID keys, the browsers' subscriptions and the
 * delivery of a notification to each browser of its user. The payload's encryption (RFC 8291)
 * and the VAPID signature (RFC 8292) are the `web-push` library's `generateRequestDetails`; the
 * request itself goes through fetch, without following redirects, so a push service's answer
 * is read here: 201 delivered, 404 or 410 the subscription is gone (its row is deleted), any
 * other failure logged and kept.
 */
@inject()
export default class WebPushService {
  constructor(private clock: Clock) {}

  /** The VAPID keys: the environment's, or the stored pair, made and stored on first need. */
  async keys(): Promise<VapidKeys> {
    const subject = env.get('VAPID_SUBJECT') || DEFAULT_VAPID_SUBJECT
    const publicKey = env.get('VAPID_PUBLIC_KEY')
    const privateKey = env.get('VAPID_PRIVATE_KEY')
    if (publicKey && privateKey) return { publicKey, privateKey, subject }
    const stored = await this.storedKeys()
    if (stored) return { ...stored, subject }
    const made = webpush.generateVAPIDKeys()
    try {
      // Inserted once: two processes starting together keep the first pair, the other reads it.
      await db.table('web_push_keys').insert({
        id: 1,
        public_key: made.publicKey,
        private_key_encrypted: encryption.encrypt(made.privateKey),
        created_at: sqlTimestamp(this.clock.now(), db.connection()),
      })
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
    }
    const kept = await this.storedKeys()
    if (!kept) throw new Error('The web push keys could not be stored')
    return { ...kept, subject }
  }

  private async storedKeys() {
    const row = await db.from('web_push_keys').where('id', 1).first()
    if (!row) return null
    const privateKey = encryption.decrypt<string>(row.private_key_encrypted)
    if (!privateKey) throw new Error('The stored web push key does not decrypt with APP_KEY')
    return { publicKey: String(row.public_key), privateKey }
  }

  /** Stores (or moves to this user) a browser's subscription. */
  async subscribe(userId: number, input: PushSubscriptionInput) {
    const problem = endpointProblem(input.endpoint)
    if (problem) throw validationError([{ field: 'endpoint', message: problem, rule: 'endpoint' }])
    const now = sqlTimestamp(this.clock.now(), db.connection())
    const row = {
      user_id: userId,
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      created_at: now,
    }
    await db
      .table('push_subscriptions')
      .insert(row)
      .onConflict('endpoint')
      .merge(['user_id', 'p256dh', 'auth', 'created_at'])
    const saved = await db.from('push_subscriptions').where('endpoint', input.endpoint).first()
    return { id: Number(saved.id), endpoint: String(saved.endpoint) }
  }

  /** Forgets the user's subscription of this endpoint (another user's stays). */
  async unsubscribe(userId: number, endpoint: string): Promise<boolean> {
    const deleted = await db
      .from('push_subscriptions')
      .where('user_id', userId)
      .where('endpoint', endpoint)
      .delete()
    return Number(deleted) > 0
  }

  /** How many browsers the user has subscribed. */
  async count(userId: number): Promise<number> {
    const row = await db.from('push_subscriptions').where('user_id', userId).count('* as n').first()
    return Number(row?.n ?? 0)
  }

  /** Pushes a notification to every browser of its user; answers how many took it. */
  async deliver(userId: number, notification: PushedNotification): Promise<number> {
    const subscriptions = await db
      .from('push_subscriptions')
      .where('user_id', userId)
      .select('id', 'endpoint', 'p256dh', 'auth')
    if (subscriptions.length === 0) return 0
    const keys = await this.keys()
    // The notification's own words only: it names a carrier no more than the bell does (0241).
    const payload = JSON.stringify({
      id: notification.id,
      kind: notification.kind,
      title: notification.title,
      body: notification.body,
      link: notification.link,
    })
    let delivered = 0
    for (const sub of subscriptions) {
      if (endpointProblem(sub.endpoint)) continue
      const ok = await this.send(sub, payload, keys)
      if (ok) delivered += 1
    }
    return delivered
  }

  private async send(
    sub: { id: number; endpoint: string; p256dh: string; auth: string },
    payload: string,
    keys: VapidKeys
  ): Promise<boolean> {
    const request = webpush.generateRequestDetails(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      payload,
      {
        vapidDetails: keys,
        TTL: PUSH_TTL_SECONDS,
        contentEncoding: 'aes128gcm',
      }
    )
    let status: number
    try {
      const response = await fetch(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body as Buffer) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
      })
      status = response.status
      await response.body?.cancel()
    } catch (error) {
      logger.warn({ err: error, subscription: sub.id }, 'web push not delivered')
      return false
    }
    if (status === 404 || status === 410) {
      // The browser unsubscribed or the subscription expired: it will never take one again.
      await db.from('push_subscriptions').where('id', sub.id).delete()
      return false
    }
    if (status < 200 || status >= 300) {
      logger.warn({ status, subscription: sub.id }, 'web push refused by the push service')
      return false
    }
    await db
      .from('push_subscriptions')
      .where('id', sub.id)
      .update({ last_sent_at: sqlTimestamp(this.clock.now(), db.connection()) })
    return true
  }
}
