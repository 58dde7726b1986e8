import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import DigestService from '#notifications/services/digest_service'

/**
 * Mails each user the digest of the business day that ended: the unread notifications of the
 * kinds they chose to get by digest (docs/decisions/0242). Safe to rerun: a mailed notification
 * is never mailed again. `npm start` runs it every hour.
 */
export default class NotificationsDigest extends BaseCommand {
  static commandName = 'notifications:digest'
  static description = "Mail each user's notification digest of the business day that ended"

  static options: CommandOptions = { startApp: true }

  async run() {
    const digests = await this.app.container.make(DigestService)
    const { users, notifications } = await digests.run()
    this.logger.info(`${users} digest(s) mailed with ${notifications} notification(s)`)
  }
}
