import type { ScheduledJob } from '#operations/services/job_runner'

/**
 * The jobs this deployment schedules, defined once at boot by backend/start/jobs.ts (which
 * knows every module's jobs; operations knows none of them).
 */
class JobRegistry {
  #jobs: readonly ScheduledJob[] = []

  define(jobs: ScheduledJob[]) {
    const names = new Set(jobs.map((job) => job.name))
    if (names.size !== jobs.length) throw new Error('Scheduled job names must be unique')
    this.#jobs = Object.freeze([...jobs])
  }

  all(): readonly ScheduledJob[] {
    return this.#jobs
  }

  find(name: string): ScheduledJob | undefined {
    return this.#jobs.find((job) => job.name === name)
  }
}

export const jobRegistry = new JobRegistry()
