import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import TrackingSimulationService from '#tms/services/tracking_simulation_service'

/**
 * Stores the milestones of moving partner bookings up to now (their partner's `track`, else
 * the tms_feeds simulator), each once; `--in-transit` also follows the app's own bookings in
 * transit or delayed with the simulator (for demos). `npm start` runs it every 5 minutes.
 */
export default class TmsSimulate extends BaseCommand {
  static commandName = 'tms:simulate'
  static description = 'Store the milestones of moving shipments up to now, each once'

  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Also simulate the app’s own bookings in transit or delayed' })
  declare inTransit: boolean

  async run() {
    const simulation = await this.app.container.make(TrackingSimulationService)
    const report = await simulation.run({ includeInternal: this.inTransit === true })
    this.logger.info(
      `${report.shipments} shipment(s) followed, ${report.stored} new event(s), ${report.duplicates} already stored, ${report.failed.length} failed`
    )
    for (const failure of report.failed) {
      this.logger.warning(`booking ${failure.bookingId}: ${failure.message}`)
    }
  }
}
