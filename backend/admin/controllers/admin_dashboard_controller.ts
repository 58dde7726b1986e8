import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import AdminDashboardService from '#admin/services/admin_dashboard_service'

/** Summary cards and recent bookings of /admin. */
@inject()
export default class AdminDashboardController {
  constructor(private dashboard: AdminDashboardService) {}

  async show({ auth }: HttpContext) {
    return this.dashboard.summary(auth.getUserOrFail().id)
  }
}
