import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import app from '@adonisjs/core/services/app'
import AnalyticsOverviewService from '#admin/services/analytics_overview_service'
import FreightOversightService from '#freight_board/services/freight_oversight_service'
import IdentityRevealService from '#payments/services/identity_reveal_service'
import {
  freightOversightValidator,
  parseBookingKey,
  presentParams,
  revealLogValidator,
  REVEALS_PER_PAGE,
} from '#admin/validators/operator'

/** Operator reads (CLI): the reveal log filtered, every freight load, the kind of deployment. */
@inject()
export default class OperatorReadsController {
  constructor(
    private analytics: AnalyticsOverviewService,
    private freight: FreightOversightService,
    private reveals: IdentityRevealService
  ) {}

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

  /** GET /api/admin/freight-listings: every load with its holder or claimant. */
  async freightListings({ auth, request }: HttpContext) {
    const { page, ...filters } = await request.validateUsing(freightOversightValidator, {
      data: presentParams(request.qs()),
    })
    const result = await this.freight.page(filters, page ?? 1)
    // A claimed load names its carrier beside its booking: logged as the admin's reveal (0139).
    await this.reveals.log(
      { id: auth.getUserOrFail().id, role: 'admin' },
      result.data.flatMap((load) =>
        load.bookingId !== null && load.claimedBy ? [load.bookingId] : []
      )
    )
    return { ...result, data: result.data.map(({ bookingId: _bookingId, ...load }) => load) }
  }

  /** GET /api/admin/deployment: the payments driver's name, never its keys (decision 0136). */
  async deployment() {
    const driver = String(app.config.get('payments.default'))
    return { paymentsDriver: driver, takesRealMoney: driver !== 'sandbox' }
  }
}
