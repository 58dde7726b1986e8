import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import Listing from '#fleet/models/listing'
import Carrier from '#fleet/models/carrier'
import { listingWithCarrier } from '#fleet/services/listing_search_service'
import { LISTING_NOT_FOUND } from '#fleet/services/carrier_listing_service'

/**
 * A capacity listing is its carrier company's: only that company changes its status. Shippers
 * see a listing while it is on offer (active, its carrier approved), as search shows it.
 */
export default class ListingPolicy extends BasePolicy {
  /** PUT /api/listings/:id/status */
  async manage(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    if (id === null) return this.notFound(LISTING_NOT_FOUND)
    const owned = await Listing.query()
      .where('id', id)
      .whereIn('carrierId', Carrier.query().where('userId', user.id).select('id'))
      .select('id')
      .first()
    return this.allowedOr404(owned !== null, LISTING_NOT_FOUND)
  }

  /** GET /api/listings/:id/carrier-profile: any shipper, while the listing is on offer. */
  async viewOffer(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (!this.isShipper(user)) return this.forbidden()
    if (id === null) return this.notFound(LISTING_NOT_FOUND)
    const listing = await listingWithCarrier().where('listings.id', id).first()
    const onOffer = listing?.status === 'active' && Boolean(listing.$extras.carrier_approved)
    return this.allowedOr404(onOffer, LISTING_NOT_FOUND)
  }
}
