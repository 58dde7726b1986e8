import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { Clock } from '#core/clock'
import { searchValidator } from '#marketplace/validators/search'
import SearchService from '#marketplace/services/search_service'
import { businessToday } from '#core/business_time'

@inject()
export default class SearchController {
  constructor(
    private clock: Clock,
    private searches: SearchService
  ) {}

  /**
   * POST /api/listings/search: one page of anonymous, priced offers for a shipment, best first
   * (an array, SPEC point 7); the total and the next page are headers (decision 0088).
   */
  async search({ request, response }: HttpContext) {
    const { page, perPage, ...input } = await request.validateUsing(searchValidator, {
      meta: { today: businessToday(this.clock) },
    })
    const answer = await this.searches.search(input, { page, perPage })
    response.header('X-Total-Count', String(answer.total))
    response.header('X-Page', String(answer.page))
    response.header('X-Per-Page', String(answer.perPage))
    if (answer.nextPage !== null) response.header('X-Next-Page', String(answer.nextPage))
    return answer.offers
  }
}
