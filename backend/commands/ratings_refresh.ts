import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import ReviewPublicationService from '#reviews/services/review_publication_service'

/**
 * Publishes the reviews whose 14-day window closed with one side written, so they count in the
 * carriers' and shippers' ratings; `--all` rewrites every rating and delivery record from the
 * source rows. `npm start` runs the publication every 5 minutes (docs/decisions/0096).
 */
export default class RatingsRefresh extends BaseCommand {
  static commandName = 'ratings:refresh'
  static description = 'Publish reviews whose window closed; --all rebuilds every rating summary'

  static options: CommandOptions = { startApp: true }

  @flags.boolean({ description: 'Rewrite every carrier and shipper summary from the source rows' })
  declare all: boolean

  async run() {
    const publication = await this.app.container.make(ReviewPublicationService)
    if (this.all) {
      const { carriers, pairs } = await publication.rebuildAll()
      this.logger.info(`${carriers} delivery record(s) and ${pairs} rating pair(s) rewritten`)
      return
    }
    const { reviews } = await publication.publishDue()
    this.logger.info(`${reviews} review(s) published`)
  }
}
