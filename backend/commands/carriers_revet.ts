import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import RevetService from '#trust/services/revet_service'

/**
 * Vets every approved carrier again against the census: `verified` follows, failing carriers
 * are flagged to admins, an out-of-service order suspends the carrier. Daily; `npm start`
 * runs the same service on its timer.
 */
export default class CarriersRevet extends BaseCommand {
  static commandName = 'carriers:revet'
  static description = 'Re-vet approved carriers against the FMCSA census'

  static options: CommandOptions = { startApp: true }

  async run() {
    const revet = await this.app.container.make(RevetService)
    const { checked, failed, suspended, unavailable } = await revet.run()
    this.logger.info(
      `${checked} carrier(s) vetted, ${failed} failing, ${suspended} suspended, ${unavailable} not answered by the census`
    )
  }
}
