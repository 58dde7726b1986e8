import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import DrayageDailyRun from '#logistics/services/drayage_daily_run'

/**
 * Recomputes the running demurrage and per diem totals of every drayage move still under way
 * and tells shippers and carriers the day before a last free day. `npm start` runs it daily.
 */
export default class DrayageCharges extends BaseCommand {
  static commandName = 'drayage:charges'
  static description = 'Recompute drayage demurrage and per diem, and alert before last free days'

  static options: CommandOptions = { startApp: true }

  async run() {
    const daily = await this.app.container.make(DrayageDailyRun)
    const { recomputed, alerts } = await daily.run()
    this.logger.info(`${recomputed} drayage move(s) recomputed, ${alerts} alert(s) sent`)
  }
}
