import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import Truck from '#fleet/models/truck'
import Carrier from '#fleet/models/carrier'
import { TRUCK_NOT_FOUND } from '#fleet/services/truck_service'

/** A truck is its carrier company's: only that company's approved user edits or deletes it. */
export default class TruckPolicy extends BasePolicy {
  /** PUT, DELETE /api/trucks/:id */
  async manage(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (!this.isApprovedCarrier(user)) return this.forbidden()
    if (id === null) return this.notFound(TRUCK_NOT_FOUND)
    const owned = await Truck.query()
      .where('id', id)
      .whereIn('carrierId', Carrier.query().where('userId', user.id).select('id'))
      .select('id')
      .first()
    return this.allowedOr404(owned !== null, TRUCK_NOT_FOUND)
  }
}
