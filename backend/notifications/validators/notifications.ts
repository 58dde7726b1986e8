import vine from '@vinejs/vine'
import {
  MAX_PAGE_SIZE,
  NOTIFICATION_CHANNELS,
  NOTIFICATION_KINDS,
} from '#notifications/notification_rules'

/** GET /api/notifications: the page (from 1), its size (1 to 50) and whether only unread. */
export const listValidator = vine.compile(
  vine.object({
    page: vine.number().withoutDecimals().min(1).max(100_000).optional(),
    perPage: vine.number().withoutDecimals().min(1).max(MAX_PAGE_SIZE).optional(),
    unread: vine.boolean().optional(),
  })
)

/** PUT /api/notification-preferences: the kinds to change, each once, with a channel. */
export const preferencesValidator = vine.compile(
  vine.object({
    preferences: vine
      .array(
        vine.object({
          kind: vine.enum(NOTIFICATION_KINDS),
          channel: vine.enum(NOTIFICATION_CHANNELS),
          push: vine.boolean().optional(),
        })
      )
      .minLength(1)
      .maxLength(NOTIFICATION_KINDS.length)
      .distinct('kind'),
  })
)

/**
 * POST /api/push-subscriptions: a browser's PushSubscription as `toJSON()` gives it (the
 * endpoint and its two keys, base64url); `expirationTime` is accepted and not kept.
 */
export const pushSubscriptionValidator = vine.compile(
  vine.object({
    endpoint: vine.string().trim().minLength(10).maxLength(1000),
    expirationTime: vine.number().nullable().optional(),
    keys: vine.object({
      p256dh: vine
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{80,100}={0,2}$/),
      auth: vine
        .string()
        .trim()
        .regex(/^[A-Za-z0-9_-]{16,30}={0,2}$/),
    }),
  })
)

/** DELETE /api/push-subscriptions?endpoint=: the browser's endpoint. */
export const pushEndpointValidator = vine.compile(
  vine.object({
    endpoint: vine.string().trim().minLength(10).maxLength(1000),
  })
)
