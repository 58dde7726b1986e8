import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import Listing from '#fleet/models/listing'
import Carrier from '#fleet/models/carrier'

/** A capacity listing is its carrier company's: only that company changes its status. */
export default class ListingPolicy extends BasePolicy {
  async manage(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (!this.isApprovedCarrier(user) || id === null) return this.notFound('Listing not found')
    const owned = await Listing.query()
      .where('id', id)
      .whereIn('carrierId', Carrier.query().where('userId', user.id).select('id'))
      .select('id')
      .first()
    return owned ? true : this.notFound('Listing not found')
  }
}
