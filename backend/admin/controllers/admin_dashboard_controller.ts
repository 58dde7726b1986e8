import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import AdminDashboardService from '#admin/services/admin_dashboard_service'
import { revealReasonValidator } from '#admin/validators/reveal'

/** Summary cards and recent bookings of /admin, and the deliberate carrier reveal. */
@inject()
export default class AdminDashboardController {
  constructor(private dashboard: AdminDashboardService) {}

  async show() {
    return this.dashboard.summary()
  }

  /**
   * POST /api/admin/bookings/:id/reveal-carrier: with the admin's reason, logged with it on
   * every call (decision 0186).
   */
  async revealCarrier({ auth, params, request }: HttpContext) {
    const { reason } = await request.validateUsing(revealReasonValidator)
    return this.dashboard.revealCarrier(auth.getUserOrFail().id, Number(params.id), reason)
  }
}
