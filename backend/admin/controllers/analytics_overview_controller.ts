import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import AnalyticsOverviewService from '#admin/services/analytics_overview_service'
import { analyticsOverviewQueryValidator, DEFAULT_PER_PAGE } from '#admin/validators/analytics'

/** Platform analytics and the identity reveal audit log (/admin#analytics). */
@inject()
export default class AnalyticsOverviewController {
  constructor(private analytics: AnalyticsOverviewService) {}

  async show({ request }: HttpContext) {
    const qs = request.qs()
    // An empty parameter (?page=) means the default.
    const { page, perPage, viewerRole } = await analyticsOverviewQueryValidator.validate({
      page: qs.page === '' ? undefined : qs.page,
      perPage: qs.perPage === '' ? undefined : qs.perPage,
      viewerRole: qs.viewerRole === '' ? undefined : qs.viewerRole,
    })
    return this.analytics.overview(page ?? 1, perPage ?? DEFAULT_PER_PAGE, viewerRole)
  }
}
