import type { HttpContext } from '@adonisjs/core/http'
import { inject } from '@adonisjs/core'
import QuoteService from '#tms/services/quote_service'
import QuoteBookingService from '#tms/services/quote_booking_service'
import { bookQuoteValidator, quoteRequestValidator } from '#tms/validators/quote'

/** The TMS rate comparison and the booking of a partner carrier's quote. */
@inject()
export default class TmsQuotesController {
  constructor(
    private quotes: QuoteService,
    private bookings: QuoteBookingService
  ) {}

  async store({ request, auth }: HttpContext) {
    const form = await request.validateUsing(quoteRequestValidator)
    return this.quotes.compare(auth.getUserOrFail().id, form)
  }

  /** TmsQuotePolicy has checked the quote is this shipper's. */
  async book({ request, params, auth, response }: HttpContext) {
    const form = await request.validateUsing(bookQuoteValidator)
    const { created, answer } = await this.bookings.book(
      auth.getUserOrFail().id,
      Number(params.id),
      form
    )
    return created ? response.created(answer) : response.ok(answer)
  }
}
