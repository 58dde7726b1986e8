import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import ExternalQuote from '#tms/models/external_quote'
import { QUOTE_NOT_FOUND } from '#tms/services/quote_booking_service'

/**
 * Who may book a TMS quote: the shipper who asked for it. Anyone else's quote id is a 404 like
 * a missing one; a carrier or admin is a 403 (they compare rates but do not book).
 */
export default class TmsQuotePolicy extends BasePolicy {
  /** POST /api/tms/quotes/:id/book */
  async book(user: Actor, target: RouteTarget) {
    if (!this.isShipper(user)) return this.forbidden()
    const id = this.idOf(target.params, 'id')
    const quote = id === null ? null : await ExternalQuote.find(id)
    return this.allowedOr404(quote !== null && this.owns(quote.userId, user.id), QUOTE_NOT_FOUND)
  }
}
