import { inject } from '@adonisjs/core'
import mail from '@adonisjs/mail/services/main'
import db from '@adonisjs/lucid/services/db'
import logger from '@adonisjs/core/services/logger'
import { DateTime } from 'luxon'
import { Clock } from '#core/clock'
import { BUSINESS_TIME_ZONE, businessDay } from '#core/business_time'
import { mailedLinkOrigin } from '#core/public_origin'
import { sqlTimestamp } from '#core/timestamps'
import AccountStatsService from '#accounts/services/account_stats_service'
import Notification from '#notifications/models/notification'
import type { NotificationKind } from '#notifications/notification_rules'
import { NotificationDigestMail } from '#notifications/services/notification_mails'
import { settingsUrl, unsubscribeUrl } from '#notifications/services/notification_service'

/** How far back a digest reaches for notifications a missed run left unmailed. */
export const DIGEST_LOOKBACK_DAYS = 7

/**
 * The daily digest (docs/decisions/0242). Run by the `notifications:digest` job every hour; it
 * mails each user once per business day, after that day ended in business time
 * (America/New_York, decision 0021): the unread notifications of kinds whose channel is
 * `email_digest`, made before today began and at most a week ago, none already mailed. Each
 * mailed notification gets `mailed_at`, so a second run (or a second instance) mails nothing
 * again. One user's failing mail does not stop the others'.
 */
@inject()
export default class DigestService {
  constructor(
    private clock: Clock,
    private accounts: AccountStatsService
  ) {}

  async run(): Promise<{ users: number; notifications: number }> {
    const today = businessDay(this.clock, 0)
    const yesterday = businessDay(this.clock, -1)
    const dayStart = (day: string) => DateTime.fromISO(day, { zone: BUSINESS_TIME_ZONE })
    const client = db.connection()
    const due: Notification[] = await Notification.query()
      .join('notification_preferences', (join) => {
        join
          .on('notification_preferences.user_id', '=', 'notifications.user_id')
          .andOn('notification_preferences.kind', '=', 'notifications.kind')
      })
      .where('notification_preferences.channel', 'email_digest')
      .whereNull('notifications.read_at')
      .whereNull('notifications.mailed_at')
      .where('notifications.created_at', '<', sqlTimestamp(dayStart(today), client))
      .where(
        'notifications.created_at',
        '>=',
        sqlTimestamp(dayStart(today).minus({ days: DIGEST_LOOKBACK_DAYS }), client)
      )
      .select('notifications.*')
      .orderBy('notifications.id', 'asc')
    const byUser = new Map<number, Notification[]>()
    for (const n of due) byUser.set(n.userId, [...(byUser.get(n.userId) ?? []), n])
    const contacts = await this.accounts.contactsByIds([...byUser.keys()])
    let users = 0
    let notifications = 0
    for (const [userId, list] of byUser) {
      const contact = contacts.get(userId)
      if (!contact) continue
      const kinds = [...new Set(list.map((n) => n.kind))] as NotificationKind[]
      try {
        await mail.send(
          new NotificationDigestMail(
            contact.email,
            yesterday,
            list.map((n) => ({
              kind: n.kind,
              title: n.title,
              body: n.body,
              url: `${mailedLinkOrigin()}${n.link}`,
            })),
            new Map(kinds.map((kind) => [kind, unsubscribeUrl(userId, kind)])),
            settingsUrl()
          )
        )
      } catch (error) {
        logger.error({ err: error, userId }, 'notification digest mail failed')
        continue
      }
      await db
        .from('notifications')
        .whereIn(
          'id',
          list.map((n) => n.id)
        )
        .whereNull('mailed_at')
        .update({ mailed_at: sqlTimestamp(this.clock.now(), client) })
      users += 1
      notifications += list.length
    }
    return { users, notifications }
  }
}
