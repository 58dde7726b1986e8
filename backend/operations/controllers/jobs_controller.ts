import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import JobRunsService from '#operations/services/job_runs_service'
import { jobRunsValidator } from '#operations/validators/jobs'

/** Scheduled jobs and their runs (docs/decisions/0140), admins only. */
@inject()
export default class JobsController {
  constructor(private runs: JobRunsService) {}

  /** GET /api/admin/jobs */
  async index() {
    return this.runs.jobs()
  }

  /** GET /api/admin/jobs/runs */
  async history({ request }: HttpContext) {
    const { page, ...filters } = await request.validateUsing(jobRunsValidator, {
      data: request.qs(),
    })
    return this.runs.runs(filters, page ?? 1)
  }
}
