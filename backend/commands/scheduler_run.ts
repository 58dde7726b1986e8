import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { jobRegistry } from '#operations/services/job_registry'

/**
 * The scheduler in a process of its own, for deployments that keep it out of the web
 * instances (docs/operations.md, "Scheduled work"). Any number may run, beside web instances
 * that run it too: each tick of a job runs on one of them (docs/decisions/0140). Stops on
 * SIGTERM or SIGINT after the runs in progress finish. `--once` runs each due job once and exits.
 */
export default class SchedulerRun extends BaseCommand {
  static commandName = 'scheduler:run'
  static description = 'Run the scheduled jobs in this process (each tick once across instances)'

  static options: CommandOptions = { startApp: true, staysAlive: true }

  @flags.boolean({ description: 'Run each job whose tick is due once, then exit' })
  declare once: boolean

  @flags.number({
    description:
      'With --once: wait until this instant (epoch ms) first, so several processes start the same tick together (a failover drill)',
  })
  declare startAt?: number

  async run() {
    if (this.once) {
      const { default: JobRunner } = await import('#operations/services/job_runner')
      const runner = await this.app.container.make(JobRunner)
      const wait = (this.startAt ?? 0) - Date.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      for (const job of jobRegistry.all()) {
        const runId = await runner.tick(job)
        this.logger.info(runId ? `${job.name}: ran (run ${runId})` : `${job.name}: not due here`)
      }
      await this.terminate()
      return
    }
    const { startScheduler } = await import('#operations/services/scheduler')
    await startScheduler()
    this.logger.info(`scheduler running ${jobRegistry.all().length} jobs; SIGTERM stops it`)
    // app.terminating (registered by startScheduler) lets runs in progress finish first.
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => void this.terminate())
    }
  }
}
