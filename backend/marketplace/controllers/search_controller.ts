import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import { Clock } from '#core/clock'
import { searchValidator } from '#marketplace/validators/search'
import SearchService, { DEFAULT_SEARCH_PAGE_SIZE } from '#marketplace/services/search_service'
import { searchCache, type CachedSearch } from '#marketplace/services/search_cache'
import { businessToday } from '#core/business_time'

export default class SearchController {
  /**
   * POST /api/listings/search: one page of anonymous, priced offers for a shipment, best first
   * (an array, docs/spec.md §7); the total and the next page are headers (decision 0088). The
   * same question is answered from the search cache while nothing it reads has changed
   * (decision 0089): offers are anonymous, the same for every shipper. The search service (and
   * the booking, payments and identity services it is built from) is made only when the cache
   * cannot answer: making it on every request was a tenth of a cached search's CPU (decision 0214).
   */
  @inject()
  async search({ request, response, containerResolver }: HttpContext, clock: Clock) {
    const {
      page = 1,
      perPage = DEFAULT_SEARCH_PAGE_SIZE,
      ...input
    } = await request.validateUsing(searchValidator, {
      // The fields it reads, without the request's headers and every cookie decoded.
      data: request.all(),
      meta: { today: businessToday(clock) },
    })
    const key = JSON.stringify([
      input.pickupAddress,
      input.deliveryAddress,
      input.numberOfPallets,
      input.pickupDate,
      page,
      perPage,
    ])
    const stamp = searchCache.stamp()
    const version = searchCache.enabled ? await searchCache.version() : null
    const search = async (): Promise<CachedSearch> => {
      const searches = await containerResolver.make(SearchService)
      const { offers, ...where } = await searches.search(input, { page, perPage })
      return { ...where, json: Buffer.from(JSON.stringify(offers)) }
    }
    const answer =
      version === null
        ? await search()
        : (searchCache.get(key, version) ?? (await searchCache.shared(key, version, stamp, search)))
    response.header('X-Total-Count', String(answer.total))
    response.header('X-Page', String(answer.page))
    response.header('X-Per-Page', String(answer.perPage))
    if (answer.nextPage !== null) response.header('X-Next-Page', String(answer.nextPage))
    return response.header('content-type', 'application/json; charset=utf-8').send(answer.json)
  }
}
