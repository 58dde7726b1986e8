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

  /** POST /api/listings/search: anonymous, priced offers for a shipment, cheapest first. */
  async search({ request }: HttpContext) {
    const input = await request.validateUsing(searchValidator, {
      meta: { today: businessToday(this.clock) },
    })
    return this.searches.search(input)
  }
}
