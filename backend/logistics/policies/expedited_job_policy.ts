import { inject } from '@adonisjs/core'
import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import ExpeditedJob from '#logistics/models/expedited_job'
import ExpeditedJobService, { JOB_NOT_FOUND } from '#logistics/services/expedited_job_service'

/**
 * Who may do what with an expedited job: its shipper cancels it; an approved carrier the job
 * is offered to (fitting truck, within the radius) accepts it, and a job not offered to it is a
 * 404 as a missing one; the carrier that accepted it reports positions, picks up and delivers
 * (and records the driver's steps, decision 0263); its shipper and carrier read the signed POD.
 */
@inject()
export default class ExpeditedJobPolicy extends BasePolicy {
  constructor(
    private carriers: CarrierProfileService,
    private jobs: ExpeditedJobService
  ) {
    super()
  }

  /** POST /api/expedited-jobs/:id/payment-intent and /cancel: the job's shipper. */
  async manageAsShipper(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const job = await this.job(target)
    return this.allowedOr404(job !== null && this.owns(job.shipperId, user.id), JOB_NOT_FOUND)
  }

  /** POST /api/expedited-jobs/:id/accept: an approved carrier the job is offered to. */
  async accept(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const id = this.idOf(target.params, 'id')
    const carrierId = await this.carriers.findCarrierId(user.id)
    return this.allowedOr404(
      id !== null && carrierId !== null && (await this.jobs.isOfferedTo(id, carrierId)),
      JOB_NOT_FOUND
    )
  }

  /**
   * POST /api/expedited-jobs/:id/position, /pickup and /deliver, and the driver's steps
   * (`/stop-events`, `/stop-photos`, decision 0263): the carrier on the job. A job
   * no carrier has taken (requested, or cancelled before an accept) is nobody's to drive; a
   * driver member drives only a job assigned to them (docs/decisions/0237).
   */
  async drive(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const job = await this.job(target)
    const carrierId = job?.carrierId ? await this.carriers.findCarrierId(user.id) : null
    return this.allowedOr404(
      job !== null &&
        this.owns(job.carrierId, carrierId) &&
        (await this.reachesAsDriver(user, () => job.driverUserId)),
      JOB_NOT_FOUND
    )
  }

  /**
   * GET /api/expedited-jobs/:id/pod: the job's shipper, or the carrier on it (a driver member
   * the job is assigned to); anyone else's is a 404 as a missing job (docs/decisions/0263).
   */
  async readPod(user: Actor, target: RouteTarget) {
    if (this.isShipper(user)) {
      const job = await this.job(target)
      return this.allowedOr404(job !== null && this.owns(job.shipperId, user.id), JOB_NOT_FOUND)
    }
    return this.drive(user, target)
  }

  /** PUT /api/expedited-jobs/:id/driver: the carrier on the job (its owners and dispatchers). */
  async assignDriver(user: Actor, target: RouteTarget) {
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    const job = await this.job(target)
    const carrierId = job?.carrierId ? await this.carriers.findCarrierId(user.id) : null
    return this.allowedOr404(job !== null && this.owns(job.carrierId, carrierId), JOB_NOT_FOUND)
  }

  private async job(target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (id === null) return null
    return ExpeditedJob.query()
      .where('id', id)
      .select('id', 'shipperId', 'carrierId', 'driverUserId')
      .first()
  }
}
