import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import ExpeditedJobService from '#logistics/services/expedited_job_service'
import ExpeditedSlaService from '#logistics/services/expedited_sla_service'

/**
 * Expires expedited jobs unpaid or unaccepted by their deadline and refunds their charge
 * (docs/decisions/0188, retrying refunds the provider failed), then flags expedited jobs at risk of missing their SLA and records missed SLAs, telling the alert
 * rules, even when no driver position arrives. `npm start` runs the same service every minute.
 */
export default class ExpeditedSla extends BaseCommand {
  static commandName = 'expedited:sla'
  static description = 'Flag expedited jobs at risk of their SLA and record missed SLAs'

  static options: CommandOptions = { startApp: true }

  async run() {
    const jobs = await this.app.container.make(ExpeditedJobService)
    const { expired, refunded } = await jobs.expireOverdue()
    const sla = await this.app.container.make(ExpeditedSlaService)
    const { flagged, cleared, missed } = await sla.check()
    this.logger.info(`${expired.length} job(s) expired, ${refunded.length} refund(s) retried`)
    this.logger.info(
      `${flagged.length} job(s) flagged at risk, ${cleared.length} cleared, ${missed.length} SLA(s) missed`
    )
  }
}
