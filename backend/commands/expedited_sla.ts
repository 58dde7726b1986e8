import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import ExpeditedSlaService from '#logistics/services/expedited_sla_service'

/**
 * Flags expedited jobs at risk of missing their SLA and records missed SLAs, telling the alert
 * rules, even when no driver position arrives. `npm start` runs the same service every minute.
 */
export default class ExpeditedSla extends BaseCommand {
  static commandName = 'expedited:sla'
  static description = 'Flag expedited jobs at risk of their SLA and record missed SLAs'

  static options: CommandOptions = { startApp: true }

  async run() {
    const sla = await this.app.container.make(ExpeditedSlaService)
    const { flagged, cleared, missed } = await sla.check()
    this.logger.info(
      `${flagged.length} job(s) flagged at risk, ${cleared.length} cleared, ${missed.length} SLA(s) missed`
    )
  }
}
