import { BasePolicy, type Actor, type RouteTarget } from '#core/policies/base_policy'
import Truck from '#fleet/models/truck'
import Carrier from '#fleet/models/carrier'

/** A truck is its carrier company's: only that company's approved user edits or deletes it. */
export default class TruckPolicy extends BasePolicy {
  async manage(user: Actor, target: RouteTarget) {
    const id = this.idOf(target.params, 'id')
    if (!this.isApprovedCarrier(user) || id === null) return this.notFound('Truck not found')
    const owned = await Truck.query()
      .where('id', id)
      .whereIn('carrierId', Carrier.query().where('userId', user.id).select('id'))
      .select('id')
      .first()
    return owned ? true : this.notFound('Truck not found')
  }
}
