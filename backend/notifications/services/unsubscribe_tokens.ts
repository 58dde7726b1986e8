import { createHmac, timingSafeEqual } from 'node:crypto'
import env from '#start/env'
import { isNotificationKind, type NotificationKind } from '#notifications/notification_rules'

/**
 * The one-click unsubscribe link of a user's mails of one kind (docs/decisions/0242):
 * `<userId>.<kind>.<signature>`, the signature an HMAC-SHA256 (base64url, 43 characters) of
 * the user and the kind under a key derived from APP_KEY for this use only. Unguessable without
 * the key, and a changed user or kind no longer fits its signature. It never expires: an old
 * mail's link keeps working, and all it can do is turn that kind's mail off.
 */
function key() {
  return createHmac('sha256', env.get('APP_KEY')).update('notifications.unsubscribe').digest()
}

function sign(userId: number, kind: NotificationKind) {
  return createHmac('sha256', key()).update(`${userId}.${kind}`).digest('base64url')
}

export function unsubscribeToken(userId: number, kind: NotificationKind): string {
  return `${userId}.${kind}.${sign(userId, kind)}`
}

/** The user and kind a token names, or null when it is not one this app signed. */
export function readUnsubscribeToken(
  token: string
): { userId: number; kind: NotificationKind } | null {
  const match = /^([1-9]\d{0,11})\.([a-z_]{1,24})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match) return null
  const userId = Number(match[1])
  const kind = match[2]
  if (!Number.isSafeInteger(userId) || !isNotificationKind(kind)) return null
  const expected = Buffer.from(sign(userId, kind))
  const given = Buffer.from(match[3])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null
  return { userId, kind }
}
