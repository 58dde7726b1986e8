import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CarrierProfileService from '#fleet/services/carrier_profile_service'
import ExpeditedJobService from '#logistics/services/expedited_job_service'
import { driverPositionValidator, expeditedJobValidator } from '#logistics/validators/expedited_job'
import { assignDriverValidator } from '#accounts/validators/company'
import { drivingAs, withoutMoneyFor } from '#accounts/services/driver_members'
import { signedInPersonId } from '#accounts/services/signed_in_person'

/** Expedited jobs: the shipper's requests, the carriers' offers and the driver's panel. */
@inject()
export default class ExpeditedJobsController {
  constructor(
    private jobs: ExpeditedJobService,
    private carriers: CarrierProfileService
  ) {}

  async store({ request, response, auth }: HttpContext) {
    const input = await request.validateUsing(expeditedJobValidator)
    const created = await this.jobs.request(auth.getUserOrFail().id, input)
    return response.created(created)
  }

  async shipperIndex({ auth }: HttpContext) {
    return this.jobs.forShipper(auth.getUserOrFail().id)
  }

  async paymentIntent({ params }: HttpContext) {
    return this.jobs.paymentIntent(Number(params.id))
  }

  async cancel({ params }: HttpContext) {
    return this.jobs.cancel(Number(params.id))
  }

  async offers({ auth }: HttpContext) {
    return this.jobs.offersFor(await this.carriers.requireCarrierId(auth.getUserOrFail().id))
  }

  async carrierIndex({ auth }: HttpContext) {
    const user = auth.getUserOrFail()
    // A driver member lists only the jobs assigned to them (docs/decisions/0237).
    const jobs = await this.jobs.forCarrier(
      await this.carriers.requireCarrierId(user.id),
      drivingAs(user)
    )
    // ... and is sent no money (docs/decisions/0246).
    return jobs.map((job) => withoutMoneyFor(user, job, ['price', 'carrierPay'] as const))
  }

  /** PUT /api/expedited-jobs/:id/driver (docs/decisions/0237). */
  async assignDriver({ params, request, auth }: HttpContext) {
    const { memberId } = await request.validateUsing(assignDriverValidator)
    return this.jobs.assignDriver(
      Number(params.id),
      auth.getUserOrFail().id,
      memberId,
      signedInPersonId(auth)
    )
  }

  async accept({ params, auth }: HttpContext) {
    const carrierId = await this.carriers.requireCarrierId(auth.getUserOrFail().id)
    return this.jobs.accept(Number(params.id), carrierId)
  }

  async position({ params, request }: HttpContext) {
    const input = await request.validateUsing(driverPositionValidator)
    return this.jobs.reportPosition(Number(params.id), input)
  }

  async pickup({ params }: HttpContext) {
    return this.jobs.pickUp(Number(params.id))
  }

  async deliver({ params }: HttpContext) {
    return this.jobs.deliver(Number(params.id))
  }
}
