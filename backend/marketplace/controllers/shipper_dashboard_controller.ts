import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import ShipperMetricsService from '#marketplace/services/shipper_metrics_service'

@inject()
export default class ShipperDashboardController {
  constructor(private metrics: ShipperMetricsService) {}

  /** GET /api/shipper/dashboard-metrics: upcoming shipments and estimated savings. */
  async show({ auth }: HttpContext) {
    return this.metrics.forShipper(auth.getUserOrFail().id)
  }
}
