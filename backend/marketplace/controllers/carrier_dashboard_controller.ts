import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import CarrierDashboardService from '#marketplace/services/carrier_dashboard_service'

/** Figures, lists and series of the carrier dashboard (/carrier). */
@inject()
export default class CarrierDashboardController {
  constructor(private dashboard: CarrierDashboardService) {}

  async show({ auth }: HttpContext) {
    return this.dashboard.forUser(auth.getUserOrFail().id)
  }
}
