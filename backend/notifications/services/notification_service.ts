import { inject } from '@adonisjs/core'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import type { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { notifyUsers } from '#core/live_notices'
import { mailedLinkOrigin } from '#core/public_origin'
import { rowCount, transaction } from '#core/transactions'
import { sqlTimestamp } from '#core/timestamps'
import { NotFoundException } from '#core/exceptions/http_errors'
import AccountStatsService from '#accounts/services/account_stats_service'
import Notification from '#notifications/models/notification'
import NotificationPreference from '#notifications/models/notification_preference'
import {
  DEFAULT_CHANNEL,
  DEFAULT_PAGE_SIZE,
  KIND_LABELS,
  MAX_BODY,
  MAX_TITLE,
  NOTIFICATION_KINDS,
  NOTIFICATION_NOT_FOUND,
  isAppPath,
  type NotificationChannel,
  type NotificationKind,
} from '#notifications/notification_rules'
import { mailQueue } from '#core/mail_queue'
import { NotificationNowMail } from '#notifications/services/notification_mails'
import WebPushService from '#notifications/services/web_push_service'
import { readUnsubscribeToken, unsubscribeToken } from '#notifications/services/unsubscribe_tokens'

export type NewNotification = {
  kind: NotificationKind
  title: string
  body: string
  /** a path inside the app the notification opens */
  link: string
  /** one notification per user and key: a second with the same key is dropped */
  dedupeKey?: string
  /** its source mailed it already (an alert whose saved lane asks for mail): not mailed again */
  mailedElsewhere?: boolean
}

export type NotificationShape = {
  id: number
  kind: NotificationKind
  title: string
  body: string
  link: string
  createdAt: string
  readAt: string | null
}

export type NotificationPage = {
  data: NotificationShape[]
  meta: { total: number; perPage: number; currentPage: number; lastPage: number }
  unread: number
}

export type PreferenceShape = {
  kind: NotificationKind
  label: string
  channel: NotificationChannel
  push: boolean
}

const iso = (t: DateTime) => t.toUTC().toISO()!
const cut = (text: string, max: number) =>
  text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`

export function shape(n: Notification): NotificationShape {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    createdAt: iso(n.createdAt),
    readAt: n.readAt ? iso(n.readAt) : null,
  }
}

export function unsubscribeUrl(userId: number, kind: NotificationKind) {
  return `${mailedLinkOrigin()}/api/notifications/unsubscribe/${unsubscribeToken(userId, kind)}`
}

export const settingsUrl = () => `${mailedLinkOrigin()}/settings#notifications`

/**
 * The notification centre (issue 36, docs/decisions/0241). `notify` is the one way in: it
 * stores the notification for the company's account user (every member reads the same list),
 * tells the user's screens at once (`{ kind: 'notification' }` on `users/:id`, the bell
 * refetches), and by the kind's preference queues a mail (sent after, never awaited here) or
 * leaves it for the day's digest. Reading is per company too: a notification read by one
 * member is read for all.
 */
@inject()
export default class NotificationService {
  constructor(
    private clock: Clock,
    private accounts: AccountStatsService,
    private webPush: WebPushService
  ) {}

  /** Stores and announces a notification; null when the kind is off or the key was told before. */
  async notify(userId: number, input: NewNotification): Promise<NotificationShape | null> {
    const [created] = await this.notifyMany(
      [{ userId, mailedElsewhere: input.mailedElsewhere ?? false }],
      input
    )
    return created ?? null
  }

  /** The same notification to several users (each once). */
  async notifyAll(userIds: Iterable<number | null | undefined>, input: NewNotification) {
    return this.notifyMany(
      [...userIds].map((userId) => ({ userId, mailedElsewhere: input.mailedElsewhere ?? false })),
      input
    )
  }

  /**
   * The same notification to several users at once (docs/decisions/0267): one read of their
   * preferences for the kind, one multi-row insert, whatever their number. A user whose kind is
   * off gets nothing; with a `dedupeKey` the insert skips (ON CONFLICT DO NOTHING on the unique
   * (user, key)) whom the key was told before, by this process or another at the same moment,
   * and only the rows it inserted are announced, mailed and pushed. `mailedElsewhere` per user:
   * its source mailed that user already. Answers the notifications stored.
   */
  async notifyMany(
    recipients: { userId: number | null | undefined; mailedElsewhere?: boolean }[],
    input: Omit<NewNotification, 'mailedElsewhere'>
  ): Promise<NotificationShape[]> {
    const mailedElsewhere = new Map<number, boolean>()
    for (const r of recipients) {
      const id = r.userId
      if (typeof id !== 'number' || !Number.isInteger(id) || id <= 0) continue
      mailedElsewhere.set(id, (mailedElsewhere.get(id) ?? false) || Boolean(r.mailedElsewhere))
    }
    if (mailedElsewhere.size === 0) return []
    const preferences = await this.preferencesOf([...mailedElsewhere.keys()], input.kind)
    const told = [...preferences].filter(([, p]) => p.channel !== 'off').map(([id]) => id)
    if (told.length === 0) return []

    const client = db.connection()
    const now = this.now()
    const stamp = sqlTimestamp(now, client)
    const title = cut(input.title.trim(), MAX_TITLE)
    const body = cut(input.body.trim(), MAX_BODY)
    const link = isAppPath(input.link) ? input.link : '/notifications'
    const dedupeKey = input.dedupeKey ?? null
    const insert = client
      .knexQuery()
      .table('notifications')
      .insert(
        told.map((userId) => ({
          user_id: userId,
          kind: input.kind,
          title,
          body,
          link,
          dedupe_key: dedupeKey,
          created_at: stamp,
          read_at: null,
          mailed_at: mailedElsewhere.get(userId) ? stamp : null,
        }))
      )
    // One statement: the unique (user, key) decides who was told before, here or elsewhere.
    const rows: any[] = dedupeKey
      ? await insert.onConflict(['user_id', 'dedupe_key']).ignore().returning(['id', 'user_id'])
      : await insert.returning(['id', 'user_id'])

    const created: NotificationShape[] = []
    for (const row of rows) {
      const userId = Number(row.user_id)
      const shaped: NotificationShape = {
        id: Number(row.id),
        kind: input.kind,
        title,
        body,
        link,
        createdAt: iso(now),
        readAt: null,
      }
      created.push(shaped)
      notifyUsers([userId], { kind: 'notification', id: shaped.id, change: 'created' })
      const { channel, push } = preferences.get(userId)!
      if (channel === 'email_immediate' && !mailedElsewhere.get(userId)) {
        mailQueue.push(`notification ${shaped.id}`, () => this.mailNow(userId, shaped))
      }
      if (push) {
        // To each subscribed browser (decision 0253), after the listener like a mail: a push
        // service's answer never holds up the change that caused it.
        mailQueue.push(`push notification ${shaped.id}`, async () => {
          await this.webPush.deliver(userId, shaped)
        })
      }
    }
    return created
  }

  /** A page of the user's notifications, newest first, and how many are unread. */
  async list(
    userId: number,
    options: { page?: number; perPage?: number; unreadOnly?: boolean } = {}
  ): Promise<NotificationPage> {
    const page = options.page ?? 1
    const perPage = options.perPage ?? DEFAULT_PAGE_SIZE
    const query = Notification.query().where('userId', userId)
    if (options.unreadOnly) query.whereNull('readAt')
    // One after the other: inside a transaction (tests, a caller's) they share one connection.
    const rows = await query
      .clone()
      .orderBy('id', 'desc')
      .offset((page - 1) * perPage)
      .limit(perPage)
    const total = await query.clone().count('* as total').first()
    const unread = await this.unreadCount(userId)
    const count = Number(total?.$extras.total ?? 0)
    return {
      data: rows.map(shape),
      meta: {
        total: count,
        perPage,
        currentPage: page,
        lastPage: Math.max(1, Math.ceil(count / perPage)),
      },
      unread,
    }
  }

  async unreadCount(userId: number): Promise<number> {
    const row = await db
      .from('notifications')
      .where('user_id', userId)
      .whereNull('read_at')
      .count('* as n')
      .first()
    return Number(row?.n ?? 0)
  }

  /** Marks one of the user's notifications read (the policy checked it is theirs). */
  async markRead(userId: number, id: number): Promise<NotificationShape & { unread: number }> {
    const found = await Notification.query().where('id', id).where('userId', userId).first()
    if (!found) throw new NotFoundException(NOTIFICATION_NOT_FOUND)
    if (!found.readAt) {
      found.readAt = this.now()
      await found.save()
      notifyUsers([userId], { kind: 'notification', id, change: 'read' })
    }
    return { ...shape(found), unread: await this.unreadCount(userId) }
  }

  /** Marks every unread notification of the user read. */
  async markAllRead(userId: number): Promise<{ marked: number; unread: number }> {
    const marked = await db
      .from('notifications')
      .where('user_id', userId)
      .whereNull('read_at')
      .update({ read_at: sqlTimestamp(this.now(), db.connection()) })
    const count = rowCount(marked)
    if (count > 0) notifyUsers([userId], { kind: 'notification', id: 0, change: 'read_all' })
    return { marked: count, unread: await this.unreadCount(userId) }
  }

  /** Whether the user's notification of `id` exists (the policy's question). */
  async ownerOf(id: number): Promise<number | null> {
    const row = await db.from('notifications').where('id', id).select('user_id').first()
    return row ? Number(row.user_id) : null
  }

  /** Every kind with the user's channel and push choice (the defaults where none was made). */
  async preferences(userId: number): Promise<PreferenceShape[]> {
    const rows = await NotificationPreference.query().where('userId', userId)
    const chosen = new Map(rows.map((r) => [r.kind, r]))
    return NOTIFICATION_KINDS.map((kind) => ({
      kind,
      label: KIND_LABELS[kind],
      channel: chosen.get(kind)?.channel ?? DEFAULT_CHANNEL,
      push: chosen.get(kind)?.push ?? false,
    }))
  }

  /** Sets the channel (and push) of the kinds given; the others keep theirs. */
  async setPreferences(
    userId: number,
    changes: { kind: NotificationKind; channel: NotificationChannel; push?: boolean }[]
  ): Promise<PreferenceShape[]> {
    await transaction(async (trx) => {
      for (const change of changes) await this.setOne(userId, change, trx)
    })
    return this.preferences(userId)
  }

  /** The one-click unsubscribe: the token's kind stops being mailed (kept in the app). */
  async unsubscribe(token: string): Promise<{ kind: NotificationKind; channel: 'in_app' } | null> {
    const read = readUnsubscribeToken(token)
    if (!read) return null
    const exists = await db.from('users').where('id', read.userId).select('id').first()
    if (!exists) return null
    const current = await this.channelOf(read.userId, read.kind)
    // Off stays off: unsubscribing never turns the app's notifications back on.
    if (current === 'email_immediate' || current === 'email_digest') {
      await transaction((trx) =>
        this.setOne(read.userId, { kind: read.kind, channel: 'in_app' }, trx)
      )
    }
    return { kind: read.kind, channel: 'in_app' }
  }

  async channelOf(userId: number, kind: NotificationKind): Promise<NotificationChannel> {
    return (await this.preferenceOf(userId, kind)).channel
  }

  /** The kind's channel and whether it is pushed to the user's browsers (the defaults: no). */
  async preferenceOf(
    userId: number,
    kind: NotificationKind
  ): Promise<{ channel: NotificationChannel; push: boolean }> {
    return (await this.preferencesOf([userId], kind)).get(userId)!
  }

  /** The kind's channel and push choice of each of the users, in one read. */
  private async preferencesOf(
    userIds: number[],
    kind: NotificationKind
  ): Promise<Map<number, { channel: NotificationChannel; push: boolean }>> {
    const rows = await db
      .from('notification_preferences')
      .whereIn('user_id', userIds)
      .where('kind', kind)
      .select('user_id', 'channel', 'push')
    const chosen = new Map(rows.map((row) => [Number(row.user_id), row]))
    return new Map(
      userIds.map((userId) => {
        const row = chosen.get(userId)
        const channel = (row?.channel as NotificationChannel | undefined) ?? DEFAULT_CHANNEL
        return [userId, { channel, push: channel !== 'off' && Boolean(row?.push) }]
      })
    )
  }

  private async setOne(
    userId: number,
    change: { kind: NotificationKind; channel: NotificationChannel; push?: boolean },
    trx: Parameters<Parameters<typeof transaction>[0]>[0]
  ) {
    const row = await NotificationPreference.query({ client: trx })
      .where('userId', userId)
      .where('kind', change.kind)
      .first()
    if (row) {
      row.channel = change.channel
      if (change.push !== undefined) row.push = change.push
      row.updatedAt = this.now()
      await row.useTransaction(trx).save()
      return
    }
    await NotificationPreference.create(
      {
        userId,
        kind: change.kind,
        channel: change.channel,
        push: change.push ?? false,
        updatedAt: this.now(),
      },
      { client: trx }
    )
  }

  /**
   * The clock's moment in the process's zone: Lucid writes a DateTime's wall time as it is, and
   * SQLite keeps no zone, so every stored moment and every range compared with it
   * (`sqlTimestamp`) is local time.
   */
  private now() {
    return this.clock.now().toLocal()
  }

  /** The mail of one `email_immediate` notification (from the queue, after the listener). */
  private async mailNow(userId: number, notification: NotificationShape) {
    const contact = (await this.accounts.contactsByIds([userId])).get(userId)
    if (!contact) return
    await mail.send(
      new NotificationNowMail(
        contact.email,
        {
          kind: notification.kind,
          title: notification.title,
          body: notification.body,
          url: `${mailedLinkOrigin()}${notification.link}`,
        },
        unsubscribeUrl(userId, notification.kind),
        settingsUrl()
      )
    )
    await db
      .from('notifications')
      .where('id', notification.id)
      .update({ mailed_at: sqlTimestamp(this.now(), db.connection()) })
  }
}
