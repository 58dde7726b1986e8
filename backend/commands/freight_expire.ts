import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import FreightLifecycleService from '#freight_board/services/freight_lifecycle_service'

/**
 * Records expired freight-board holds and loads and pushes them to live boards, and refunds
 * the card charge of loads cancelled or expired while funded. Reads and
 * writes already treat an expired hold as gone; this writes it down. `npm start` runs the same
 * service every minute.
 */
export default class FreightExpire extends BaseCommand {
  static commandName = 'freight:expire'
  static description = 'Record expired freight-board holds and loads'

  static options: CommandOptions = { startApp: true }

  async run() {
    const board = await this.app.container.make(FreightLifecycleService)
    const { holds, loads, refunds } = await board.expire()
    this.logger.info(
      `${holds.length} hold(s) expired, ${loads.length} load(s) expired, ${refunds.length} funded load(s) refunded`
    )
  }
}
