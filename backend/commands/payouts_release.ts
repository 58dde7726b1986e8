import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'

/**
 * Releases carrier payouts that are due (completed by the shipper, or delivered 48 hours ago)
 * and pays released ones (docs/decisions/0043). Safe to run on a timer and in parallel.
 */
export default class PayoutsRelease extends BaseCommand {
  static commandName = 'payouts:release'
  static description =
    'Release due carrier payouts (completed, or delivered 48 hours ago) and transfer them'
  static options: CommandOptions = { startApp: true }

  @flags.number({ description: 'Retry the failed payout of this booking now' })
  declare retry?: number

  @flags.boolean({
    description: 'Repeat, a batch at a time, until nothing is left to release or pay',
  })
  declare all?: boolean

  @flags.number({ description: 'Retry the failed payout of this delivered expedited job now' })
  declare retryExpedited?: number

  async run() {
    const { default: PayoutService } = await import('#payments/services/payout_service')
    const payouts = await this.app.container.make(PayoutService)
    if (this.retryExpedited !== undefined) {
      const id = this.retryExpedited
      const outcome =
        Number.isSafeInteger(id) && id >= 1 && id <= 2_147_483_647
          ? await payouts.retryExpedited(id)
          : 'skipped'
      if (outcome === 'skipped') {
        this.logger.error(`expedited job ${id} has no failed payout to retry`)
        this.exitCode = 1
      } else {
        this.logger.info(`expedited job ${id}: ${outcome}`)
      }
      return
    }
    if (this.retry !== undefined) {
      const { default: PayoutAttentionService } =
        await import('#payments/services/payout_attention_service')
      const views = await this.app.container.make(PayoutAttentionService)
      if (
        !Number.isSafeInteger(this.retry) ||
        this.retry < 1 ||
        this.retry > 2_147_483_647 ||
        !(await views.payoutOf(this.retry))
      ) {
        this.logger.error(`booking ${this.retry} does not exist`)
        this.exitCode = 1
        return
      }
      const outcome = await payouts.retry(this.retry)
      if (outcome === 'skipped') {
        this.logger.error(`booking ${this.retry} has no failed payout to retry`)
        this.exitCode = 1
      } else {
        this.logger.info(`booking ${this.retry}: ${outcome}`)
      }
      return
    }
    const summary = await payouts.run()
    // --all: drain a backlog (another process may run beside this one; each takes its batches)
    while (this.all) {
      const more = await payouts.run()
      const { expedited } = more
      const moved = more.released.length + more.paid.length + more.failed.length
      if (moved + expedited.paid.length + expedited.failed.length === 0) break
      for (const key of ['released', 'paid', 'held', 'failed'] as const) {
        summary[key].push(...more[key])
      }
      for (const key of ['paid', 'held', 'failed'] as const) {
        summary.expedited[key].push(...expedited[key])
      }
    }
    const { expedited } = summary
    this.logger.info(
      `released ${summary.released.length}, paid ${summary.paid.length}, ` +
        `held ${summary.held.length} (onboarding or payout hold), failed ${summary.failed.length}`
    )
    if (expedited.paid.length + expedited.held.length + expedited.failed.length > 0) {
      this.logger.info(
        `expedited jobs: paid ${expedited.paid.length}, held ${expedited.held.length}, ` +
          `failed ${expedited.failed.length}`
      )
    }
    for (const id of summary.failed)
      this.logger.warning(`booking ${id}: transfer failed, retried later`)
    for (const id of expedited.failed)
      this.logger.warning(`expedited job ${id}: transfer failed, retried later`)
  }
}
