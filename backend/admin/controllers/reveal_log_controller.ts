import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import AnalyticsOverviewService from '#admin/services/analytics_overview_service'
import {
  parseBookingKey,
  presentParams,
  revealLogValidator,
  REVEALS_PER_PAGE,
} from '#admin/validators/operator'

/** Operator reads (CLI): the identity reveal log filtered, and what kind of deployment this is. */
@inject()
export default class RevealLogController {
  constructor(private analytics: AnalyticsOverviewService) {}

  /** GET /api/admin/reveals */
  async index({ request }: HttpContext) {
    const { page, perPage, booking, ...filters } = await request.validateUsing(revealLogValidator, {
      data: presentParams(request.qs()),
    })
    return this.analytics.identityReveals(page ?? 1, perPage ?? REVEALS_PER_PAGE, {
      ...filters,
      bookingId: booking === undefined ? undefined : parseBookingKey(booking)!,
    })
  }

  /** GET /api/admin/deployment: the payments driver's name, never its keys (decision 0136). */
  async deployment() {
    const driver = String(app.config.get('payments.default'))
    return { paymentsDriver: driver, takesRealMoney: driver !== 'sandbox' }
  }
}
