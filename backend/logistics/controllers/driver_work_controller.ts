import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import DriverWorkService from '#logistics/services/driver_work_service'
import { signedInPersonId } from '#accounts/services/signed_in_person'

/** GET /api/driver/work: the signed-in driver's assigned work (docs/decisions/0237). */
@inject()
export default class DriverWorkController {
  constructor(private work: DriverWorkService) {}

  async index({ auth }: HttpContext) {
    return this.work.work(auth.getUserOrFail().id, signedInPersonId(auth))
  }
}
