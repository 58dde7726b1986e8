import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import BolFetchService from '#tms/services/bol_fetch_service'

/**
 * Fetches the bills of lading of partner bookings whose `bol_fetch_queue` row is due, with
 * backoff between attempts (docs/operations.md, "Partner bills of lading"). `npm start` runs the
 * same service every minute; two runs at once never fetch the same row.
 */
export default class TmsFetchBols extends BaseCommand {
  static commandName = 'tms:fetch-bols'
  static description = 'Fetch due partner bills of lading from the bol_fetch_queue'

  static options: CommandOptions = { startApp: true }

  async run() {
    const service = await this.app.container.make(BolFetchService)
    const results = await service.run()
    const count = (outcome: string) => results.filter((r) => r.outcome === outcome).length
    this.logger.info(
      `${results.length} due: ${count('stored')} stored, ${count('pending')} pending, ${count('failed')} failed, ${count('stopped')} stopped`
    )
  }
}
