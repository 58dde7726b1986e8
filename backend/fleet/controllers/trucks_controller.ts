import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import TruckService from '#fleet/services/truck_service'
import { truckValidator } from '#fleet/validators/truck'
import { Clock } from '#core/clock'
import { businessYear } from '#core/business_time'

/** The signed-in carrier's fleet (/carrier#trucks). */
@inject()
export default class TrucksController {
  constructor(
    private trucks: TruckService,
    private clock: Clock
  ) {}

  async index({ auth }: HttpContext) {
    return this.trucks.list(auth.getUserOrFail().id)
  }

  async store({ request, response, auth }: HttpContext) {
    const payload = await request.validateUsing(truckValidator(businessYear(this.clock)))
    return response.created(await this.trucks.create(auth.getUserOrFail().id, payload))
  }

  /** The route's TruckPolicy has checked the truck is the carrier's own. */
  async update({ request, params }: HttpContext) {
    const payload = await request.validateUsing(truckValidator(businessYear(this.clock)))
    return this.trucks.update(Number(params.id), payload)
  }

  async destroy({ params, response }: HttpContext) {
    await this.trucks.destroy(Number(params.id))
    return response.noContent()
  }
}
