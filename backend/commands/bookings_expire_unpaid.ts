import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import PaymentDeadlineService, {
  PAYMENT_DEADLINE_MINUTES,
} from '#payments/services/payment_deadline_service'

/**
 * Cancels pending bookings left unpaid past the payment deadline, releasing their pallets.
 * `npm start` runs the same service every minute; this command is the manual (or cron) way.
 */
export default class BookingsExpireUnpaid extends BaseCommand {
  static commandName = 'bookings:expire-unpaid'
  static description = `Cancel pending bookings not paid within ${PAYMENT_DEADLINE_MINUTES} minutes`

  static options: CommandOptions = { startApp: true }

  async run() {
    const deadline = await this.app.container.make(PaymentDeadlineService)
    const { cancelled, skipped } = await deadline.expireUnpaid()
    this.logger.info(
      `${cancelled.length} unpaid booking(s) cancelled, ${skipped.length} skipped` +
        (cancelled.length > 0 ? ` (cancelled: ${cancelled.join(', ')})` : '')
    )
  }
}
