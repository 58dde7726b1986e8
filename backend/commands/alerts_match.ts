import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import AlertMatcher from '#alerts/services/alert_matcher'

/**
 * Matches a posted load (or a published capacity listing) against the saved lanes (searches)
 * again, e.g. after a process stopped between the posting's commit and its matching
 * (docs/decisions/0239). A lane already alerted for the load is not alerted again.
 */
export default class AlertsMatch extends BaseCommand {
  static commandName = 'alerts:match'
  static description = 'Match a posted load or capacity listing against saved lanes and searches'

  static options: CommandOptions = { startApp: true }

  @flags.array({
    description: 'A posted load (freight listing id) to match against saved lanes; repeatable',
  })
  declare load?: string[]

  @flags.number({ description: 'The capacity listing to match against saved searches' })
  declare listing?: number

  async run() {
    const loads = (this.load ?? []).map(Number)
    if (loads.some((id) => !Number.isSafeInteger(id) || id < 1)) {
      this.logger.error('A --load is a freight listing id')
      this.exitCode = 1
      return
    }
    if (loads.length === 0 && this.listing === undefined) {
      this.logger.error('Name a --load or a --listing')
      this.exitCode = 1
      return
    }
    const matcher = await this.app.container.make(AlertMatcher)
    for (const id of loads) {
      this.logger.info(`load ${id}: ${await matcher.matchLoad(id)} new alert(s)`)
    }
    if (this.listing !== undefined) {
      const alerted = await matcher.matchListing(this.listing)
      this.logger.info(`listing ${this.listing}: ${alerted} new alert(s)`)
    }
  }
}
