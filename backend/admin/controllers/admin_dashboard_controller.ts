import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import AdminDashboardService from '#admin/services/admin_dashboard_service'

/** Summary cards and recent bookings of /admin, and the deliberate carrier reveal. */
@inject()
export default class AdminDashboardController {
  constructor(private dashboard: AdminDashboardService) {}

  async show() {
    return this.dashboard.summary()
  }

  /** POST /api/admin/bookings/:id/reveal-carrier: logged once per call. */
  async revealCarrier({ auth, params }: HttpContext) {
    return this.dashboard.revealCarrier(auth.getUserOrFail().id, Number(params.id))
  }
}
